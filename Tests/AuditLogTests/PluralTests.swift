import Output
import Testing

/// Counts read the same in every message: one helper, English rules, the exceptions declared once.
@Suite struct PluralTests {
    @Test func nounsTakeTheirPluralByRule() {
        #expect(counted(1, "record") == "1 record")
        #expect(counted(0, "record") == "0 records")
        #expect(counted(2, "fix") == "2 fixes")
        #expect(counted(3, "copy") == "3 copies")
        #expect(counted(2, "element hierarchy") == "2 element hierarchies")
        #expect(counted(4, "day") == "4 days")
        #expect(counted(2, "match") == "2 matches")
        #expect(counted(5, "failed check") == "5 failed checks")
        #expect(counted(2, "default re-check") == "2 default re-checks")
        #expect(plural("Screenshot", 2) == "Screenshots")
    }

    @Test func verbsAndPronounsAgreeWithTheCount() {
        #expect("\(counted(1, "file")) \(plural("is", 1))" == "1 file is")
        #expect("\(counted(2, "file")) \(plural("is", 2))" == "2 files are")
        #expect(plural("it", 3) == "them")
        #expect(plural("it", 3, "they") == "they")
        #expect(plural("waits", 2) == "wait")
        #expect("\(counted(2, "element")) \(plural("has", 2)) \(plural("a frame", 2))" == "2 elements have frames")
        #expect("\(counted(1, "element")) \(plural("has", 1)) \(plural("a frame", 1))" == "1 element has a frame")
    }

    @Test func aPhraseDeclaresItsOwnPluralAndCountsCanBeGrouped() {
        #expect(counted(2, "piece of evidence", "pieces of evidence") == "2 pieces of evidence")
        #expect(counted(1, "piece of evidence", "pieces of evidence") == "1 piece of evidence")
        #expect(counted(12_345, "finding", grouped: true) == "12,345 findings")
        #expect(counted(1, "file", grouped: true) == "1 file")
        #expect(grouped(-1_000_000) == "-1,000,000")
    }
}
