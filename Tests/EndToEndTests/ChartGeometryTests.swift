import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The review page's charts keep every label inside their picture: each text's box, from its
/// position, size and anchor, lies within the view box, as a browser draws it.
@Suite(.tags(.endToEnd)) struct ChartGeometryTests {
    struct Label {
        var x: Double, y: Double, size: Double, anchor: String, text: String
    }

    /// Reads the view box and every `<text>` of an SVG.
    final class Reader: NSObject, XMLParserDelegate {
        var viewBox: [Double] = []
        var labels: [Label] = []
        var open: Label?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            if name == "svg" { viewBox = (attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) } }
            if name == "text" {
                open = Label(x: Double(attributes["x"] ?? "") ?? .nan, y: Double(attributes["y"] ?? "") ?? .nan,
                             size: Double(attributes["font-size"] ?? "") ?? .nan, anchor: attributes["text-anchor"] ?? "start", text: "")
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { open?.text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let label = open { labels.append(label); open = nil }
        }
    }

    /// Labels that reach outside the view box: the text's height is its font size above the
    /// baseline and a quarter of it below; its width at most 0.62 of the size per character.
    static func outside(_ svg: String) throws -> [String] {
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        #expect(parser.parse())
        try #require(reader.viewBox.count == 4)
        let (width, height) = (reader.viewBox[2], reader.viewBox[3])
        #expect(!reader.labels.isEmpty)
        return reader.labels.filter { label in
            let extent = Double(label.text.count) * label.size * 0.62
            let left = label.anchor == "end" ? label.x - extent : label.anchor == "middle" ? label.x - extent / 2 : label.x
            return label.y - label.size < 0 || label.y + label.size / 4 > height || left < 0 || left + extent > width
        }.map { "\($0.text) at \($0.x),\($0.y)" }
    }

    @Test func everyLabelOfTheDemosChartsIsInsideItsPicture() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        try cli.ok(["export"], in: demo)
        for name in ["trailhead-2026-10-13.svg", "trailhead-2026-10-13-failures.svg"] {
            let svg = try String(contentsOf: demo.appendingPathComponent("Exports/" + name), encoding: .utf8)
            #expect(try Self.outside(svg) == [], "\(name)")
        }
    }

    @Test func theOneSizeWithOpenFailuresIsLabelledWhole() throws {
        // Four failures at ax5 and none elsewhere: its label is the top one, every other at zero.
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation,no-overlap,reachable,layout-adapts", "--fail"])
        try cli.ok(["export", "--output", "review.md"])
        let failures = try String(contentsOf: cli.directory.appendingPathComponent("review-failures.svg"), encoding: .utf8)
        #expect(failures.contains(">ax5 <tspan font-weight=\"600\">4</tspan></text>"))
        #expect(try Self.outside(failures) == [])
    }

    @Test func theCheckCatchesALabelAboveThePicture() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="760" height="320" viewBox="0 0 760 320">
            <text x="646" y="-86" font-size="12">ax5 4</text>
            </svg>
            """
        #expect(try Self.outside(svg) == ["ax5 4 at 646.0,-86.0"])
    }
}
