import Testing
@testable import Scan

/// shrinks-text beyond its examples: what Interface Builder leaves out, and fields that cannot shrink.
@Suite("shrinks-text")
struct ShrinksTextTests {
    private func nibFindings(_ body: String) throws -> [Finding] {
        let xml = "<document><objects><view id=\"root\"><subviews>\n\(body)\n</subviews></view></objects></document>"
        return try SourceScanner.scan(files: [("View.xib", Array(xml.utf8))], rules: ["shrinks-text"]).findings
    }

    @Test("a label with a minimum font scale and no adjustsFontSizeToFit shrinks: Interface Builder leaves out its default")
    func labelAutoshrinkDefault() throws {
        let findings = try nibFindings("""
        <label text="Date" minimumScaleFactor="0.75" numberOfLines="0" id="a"/>
        <label text="Name" minimumScaleFactor="0.5" adjustsFontSizeToFit="NO" numberOfLines="0" id="b"/>
        <label text="Size" adjustsFontSizeToFit="NO" numberOfLines="0" id="c"/>
        """)
        #expect(lines(findings) == ["2:shrinks-text"])
    }

    @Test("a text field whose minimum font size is not below its font's, or that is hidden and zero wide, does not shrink")
    func fieldsThatCannotShrink() throws {
        let findings = try nibFindings("""
        <textField minimumFontSize="17" id="a"><fontDescription key="fontDescription" type="system" pointSize="14"/></textField>
        <textField minimumFontSize="14" id="b"><fontDescription key="fontDescription" type="system" pointSize="14"/></textField>
        <textField minimumFontSize="9" id="c"><fontDescription key="fontDescription" type="system" pointSize="14"/></textField>
        <textField hidden="YES" minimumFontSize="9" id="d"><rect key="frame" x="0" y="0" width="0.0" height="30"/></textField>
        <textField minimumFontSize="9" id="e"><rect key="frame" x="0" y="0" width="0.0" height="30"/></textField>
        """)
        #expect(lines(findings) == ["4:shrinks-text", "6:shrinks-text"])
    }
}
