import Foundation
import Hierarchies
import Testing
import TestSupport

@Suite struct HierarchyReaderTests {
    func read(_ text: String) throws(HierarchyError) -> Hierarchy {
        try HierarchyReader().read(Array(text.utf8))
    }

    func refusal(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: PageShape.allCases)
    func bothShapesGiveTheSameElements(shape: PageShape) throws {
        let content: [Node] = [
            .text("Total", 16, 100, 120, 20),
            Node("ScrollView", "", 0, 140, 390, 700, [.button("Pay", 16, 900, 358, 50, [.text("Pay", 170, 915, 50, 20)])]),
        ]
        let hierarchy = try read(PageSource.screen(content, primaryAction: "Pay", shape: shape))
        #expect(hierarchy.elements.map(\.type.name) == ["Application", "Window", "Other", "StaticText", "ScrollView", "Button", "StaticText"])
        #expect(hierarchy.window == Frame(x: 0, y: 0, width: 390, height: 844))
        let total = hierarchy.elements[3]
        #expect(total.name == "Total" && total.label == "Total" && total.frame == Frame(x: 16, y: 100, width: 120, height: 20))
        #expect(total.type.role == .text && hierarchy.elements[5].type.role == .control)
        #expect(hierarchy.elements[5].parent == 4 && hierarchy.elements[6].depth == 5)
        #expect(hierarchy.scrollContainer[6] == 4 && hierarchy.scrollContainer[3] == -1)
        #expect(hierarchy.primaryAction == (shape == .harness ? "Pay" : nil))
        #expect(hierarchy.elements[3].visible == (shape == .webDriverAgent ? true : nil))
        #expect(!hierarchy.hidden.contains(true))
    }

    @Test func hiddenMeansInvisibleOnScreenNotScrolledAway() throws {
        let content: [Node] = [
            .text("Missed", 16, 100, 120, 20, visible: false),
            Node("Other", "", 0, 150, 390, 40, visible: false, [.text("Hidden", 16, 160, 120, 20, visible: false)]),
            Node("Other", "", 0, 200, 390, 100, visible: false, [.text("Inside hidden", 16, 210, 100, 20)]),
            Node("ScrollView", "", 0, 300, 390, 544, [.text("Below", 16, 1200, 100, 20, visible: false)]),
        ]
        let hierarchy = try read(PageSource.screen(content, shape: .webDriverAgent))
        let hidden = Dictionary(hierarchy.elements.indices.map { (hierarchy.elements[$0].name, hierarchy.hidden[$0]) }) { a, _ in a }
        #expect(hidden["Hidden"] == true, "marked false inside an element marked false")
        #expect(hidden["Missed"] == false, "a leaf marked false inside a shown element: the hit test landed on its holder")
        #expect(hidden["Inside hidden"] == true, "inside a hidden element")
        #expect(hidden["Below"] == false, "visible=false only because it is scrolled below the window")
    }

    @Test func unusableFramesAreAbsentWithTheirReason() throws {
        let content: [Node] = [
            Node("StaticText", "nan", rawFrame: "x=\"NaN\" y=\"0\" width=\"10\" height=\"10\""),
            Node("StaticText", "huge", rawFrame: "x=\"0\" y=\"1e308\" width=\"10\" height=\"10\""),
            Node("StaticText", "inf", rawFrame: "x=\"0\" y=\"0\" width=\"inf\" height=\"10\""),
            Node("StaticText", "negative", rawFrame: "x=\"0\" y=\"0\" width=\"10\" height=\"-4\""),
            Node("StaticText", "word", rawFrame: "x=\"zero\" y=\"0\" width=\"10\" height=\"10\""),
            Node("StaticText", "half", rawFrame: "x=\"0\" y=\"0\""),
            Node("StaticText", "fine", rawFrame: "x=\"-20.5\" y=\"1.25\" width=\"10\" height=\"0\""),
        ]
        let hierarchy = try read(PageSource.screen(content, shape: .harness))
        let problems = Dictionary(hierarchy.elements.map { ($0.name, $0.frameProblem) }) { a, _ in a }
        #expect(problems["nan"] == "x is not a number (NaN)")
        #expect(problems["huge"] == "y is beyond a million points (1e+308)")
        #expect(problems["inf"] == "width is beyond a million points (inf)")
        #expect(problems["negative"] == "height is negative (-4)")
        #expect(problems["word"] == "x is not a number (zero)")
        #expect(problems["half"] == "width is missing")
        #expect(problems["fine"] == .some(nil))
        #expect(hierarchy.elements.first { $0.name == "fine" }?.frame == Frame(x: -20.5, y: 1.25, width: 10, height: 0))
        #expect(hierarchy.unusableFrames.count == 6)
        #expect(hierarchy.unusableFrames.first == "StaticText \"nan\": x is not a number (NaN)")
        #expect(hierarchy.judged { _ in true }.allSatisfy { hierarchy.elements[$0].frameProblem == nil })
    }

    @Test func wrongDocumentsGetOneLine() {
        #expect(refusal("<html><body/></html>") == "is not a page source that can be read: line 1: the root is not <AppiumAUT> or <XCUIElementTypeApplication>")
        #expect(refusal("<AppiumAUT/>") == "holds no XCUIElementType element")
        #expect(refusal("<!DOCTYPE x [<!ENTITY a SYSTEM \"/etc/passwd\">]><AppiumAUT>&a;</AppiumAUT>")
                == "is not a page source that can be read: line 1: a DOCTYPE declaration is refused: no entity is declared, expanded or fetched here")
        let deep = "<AppiumAUT>" + String(repeating: "<XCUIElementTypeOther>", count: 300) + String(repeating: "</XCUIElementTypeOther>", count: 300) + "</AppiumAUT>"
        #expect(refusal(deep) == "is not a page source that can be read: line 1: elements nested more than 256 deep")
        let many = "<AppiumAUT><XCUIElementTypeApplication>" + String(repeating: "<XCUIElementTypeOther/>", count: 20_000) + "</XCUIElementTypeApplication></AppiumAUT>"
        #expect(refusal(many) == "is not a page source that can be read: line 1: more than 20000 elements")
    }

    @Test func labelsKeepLineBreaksAndEscapes() throws {
        let hierarchy = try read(PageSource.screen([Node("StaticText", "Two\nlines & \"more\"", 0, 0, 10, 10)], shape: .webDriverAgent))
        #expect(hierarchy.elements[3].label == "Two\nlines & \"more\"")
        #expect(hierarchy.elements[3].shownName == "StaticText \"TwoU+000Alines & U+0022moreU+0022\"")
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Huge_ax5.xml").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()
        #expect(throws: HierarchyError("is 104857600 bytes, more than the 16 MB a hierarchy may be")) {
            try HierarchyReader().read(path: path)
        }
        #expect(throws: HierarchyError("is not a readable file")) { try HierarchyReader().read(path: folder.path) }
    }

    static let small = """
        <?xml version="1.0" encoding="UTF-16"?>
        <AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" x="0" y="0" width="390" height="844">
        <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="total" label="Total: 12,50 €" x="16" y="200" width="120" height="22"/>
        </XCUIElementTypeApplication></AppiumAUT>
        """

    /// What Windows PowerShell 5 saves (`>`, `Out-File`): UTF-16 with a byte order mark, in either
    /// order, or little-endian without one; read as the same page source.
    @Test func aUTF16PageSourceIsReadAsUTF8IsRead() throws {
        let text = Self.small.replacingOccurrences(of: "\n", with: "\r\n")
        let little = text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        let expected = try read(Self.small).elements.map { "\($0.name)|\($0.label)|\($0.frame.map(\.description) ?? "-")" }
        #expect(expected.count == 2 && expected[1] == "total|Total: 12,50 €|{x 16, y 200, 120 x 22}")
        for bytes in [[0xFF, 0xFE] + little, [0xFE, 0xFF] + big, little] {
            let hierarchy = try HierarchyReader().read(bytes)
            #expect(hierarchy.elements.map { "\($0.name)|\($0.label)|\($0.frame.map(\.description) ?? "-")" } == expected)
        }
        #expect(throws: HierarchyError("is UTF-16 cut in the middle of a character (an odd number of bytes)")) {
            try HierarchyReader().read([0xFF, 0xFE] + little.dropLast())
        }
    }

    /// A text view's whole document as its value (or label) is more than the 64 KB an attribute
    /// may be: that element loses the value, and the page source is still read. Any other
    /// attribute that long still refuses the file.
    @Test func anOverLongValueOrLabelIsDroppedFromItsElement() throws {
        let long = String(repeating: "Lorem ipsum &amp; dolor ", count: 5_000)
        let small = PageSource.screen([.text("Notes", 16, 100, 358, 400), .text("After", 16, 520, 100, 20)], primaryAction: nil, shape: .webDriverAgent)
        let parts = small.components(separatedBy: "label=\"Notes\"")
        try #require(parts.count == 2)
        let page = parts[0] + "label=\"" + long + "\" value=\"" + long + "\"" + parts[1]
        #expect(page.utf8.count > 200_000)
        let hierarchy = try read(page)
        let notes = try #require(hierarchy.elements.first { $0.name == "Notes" })
        #expect(notes.label == "" && notes.value == "")
        #expect(notes.frame == Frame(x: 16, y: 100, width: 358, height: 400))
        #expect(hierarchy.elements.contains { $0.label == "After" })
        let widths = small.components(separatedBy: "width=\"358\"")
        try #require(widths.count == 2)
        let wide = refusal(widths[0] + "width=\"" + String(repeating: "3", count: 70_000) + "\"" + widths[1])
        #expect(wide?.hasSuffix("an attribute value longer than 65536 bytes") == true, "\(wide ?? "read")")
    }
}
