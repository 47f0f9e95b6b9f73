import Testing
@testable import Scan
import TestSupport

private func scanNib(_ xml: String, swift: [String: String] = [:]) throws -> [Finding] {
    var files: [(path: String, bytes: [UInt8])] = [("View.xib", Array(xml.utf8))]
    for (path, text) in swift.sorted(by: { $0.key < $1.key }) { files.append((path, Array(text.utf8))) }
    return try SourceScanner.scan(files: files).findings
}

private func nib(_ body: String, connections: String = "", ownerClass: String = "ProfileView") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
        <objects>
            <view contentMode="scaleToFill" id="root" customClass="\(ownerClass)">
                <subviews>
    \(body)
                </subviews>
                <connections>
    \(connections)
                </connections>
            </view>
        </objects>
    </document>
    """
}

@Suite("Interface Builder")
struct InterfaceBuilderTests {
    @Test("the markup reader keeps elements, parents, attributes and their positions")
    func markupReader() {
        let document = MarkupDocument("""
        <?xml version="1.0"?>
        <!-- a comment -->
        <a x="1" y='two &amp; &#x41;&#66;&quot;'><b/><c flag>text</c></a>
        """)
        #expect(document.elements.map(\.name) == ["a", "b", "c"])
        #expect(document.elements[1].parent == 0 && document.elements[2].parent == 0)
        #expect(document.elements[0].value("y") == "two & AB\"")
        #expect(document.elements[2].value("flag") == "")
        #expect(document.comments.map(\.text) == [" a comment "])
        #expect(document.line(of: document.elements[0].offset) == 3)
        let x = document.elements[0].attribute("x")!
        #expect(document.column(of: x.offset) == 4)
    }

    @Test("malformed markup never stops the reader")
    func malformedMarkup() {
        let inputs = [
            "<a x=\"open", "<a><b></a></b>", "< <<>>", "<!-- never closed", "<![CDATA[ <x> ", "<?xml", "<a x=1 y>",
            "</closing-only>", "<a/><a/><a>", "&bogus; <a t=\"&#xZZ; &;\">", String(repeating: "<a>", count: 5000),
        ]
        for input in inputs {
            let document = MarkupDocument(input)
            #expect(document.elements.count >= 0)
        }
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("<>/=\"' !-[]?&#;abc\n".utf8)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 120) { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            _ = MarkupDocument(bytes: bytes)
            _ = try? SourceScanner.scan(files: [("X.storyboard", bytes)])
        }
    }

    @Test("fixed fonts in IB: system and custom; text styles are fine")
    func fixedFonts() throws {
        let findings = try scanNib(nib("""
            <label numberOfLines="0" text="Title" id="l1"><fontDescription key="fontDescription" type="system" weight="bold" pointSize="22"/></label>
            <label numberOfLines="0" text="Brand" id="l2"><fontDescription key="fontDescription" name="Avenir-Book" family="Avenir" pointSize="15"/></label>
            <label numberOfLines="0" text="Body" id="l3" adjustsFontForContentSizeCategory="YES"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <button id="b1"><fontDescription key="fontDescription" type="boldSystem" pointSize="17"/></button>
        """))
        #expect(lines(findings) == ["6:fixed-font-size", "7:fixed-font-size", "9:fixed-font-size"])
        #expect(findings.map(\.item) == ["text-scales", "custom-fonts", "text-scales"])
        #expect(findings[0].message.contains("System 22 pt"))
        #expect(findings[1].message.contains("Avenir 15 pt"))
    }

    @Test("a text style without Automatically Adjusts Font, on labels, fields and text views")
    func liveUpdate() throws {
        let findings = try scanNib(nib("""
            <label numberOfLines="0" text="A" id="l1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <textField id="f1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></textField>
            <textView id="t1" adjustsFontForContentSizeCategory="YES"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></textView>
            <button id="b1"><fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/></button>
        """))
        // The text field adjusts to fit by default; a button's title never adjusts live by itself.
        #expect(lines(findings) == ["6:no-live-update", "7:no-live-update", "7:shrinks-text", "9:no-live-update"])
        #expect(findings[3].message.contains("titleLabel?.adjustsFontForContentSizeCategory = true"))
    }

    @Test("autoshrink, one-line labels and fixed-height constraints")
    func layout() throws {
        let findings = try scanNib(nib("""
            <label text="A" id="l1" numberOfLines="1" adjustsFontSizeToFit="YES" minimumFontSize="9">
                <constraints>
                    <constraint firstAttribute="height" constant="21" id="c1"/>
                    <constraint firstAttribute="height" relation="greaterThanOrEqual" constant="21" id="c2"/>
                    <constraint firstAttribute="height" constant="21" priority="250" id="c3"/>
                    <constraint firstAttribute="width" constant="100" id="c4"/>
                </constraints>
            </label>
            <label text="B" id="l2" numberOfLines="0" adjustsFontSizeToFit="NO"/>
            <imageView id="i1"><constraints><constraint firstAttribute="height" constant="24" id="c5"/></constraints></imageView>
            <textField id="f1"><constraints><constraint firstAttribute="height" relation="lessThanOrEqual" constant="30" id="c6"/></constraints></textField>
        """))
        // The text field shrinks too: "Adjust to Fit" is on unless the file turns it off.
        #expect(lines(findings) == ["6:single-line", "6:shrinks-text", "8:fixed-height-text", "16:shrinks-text", "16:fixed-height-text"])
        #expect(findings[1].message.contains("down to 9 pt"))
        #expect(findings[4].confidence == .medium && findings[4].message.contains("caps"))
    }

    @Test("the older autoshrink form and text fields that adjust to fit by default")
    func olderAutoshrink() throws {
        let findings = try scanNib(nib("""
            <label text="Old" id="l1" numberOfLines="0" minimumFontSize="10"/>
            <label text="Off" id="l2" numberOfLines="0" adjustsFontSizeToFit="NO" minimumFontSize="10"/>
            <textField id="f1" minimumFontSize="17"/>
            <textField id="f2" adjustsFontSizeToFit="NO" minimumFontSize="17"/>
        """))
        #expect(lines(findings) == ["6:shrinks-text", "8:shrinks-text"])
        #expect(findings[0].message.contains("down to 10 pt"))
        #expect(findings[1].message.contains("as text fields do unless told not to"))
    }

    @Test("a button's text style title without live updates, unless its owner's code turns them on")
    func buttonLiveUpdate() throws {
        let xml = nib("""
            <button id="b1" title="Go"><fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/></button>
            <button id="b2" title="Stop"><fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/></button>
        """, connections: """
            <outlet property="goButton" destination="b1" id="o1"/>
        """)
        let code = """
        final class ProfileView: UIView {
            @IBOutlet var goButton: UIButton!
            override func awakeFromNib() { goButton.titleLabel?.adjustsFontForContentSizeCategory = true }
        }
        """
        #expect(lines(try scanNib(xml, swift: ["ProfileView.swift": code]).filter { $0.file == "View.xib" }) == ["7:no-live-update"])
    }

    @Test("fixed heights: an image-only button holds no text; a stack or view holding a label does")
    func holdersOfText() throws {
        let findings = try scanNib(nib("""
            <button id="b1" image="chevron"><constraints><constraint firstAttribute="height" constant="44" id="c1"/></constraints>
                <state key="normal" image="chevron.left"/></button>
            <button id="b2"><constraints><constraint firstAttribute="height" constant="44" id="c2"/></constraints>
                <state key="normal" title="Done"/></button>
            <stackView id="s1"><subviews><label text="Name" id="l1" numberOfLines="0"/></subviews>
                <constraints><constraint firstAttribute="height" constant="48" id="c3"/></constraints></stackView>
            <stackView id="s2"><subviews><imageView id="i1"/></subviews>
                <constraints><constraint firstAttribute="height" constant="48" id="c4"/></constraints></stackView>
            <view id="v1"><subviews><textField id="f1" adjustsFontSizeToFit="NO"/></subviews>
                <constraints><constraint firstAttribute="height" constant="36" id="c5"/></constraints></view>
        """))
        #expect(lines(findings) == ["8:fixed-height-text", "11:fixed-height-text", "15:fixed-height-text"])
        #expect(findings[1].message.contains("stack view that holds the label 'Name'"))
        #expect(findings[2].message.contains("view that holds the text field"))
    }

    @Test("code that owns an outlet and restyles it settles the finding")
    func outletsAndCode() throws {
        let xml = nib("""
            <label numberOfLines="0" text="A" id="l1"><fontDescription key="fontDescription" type="system" pointSize="15"/></label>
            <label numberOfLines="0" text="B" id="l2"><fontDescription key="fontDescription" type="system" pointSize="15"/></label>
            <label numberOfLines="0" text="C" id="l3"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <label numberOfLines="0" text="D" id="l4"><fontDescription key="fontDescription" type="system" pointSize="15"/></label>
        """, connections: """
            <outlet property="restyled" destination="l1" id="o1"/>
            <outlet property="untouched" destination="l2" id="o2"/>
            <outlet property="live" destination="l3" id="o3"/>
        """)
        let withCode = try scanNib(xml, swift: ["ProfileView.swift": """
            final class ProfileView: UIView {
                @IBOutlet var restyled: UILabel!
                @IBOutlet var untouched: UILabel!
                @IBOutlet var live: UILabel!
                override func awakeFromNib() {
                    super.awakeFromNib()
                    restyled.font = .preferredFont(forTextStyle: .body)
                    restyled.adjustsFontForContentSizeCategory = true
                    live.adjustsFontForContentSizeCategory = true
                }
            }
            """])
        #expect(withCode.map { "\($0.line):\($0.confidence.rawValue)" } == ["7:high", "9:high"])
        // Without the owner's code the scan cannot know: the outlets make it less sure.
        let alone = try scanNib(xml)
        #expect(alone.map { "\($0.line):\($0.rule.rawValue):\($0.confidence.rawValue)" }
                    == ["6:fixed-font-size:medium", "7:fixed-font-size:medium", "8:no-live-update:medium", "9:fixed-font-size:high"])
    }

    @Test("attributed text fonts are fixed, reported once per view")
    func attributedText() throws {
        let findings = try scanNib(nib("""
            <label numberOfLines="0" id="l1" usesAttributedText="YES">
                <attributedString key="attributedText">
                    <fragment content="A"><attributes><font key="NSFont" size="14" name="Avenir-Book"/></attributes></fragment>
                    <fragment content="B"><attributes><font key="NSFont" size="14" name="Avenir-Heavy"/></attributes></fragment>
                </attributedString>
            </label>
        """))
        #expect(lines(findings) == ["8:fixed-font-size"])
        #expect(findings.first?.item == "custom-fonts")
    }

    @Test("a custom label class that turns on live updates itself is trusted")
    func customClass() throws {
        let findings = try scanNib(nib("""
            <label numberOfLines="0" id="l1" customClass="DynamicLabel"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
        """), swift: ["DynamicLabel.swift": """
            final class DynamicLabel: UILabel {
                override func awakeFromNib() { super.awakeFromNib(); adjustsFontForContentSizeCategory = true }
            }
            """])
        #expect(findings.isEmpty)
    }

    @Test("XML comments suppress like Swift comments")
    func suppression() throws {
        let findings = try scanNib(nib("""
            <label numberOfLines="0" id="l1">
                <!-- dtaudit:ignore fixed-font-size — legal text keeps its size -->
                <fontDescription key="fontDescription" type="system" pointSize="11"/>
            </label>
        """))
        #expect(findings.count == 1)
        #expect(findings.first?.suppression?.reason == "legal text keeps its size")
    }
}
