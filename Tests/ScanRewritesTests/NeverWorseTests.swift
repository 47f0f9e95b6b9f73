import Foundation
@testable import ScanRewrites
import Scan
import Testing

/// A rewrite `scan --fix` would make is held back when the file rewritten would be worse: a finding
/// it did not have, a bracket left unmatched, a declaration the scan no longer reads.
@Suite("Fixes never make things worse")
struct NeverWorseTests {
    static let card = """
        import SwiftUI

        struct Card: View {
            var body: some View {
                VStack {
                    Text("Title").font(.system(size: 17))
                    Text("Body").font(.body)
                }
            }
        }

        """

    /// An edit of `card` that turns the first `text` after `after` into `replacement`.
    func edit(_ text: String, after: String = "", to replacement: String) -> Edit {
        let bytes = Array(Self.card.utf8)
        let from = after.isEmpty ? 0 : SourceText.find(Array(after.utf8), in: bytes, from: 0)!
        let start = SourceText.find(Array(text.utf8), in: bytes, from: from)!
        return Edit(start..<(start + text.utf8.count), replacement)
    }

    func plan(_ rewrites: [Rewrite]) -> (RewritePlan, [UInt8]?) {
        var plan = RewritePlan()
        plan.rewrites = rewrites
        let kept = Fixer.holdBackWorse(&plan, from: 0, file: "Card.swift", bytes: Array(Self.card.utf8))
        return (plan, kept)
    }

    @Test func aRewriteThatAddsAFindingIsHeldBackAndTheOthersAreMade() throws {
        let good = Rewrite(file: "Card.swift", line: 6, rule: .fixedFontSize, edits: [edit(".system(size: 17)", to: ".body")], summary: "to .body")
        let worse = Rewrite(file: "Card.swift", line: 7, rule: .fixedFontSize, edits: [edit(".body", after: "\"Body\"", to: ".system(size: 12)")],
                            summary: "to 12 pt")
        let (plan, kept) = plan([good, worse])
        #expect(plan.rewrites == [good])
        #expect(plan.suggestions.count == 1)
        let held = try #require(plan.suggestions.first)
        #expect(held.line == 7 && held.text.hasPrefix("held back: to 12 pt makes things worse: it would add a fixed-font-size finding at line 7"))
        let text = String(decoding: try #require(kept), as: UTF8.self)
        #expect(text.contains("Text(\"Title\").font(.body)") && text.contains("Text(\"Body\").font(.body)"))
    }

    @Test func aRewriteThatUnbalancesTheFileHoldsTheWholeFileBack() {
        let good = Rewrite(file: "Card.swift", line: 6, rule: .fixedFontSize, edits: [edit(".system(size: 17)", to: ".body")], summary: "to .body")
        let broken = Rewrite(file: "Card.swift", line: 7, rule: .singleLine, edits: [edit(".font(.body)", to: ".font(.body")], summary: "drops a bracket")
        let (plan, kept) = plan([good, broken])
        #expect(kept == nil && plan.rewrites.isEmpty)
        #expect(plan.suggestions.count == 2)
        #expect(plan.suggestions.allSatisfy { $0.text.contains("makes things worse: it would leave 1 bracket(s) unmatched") })
    }

    @Test func aRewriteThatRenamesADeclarationIsHeldBack() {
        let renamed = Rewrite(file: "Card.swift", line: 3, rule: .fixedFontSize, edits: [edit("struct Card", to: "struct Cart")], summary: "renames")
        let (plan, kept) = plan([renamed])
        #expect(kept == nil && plan.rewrites.isEmpty)
        #expect(plan.suggestions.first?.text.contains("it would change the file's declarations (struct Card no longer read)") == true)
    }

    @Test func linesAfterAnInsertedLineAreTracedToTheOriginal() {
        let old = Array("a\nb\nc\nd\n".utf8)
        let edits = [Edit(3..<3, "\n  inserted"), Edit(4..<5, "C")]
        let new = Fixer.apply(edits, to: old)
        #expect(String(decoding: new, as: UTF8.self) == "a\nb\n  inserted\nC\nd\n")
        let map = LineMap(old: old, new: new, edits: edits)
        #expect((1...5).map(map.oldLine(ofNewLine:)) == [1, 2, 2, 3, 4])
    }
}
