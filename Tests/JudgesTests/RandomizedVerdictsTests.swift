import DynamicType
import Foundation
import Hierarchies
import Judges
import Testing
import TestSupport

/// Randomized screens read and judged end to end, against a golden file of what the reader and
/// the judges made of them: any change to how a page source is read (elements, frames, names,
/// hidden and scroll flags) or judged (outcomes, reasons, findings, shared problems) shows here,
/// on shapes no hand-written fixture has. The screens come from fixed seeds, so the file only
/// changes when the results do.
@Suite struct RandomizedVerdictsTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/randomized-verdicts.txt")

    @Test func randomizedScreensAreReadAndJudgedAsTheGoldenFileSays() throws {
        let judging = Judging(checklist: try ShippedChecklists.defaultChecklist())
        let reader = HierarchyReader()
        var lines: [String] = []
        var failures: [(screen: String, verdict: Verdict)] = []
        for seed in 1...120 {
            var generator = RandomScreen(seed: UInt64(seed))
            let screen = generator.make()
            let name = "Screen \(seed)"
            lines.append("# \(name) (\(screen.harness ? "harness" : "WebDriverAgent"))")
            var hierarchies: [Size: Hierarchy] = [:]
            for (size, text) in screen.sources.sorted(by: { $0.key < $1.key }) {
                do {
                    let hierarchy = try reader.read(Array(text.utf8))
                    hierarchies[size] = hierarchy
                    lines.append("\(size.id): \(Self.describe(hierarchy))")
                } catch {
                    lines.append("\(size.id): refused: \(error)")
                }
            }
            let beforeFix = screen.beforeFix.flatMap { try? reader.read(Array($0.utf8)) }
            if let beforeFix { lines.append("before the fix: \(Self.describe(beforeFix))") }
            for verdict in judging.judge(ScreenRun(screen: name, hierarchies: hierarchies, largeBeforeFix: beforeFix)) {
                lines.append("\(verdict.item) \(verdict.size.id) \(verdict.outcome.rawValue): \(verdict.reason)")
                for finding in verdict.findings {
                    let frames = finding.elements.map { "\($0.type)|\($0.name)|\($0.frame)|\($0.largeFrame.map(\.description) ?? "-")" }
                    lines.append("  - \(finding.detail) [\(frames.joined(separator: "; "))]")
                }
                failures.append((name, verdict))
            }
        }
        lines.append("# shared problems")
        for problem in SharedProblem.group(failures) where problem.occurrences.count > 1 {
            lines.append("\(problem.item) \(problem.finding.sentence): \(problem.occurrences.map { "\($0.screen) \($0.size.id)" }.joined(separator: ", "))")
        }
        if let difference = try GoldenFile.compare(lines.joined(separator: "\n") + "\n", with: Self.golden) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    /// A hierarchy in one line: its counts and window, and a digest of every element as read with
    /// the flags worked out for it, so that any change to any of them changes the line.
    static func describe(_ hierarchy: Hierarchy) -> String {
        var digest = Digest()
        for (index, element) in hierarchy.elements.enumerated() {
            digest.add("\(element.type.name)|\(element.type.role)|\(element.name)|\(element.label)|\(element.value)|")
            digest.add("\(element.frame.map(\.description) ?? "-")|\(element.frame.map { "\($0.x) \($0.y) \($0.width) \($0.height)" } ?? "-")|")
            digest.add("\(element.frameProblem ?? "-")|\(element.enabled)|\(element.visible.map(String.init) ?? "-")|\(element.parent)|\(element.depth)|")
            digest.add("\(hierarchy.hidden[index])|\(hierarchy.scrollContainer[index])|\(hierarchy.inBar[index])|\(hierarchy.inSystemUI[index])|")
            digest.add("\(element.shownName)\n")
        }
        return "\(hierarchy.elements.count) elements, window \(hierarchy.window.map(\.description) ?? "-"), primary \(hierarchy.primaryAction ?? "-"), "
            + "\(hierarchy.unusableFrames.count) unusable (\(hierarchy.unusableFrames.first ?? "-")), digest \(String(digest.value, radix: 16))"
    }

    /// FNV-1a, 64 bits: enough to tell two readings of a hierarchy apart.
    struct Digest {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ text: String) {
            for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
    }
}

/// One screen's page sources at the sizes a run reached, made from a seed: labels that grow, keep
/// their size or wrap, buttons, icons beside labels, cells, scroll views, bars, the status bar,
/// hidden elements, duplicated and empty names, names with references and other characters,
/// unusable frames, elements missing at some sizes, and sometimes a Large hierarchy before a fix.
struct RandomScreen {
    var random: SplitMix64
    let harness: Bool

    init(seed: UInt64) {
        random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        harness = seed % 2 == 0
    }

    mutating func next() -> UInt64 { random.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

    /// An element as placed at Large; sizes scale it.
    struct Piece {
        var type: String
        var name: String
        var label: String
        var value: String
        var x: Double, y: Double, width: Double, height: Double
        /// How its height follows the text size: 1 scales fully, 0 keeps it.
        var growth: Double
        var visible: Bool
        var enabled: String
        var children: [Piece] = []
        /// Replaces the frame at one size with hostile text.
        var brokenAt: Size?
        var missingAt: Size?
    }

    static let scales: [Size: Double] = [.xs: 0.88, .l: 1, .ax3: 2.3, .ax5: 3.1]
    static let names = ["Total", "Pay", "Cart", "Back", "Price", "Tax &amp; fees", "Caf&#233;", "Line\ttwo", "&quot;Quoted&quot;", "Prix €",
                        "Order #1", "Search", "Details", "Deliver to", "A long label that wraps to two lines at larger sizes"]

    mutating func name() -> String { chance(25) ? "" : pick(Self.names) + (chance(30) ? " \(below(4))" : "") }

    mutating func piece(depth: Int, y: inout Double) -> Piece {
        let type = depth > 2 ? pick(["StaticText", "StaticText", "Button", "Image"])
            : pick(["StaticText", "StaticText", "StaticText", "Button", "Button", "Image", "Cell", "ScrollView", "Other", "NavigationBar",
                    "TextField", "Switch", "StatusBar", "Table"])
        let name = self.name()
        let label = chance(70) ? name : self.name()
        let height = type == "StaticText" ? pick([13.0, 16, 20.3, 22, 41]) : pick([24.0, 32, 44, 50])
        // Icons sit at the leading edge with a label beside them; now and then something reaches past the window.
        let x = type == "Image" ? 16 : type == "StaticText" && chance(30) ? 48 : Double(below(300)) - (chance(5) ? 40 : 0)
        let width = type == "Image" ? pick([16.0, 24, 28, 80]) : chance(10) ? Double(20 + below(400)) : Double(20 + below(max(1, 350 - Int(x))))
        var piece = Piece(type: type, name: name, label: label, value: chance(15) ? pick(["1", "On", "12 items"]) : "",
                          x: x, y: y, width: width, height: type == "Image" ? min(height, 28) : height,
                          growth: type == "StaticText" ? (chance(15) ? 0 : pick([1.0, 1, 0.6, 2])) : (type == "Image" ? pick([0.0, 1]) : pick([0.0, 0.5, 1])),
                          visible: !chance(8), enabled: pick(["true", "true", "false", "0", "NO", "1"]))
        if chance(4) { piece.brokenAt = pick(Size.allCases) }
        if chance(6) { piece.missingAt = pick([Size.xs, .ax3, .ax5]) }
        if ["Cell", "ScrollView", "Other", "NavigationBar", "Table"].contains(type) && depth < 4 {
            var inner = y + 4
            for _ in 0..<(1 + below(4)) { piece.children.append(self.piece(depth: depth + 1, y: &inner)) }
            piece.height = max(piece.height, inner - y)
        }
        // Now and then the next element starts inside this one.
        y += type == "Image" && chance(70) ? 0 : piece.height + (chance(10) ? -10 : Double(below(30)))
        return piece
    }

    mutating func make() -> (harness: Bool, sources: [Size: String], beforeFix: String?) {
        var y = chance(10) ? 0.0 : 60
        var pieces: [Piece] = []
        for _ in 0..<(3 + below(18)) { pieces.append(piece(depth: 1, y: &y)) }
        let primary = chance(50) ? (pieces.first { !$0.name.isEmpty }?.name ?? "Pay") : (chance(20) ? "Nowhere" : nil)
        var sources: [Size: String] = [:]
        for size in Size.allCases where Self.scales[size] != nil && (size == .l || !chance(8)) {
            sources[size] = source(pieces, at: size, primary: primary, shift: 0)
        }
        let beforeFix = chance(30) ? source(pieces, at: .l, primary: primary, shift: Double(below(3)) * 1.5) : nil
        return (harness, sources, beforeFix)
    }

    func number(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e9 ? String(Int(value)) : String(value)
    }

    func source(_ pieces: [Piece], at size: Size, primary: String?, shift: Double) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append(harness ? "<AppiumAUT\(primary.map { " primary-action=\"\($0)\"" } ?? "")>" : "<AppiumAUT>")
        let screen = "x=\"0\" y=\"0\" width=\"390\" height=\"844\""
        lines.append("<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" name=\"Shop\" label=\"Shop\" enabled=\"true\" \(screen)>")
        lines.append("<XCUIElementTypeWindow type=\"XCUIElementTypeWindow\" name=\"\" label=\"\" enabled=\"true\"\(harness ? "" : " visible=\"true\"") \(screen)>")
        var offset = 0.0
        for piece in pieces { write(piece, at: size, shift: shift, offset: &offset, into: &lines) }
        lines += ["</XCUIElementTypeWindow>", "</XCUIElementTypeApplication>", "</AppiumAUT>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `piece` as it is at `size`: taller by its growth, and lower by what grew above it.
    func write(_ piece: Piece, at size: Size, shift: Double, offset: inout Double, into lines: inout [String]) {
        guard piece.missingAt != size else { return }
        let scale = Self.scales[size]!
        let height = (piece.height * (1 + (scale - 1) * piece.growth) * 100).rounded() / 100
        var attributes = "type=\"XCUIElementType\(piece.type)\""
        if harness || !piece.name.isEmpty { attributes += " name=\"\(piece.name)\"" }
        if harness || !piece.label.isEmpty { attributes += " label=\"\(piece.label)\"" }
        if !piece.value.isEmpty { attributes += " value=\"\(piece.value)\"" }
        attributes += " enabled=\"\(piece.enabled)\""
        if !harness { attributes += " visible=\"\(piece.visible)\"" }
        if piece.brokenAt == size {
            attributes += " " + ["x=\"NaN\" y=\"0\" width=\"10\" height=\"10\"", "x=\"0\" y=\"1e308\" width=\"10\" height=\"10\"",
                                 "x=\"0\" y=\"0\" width=\"-4\" height=\"10\"", "x=\"0\" y=\"0\"", "x=\"a\" y=\"0\" width=\"1\" height=\"1\""][piece.name.count % 5]
        } else {
            attributes += " x=\"\(number(piece.x + shift))\" y=\"\(number(piece.y + offset))\" width=\"\(number(piece.width))\" height=\"\(number(height))\""
        }
        let before = offset
        if piece.children.isEmpty {
            lines.append("<XCUIElementType\(piece.type) \(attributes)/>")
        } else {
            lines.append("<XCUIElementType\(piece.type) \(attributes)>")
            for child in piece.children { write(child, at: size, shift: shift, offset: &offset, into: &lines) }
            lines.append("</XCUIElementType\(piece.type)>")
            offset = before
        }
        offset += height - piece.height
    }
}
