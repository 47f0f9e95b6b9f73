import Testing
@testable import Scan

/// An Interface Builder font replaced in code through a method the app declares: an extension of
/// UILabel, UIButton or UITextView called on the outlet, or a helper of the class given the outlet.
/// The nib's font or live-update setting is judged by what the method assigns.
@Suite("style helpers")
struct StyleHelperTests {
    private static let nib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
        <objects>
            <tableViewCell id="root" customClass="ItemCell">
                <subviews>
                    <label numberOfLines="0" text="Title" id="l1"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                    <label numberOfLines="0" text="Body" id="l2"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
                    <button id="b1" title="Buy"><fontDescription key="fontDescription" type="system" pointSize="15"/></button>
                    <textView id="t1"><fontDescription key="fontDescription" type="system" pointSize="14"/></textView>
                </subviews>
                <connections>
                    <outlet property="titleLabel" destination="l1" id="o1"/>
                    <outlet property="bodyLabel" destination="l2" id="o2"/>
                    <outlet property="buyButton" destination="b1" id="o3"/>
                    <outlet property="notesView" destination="t1" id="o4"/>
                </connections>
            </tableViewCell>
        </objects>
    </document>
    """

    private func nibFindings(_ swift: [String: String]) throws -> [String] {
        var files: [(path: String, bytes: [UInt8])] = [("ItemCell.xib", Array(Self.nib.utf8))]
        for (path, text) in swift.sorted(by: { $0.key < $1.key }) { files.append((path, Array(text.utf8))) }
        return lines(try SourceScanner.scan(files: files).findings.filter { $0.file == "ItemCell.xib" })
    }

    private static let cell = """
    final class ItemCell: UITableViewCell {
        @IBOutlet var titleLabel: UILabel!
        @IBOutlet var bodyLabel: UILabel!
        @IBOutlet var buyButton: UIButton!
        @IBOutlet var notesView: UITextView!
        override func awakeFromNib() {
            super.awakeFromNib()
            titleLabel.applyBodyStyle()
            bodyLabel.applyBodyStyle()
            buyButton.applyButtonStyle()
            notesView.applyNotesStyle()
        }
    }
    """

    @Test("an extension method that sets a text style with live updates settles the nib's fonts")
    func extensionThatStyles() throws {
        let styles = """
        extension UILabel {
            func applyBodyStyle() {
                font = .preferredFont(forTextStyle: .body)
                adjustsFontForContentSizeCategory = true
            }
        }
        extension UIButton {
            func applyButtonStyle() {
                titleLabel?.font = .preferredFont(forTextStyle: .headline)
                titleLabel?.adjustsFontForContentSizeCategory = true
            }
        }
        extension UITextView {
            func applyNotesStyle() {
                self.font = UIFont.preferredFont(forTextStyle: .callout)
                self.adjustsFontForContentSizeCategory = true
            }
        }
        """
        #expect(try nibFindings(["ItemCell.swift": Self.cell, "Styles.swift": styles]).isEmpty)
    }

    @Test("an extension method that leaves the font alone settles nothing")
    func extensionThatDoesNotStyle() throws {
        let styles = """
        extension UILabel {
            func applyBodyStyle() { textColor = .label }
        }
        extension UIButton {
            func applyButtonStyle() { layer.cornerRadius = 8 }
        }
        extension UITextView {
            func applyNotesStyle() { backgroundColor = .clear }
        }
        """
        #expect(try nibFindings(["ItemCell.swift": Self.cell, "Styles.swift": styles])
                    == ["6:fixed-font-size", "7:no-live-update", "8:fixed-font-size", "9:fixed-font-size"])
    }

    @Test("a method that sets a text style without live updates replaces the fixed font but leaves the live update to find")
    func styleWithoutLiveUpdate() throws {
        let styles = """
        extension UILabel {
            func applyBodyStyle() { font = .preferredFont(forTextStyle: .body) }
        }
        extension UIButton {
            func applyButtonStyle() { titleLabel?.font = .preferredFont(forTextStyle: .headline) }
        }
        extension UITextView {
            func applyNotesStyle() { font = .preferredFont(forTextStyle: .callout) }
        }
        """
        let all = try SourceScanner.scan(files: [("ItemCell.xib", Array(Self.nib.utf8)), ("ItemCell.swift", Array(Self.cell.utf8)),
                                                 ("Styles.swift", Array(styles.utf8))]).findings
        // The nib's font is not what ships; the method's own font is judged where it is set.
        #expect(lines(all.filter { $0.file == "ItemCell.xib" }).isEmpty)
        #expect(lines(all.filter { $0.file == "Styles.swift" }) == ["2:no-live-update", "5:no-live-update", "8:no-live-update"])
    }

    @Test("a method that calls another of the same extension is followed")
    func chainedMethods() throws {
        let styles = """
        extension UILabel {
            func applyBodyStyle() { apply(.body) }
            func apply(_ style: UIFont.TextStyle) {
                font = .preferredFont(forTextStyle: style)
                adjustsFontForContentSizeCategory = true
            }
        }
        extension UIButton {
            func applyButtonStyle() { setTitleColor(.red, for: .normal) }
        }
        extension UITextView {
            func applyNotesStyle() { isEditable = false }
        }
        """
        #expect(try nibFindings(["ItemCell.swift": Self.cell, "Styles.swift": styles]) == ["8:fixed-font-size", "9:fixed-font-size"])
    }

    @Test("a method that sets the font on a switch's case and default lines is followed")
    func fontsSetInCaseLabels() throws {
        let styles = """
        enum TextStyleToken { case body, title }
        extension UILabel {
            func applyBodyStyle() { apply(.body) }
            func apply(_ token: TextStyleToken) {
                switch token {
                case .body: font = .preferredFont(forTextStyle: .body)
                default: font = .preferredFont(forTextStyle: .title1)
                }
                adjustsFontForContentSizeCategory = true
            }
        }
        extension UIButton {
            func applyButtonStyle() { tintColor = .red }
        }
        extension UITextView {
            func applyNotesStyle() {
                switch isEditable { case true: textColor = .label; default: backgroundColor = .clear }
            }
        }
        """
        #expect(try nibFindings(["ItemCell.swift": Self.cell, "Styles.swift": styles]) == ["8:fixed-font-size", "9:fixed-font-size"])
    }

    @Test("a helper of the class given the outlet is judged by what it assigns to its parameter")
    func classHelpers() throws {
        let cell = """
        final class ItemCell: UITableViewCell {
            @IBOutlet var titleLabel: UILabel!
            @IBOutlet var bodyLabel: UILabel!
            @IBOutlet var buyButton: UIButton!
            @IBOutlet var notesView: UITextView!
            override func awakeFromNib() {
                super.awakeFromNib()
                style(titleLabel)
                style(bodyLabel)
                tint(buyButton)
                decorate(view: notesView)
            }
            private func style(_ label: UILabel) {
                label.font = .preferredFont(forTextStyle: .body)
                label.adjustsFontForContentSizeCategory = true
            }
            private func tint(_ button: UIButton) { button.tintColor = .red }
            private func decorate(view: UITextView) { view.layer.borderWidth = 1 }
        }
        """
        #expect(try nibFindings(["ItemCell.swift": cell]) == ["8:fixed-font-size", "9:fixed-font-size"])
    }

    /// The cell's outlets, declared alone; an extension of the class styles them.
    private static let bareCell = """
    final class ItemCell: UITableViewCell {
        @IBOutlet var titleLabel: UILabel!
        @IBOutlet var bodyLabel: UILabel!
        @IBOutlet var buyButton: UIButton!
        @IBOutlet var notesView: UITextView!
    }
    """

    private static let cellExtension = """
    extension ItemCell {
        override func awakeFromNib() {
            super.awakeFromNib()
            titleLabel.applyBodyStyle()
            self.bodyLabel?.applyBodyStyle()
            buyButton.applyButtonStyle()
            style(notes: notesView)
        }
        private func style(notes view: UITextView) {
            view.font = .preferredFont(forTextStyle: .callout)
            view.adjustsFontForContentSizeCategory = true
        }
    }
    """

    private static let textStyles = """
    extension UILabel {
        func applyBodyStyle() {
            font = UIFont.preferredFont(forTextStyle: .body)
            adjustsFontForContentSizeCategory = true
        }
    }
    extension UIButton {
        func applyButtonStyle() {
            titleLabel?.font = .preferredFont(forTextStyle: .headline)
            titleLabel?.adjustsFontForContentSizeCategory = true
        }
    }
    """

    @Test("calls in an extension of the class, in its file or another, are followed as the class's own")
    func callsInExtensions() throws {
        // The extension in the class's file.
        #expect(try nibFindings(["ItemCell.swift": Self.bareCell + "\n" + Self.cellExtension, "Styles/UILabel+Style.swift": Self.textStyles])
                    .isEmpty)
        // In a file of its own.
        #expect(try nibFindings(["ItemCell.swift": Self.bareCell, "ItemCell+Style.swift": Self.cellExtension,
                                 "Styles/UILabel+Style.swift": Self.textStyles]).isEmpty)
    }

    @Test("an extension's call of a method that sets no text style leaves the nib's fonts to find")
    func extensionCallsThatDoNotStyle() throws {
        let styles = """
        extension UILabel {
            func applyBodyStyle() { textColor = .label }
        }
        extension UIButton {
            func applyButtonStyle() { layer.cornerRadius = 8 }
        }
        """
        let cellExtension = Self.cellExtension.replacingOccurrences(of: "view.font = .preferredFont(forTextStyle: .callout)",
                                                                    with: "view.textColor = .secondaryLabel")
        let expected = ["6:fixed-font-size", "7:no-live-update", "8:fixed-font-size", "9:fixed-font-size"]
        #expect(try nibFindings(["ItemCell.swift": Self.bareCell + "\n" + cellExtension, "Styles.swift": styles]) == expected)
        #expect(try nibFindings(["ItemCell.swift": Self.bareCell, "ItemCell+Style.swift": cellExtension, "Styles.swift": styles])
                    == expected)
    }

    @Test("an extension's call of a method that sets a fixed font is a finding at that font, as a direct one is")
    func extensionCallOfFixedFont() throws {
        let styles = """
        extension UILabel {
            func applyBodyStyle() { font = UIFont.systemFont(ofSize: 17) }
        }
        extension UIButton {
            func applyButtonStyle() { tintColor = .red }
        }
        """
        let all = try SourceScanner.scan(files: [("ItemCell.xib", Array(Self.nib.utf8)), ("ItemCell.swift", Array(Self.bareCell.utf8)),
                                                 ("ItemCell+Style.swift", Array(Self.cellExtension.utf8)),
                                                 ("Styles.swift", Array(styles.utf8))]).findings
        // The nib's title and body fonts are replaced; the font that replaces them is fixed.
        #expect(lines(all.filter { $0.file == "ItemCell.xib" }) == ["8:fixed-font-size"])
        #expect(lines(all.filter { $0.file == "Styles.swift" }) == ["2:fixed-font-size"])
    }

    @Test("a method of another kind of view, of the same name, does not style an outlet an extension in another file calls it on")
    func extensionCallOnAnotherKindOfView() throws {
        let styles = """
        extension UILabel {
            func applyButtonStyle() {
                font = .preferredFont(forTextStyle: .headline)
                adjustsFontForContentSizeCategory = true
            }
            func applyBodyStyle() {
                font = .preferredFont(forTextStyle: .body)
                adjustsFontForContentSizeCategory = true
            }
        }
        extension UIButton {
            func applyButtonStyle() { tintColor = .red }
        }
        """
        // `buyButton` is a UIButton: the label's `applyButtonStyle` is not the one it runs.
        #expect(try nibFindings(["ItemCell.swift": Self.bareCell, "ItemCell+Style.swift": Self.cellExtension, "Styles.swift": styles])
                    == ["8:fixed-font-size"])
    }

    @Test("a live update turned on by a method the app declares covers a text style font set in code")
    func liveUpdateThroughMethod() throws {
        let found = try scan(files: ["Views.swift": """
            extension UILabel {
                func enableLiveText() { adjustsFontForContentSizeCategory = true }
                func paint() { textColor = .red }
            }
            final class Header: UIView {
                let title = UILabel()
                let subtitle = UILabel()
                func setUp() {
                    title.font = .preferredFont(forTextStyle: .title1)
                    title.enableLiveText()
                    subtitle.font = .preferredFont(forTextStyle: .body)
                    subtitle.paint()
                }
            }
            """])
        #expect(lines(found) == ["11:no-live-update"])
    }
}
