import Foundation
import Testing

/// What `history` and `import` say about every kind of record, word for word and colour for
/// colour, as people read them: each kind phrases itself, and the command renders the phrase.
@Suite struct HistoryTextTests {
    /// The audit's start: a naming and a small checklist.
    static let start = """
        {"format":2,"records":[
        {"record":"audit","id":"a-1","app":"Trail|head ⛰","by":"Mei Chen","at":"2026-09-07T09:00:00.000Z"},
        {"record":"checklist","id":"c-1","name":"tiny","title":"Tiny","version":"2","summary":"Two checks.","source":"# Tiny\\n","items":[{"id":"text-scales","title":"Text scales","sizes":["xs","ax5"],"severity":"critical","scaling":true,"fix":"text-style","wcag":["1.4.4"],"howToCheck":"Look."},{"id":"no-truncation","title":"No cut text","sizes":["ax3"],"severity":"major","scaling":false,"wcag":[],"howToCheck":""}],"by":"Mei Chen","at":"2026-09-07T09:00:00.000Z"},
        {"record":"end"}
        ]}

        """

    /// One record of every kind, some twice, with text that a terminal must be shown safely.
    static let rest = """
        {"format":2,"records":[
        {"record":"audit","id":"a-1","app":"Trail|head ⛰","by":"Mei Chen","at":"2026-09-07T09:00:00.000Z"},
        {"record":"audit","id":"a-2","app":"Summit","by":"Ana","at":"2026-09-07T09:13:00.000Z"},
        {"record":"checklist","id":"c-2","name":"tiny","title":"Tiny","version":"3","summary":"Two checks.","source":"# Tiny\\n","items":[{"id":"text-scales","title":"Text scales","sizes":["xs","ax5"],"severity":"critical","scaling":true,"fix":"text-style","wcag":["1.4.4"],"howToCheck":"Look."},{"id":"no-truncation","title":"No cut text","sizes":["ax3"],"severity":"major","scaling":false,"wcag":[],"howToCheck":""}],"by":"Mei Chen","at":"2026-09-07T09:14:00.000Z"},
        {"record":"screen","id":"s-1","name":"Checkout: cart","flow":"check|out","critical":true,"owner":"Sam","notes":"Pay | now\\nsecond line","triage":"broken","files":["A/*.swift"],"by":"Mei Chen","at":"2026-09-07T09:01:00.000Z"},
        {"record":"edit","id":"e-1","screen":"s-1","name":"Cart ⛰","flow":null,"critical":false,"owner":"Ana","notes":null,"triage":null,"addFiles":["C/*.swift"],"removeFiles":["A/*.swift"],"replaces":["s-1"],"by":"Ana","at":"2026-09-07T09:03:00.000Z"},
        {"record":"recording","id":"r-1","screen":"s-1","item":"text-scales","size":"ax5","status":"fail","note":"Clipped \\"Pay\\"\\tnow","by":"Ana","at":"2026-09-07T09:04:00.000Z"},
        {"record":"recording","id":"r-2","screen":"s-1","item":"no-truncation","size":"ax3","status":"na","by":"Ana","at":"2026-09-07T09:04:00.000Z"},
        {"record":"recording","id":"r-3","screen":"s-1","item":"text-scales","size":"xs","status":"pass","run":"UITests.xcresult #3f2a9c1e4b5d","by":"Bo","at":"2026-09-07T09:04:30.000Z"},
        {"record":"evidence","id":"v-1","screen":"s-1","size":"ax5","item":"text-scales","recording":"r-1","file":"\(String(repeating: "ab", count: 32)).png","bytes":1234,"name":"Cart ax5.png","by":"Ana","at":"2026-09-07T09:04:00.000Z"},
        {"record":"fix","id":"f-1","screen":"s-1","type":"stack-flip","items":["no-truncation","text-scales"],"note":"AnyLayout | HStack","ref":"PR 7","by":"Sam","at":"2026-09-07T09:05:00.000Z"},
        {"record":"fix","id":"f-2","screen":"s-1","type":"custom","items":[],"by":"Sam","at":"2026-09-07T09:05:00.000Z"},
        {"record":"retract","id":"t-1","screen":"s-1","target":"r-2","note":"wrong screen","by":"Ana","at":"2026-09-07T09:07:00.000Z"},
        {"record":"amend","id":"m-1","screen":"s-1","target":"r-1","note":"Clipped at the edge","by":"Ana","at":"2026-09-07T09:08:00.000Z"},
        {"record":"amend","id":"m-2","screen":"s-1","target":"f-1","note":null,"by":"Sam","at":"2026-09-07T09:09:00.000Z"},
        {"record":"retract","id":"t-2","screen":"s-1","target":"f-2","by":"Sam","at":"2026-09-07T09:10:00.000Z"},
        {"record":"screen","id":"s-2","name":"Settings","critical":false,"files":[],"by":"Mei Chen","at":"2026-09-07T09:02:00.000Z"},
        {"record":"evidence","id":"v-2","screen":"s-2","size":"l","file":"\(String(repeating: "0f", count: 32)).jpg","bytes":0,"name":"settings.jpg","by":"Ana","at":"2026-09-07T09:06:00.000Z"},
        {"record":"retract","id":"t-3","screen":"s-2","target":"v-2","by":"Ana","at":"2026-09-07T09:11:00.000Z"},
        {"record":"edit","id":"e-2","screen":"s-2","removed":true,"replaces":["s-2"],"by":"Bo","at":"2026-09-07T09:12:00.000Z"},
        {"record":"edit","id":"e-3","screen":"s-2","flow":"account","critical":true,"owner":null,"notes":"New notes","triage":"supported","removed":false,"replaces":["e-2","s-2"],"by":"Bo","at":"2026-09-07T09:12:30.000Z"},
        {"record":"end"}
        ]}

        """

    /// A store made from `start`, and `rest` beside it.
    func audit() throws -> CLI {
        let cli = try CLI()
        try Data(Self.start.utf8).write(to: cli.directory.appendingPathComponent("start.json"))
        try Data(Self.rest.utf8).write(to: cli.directory.appendingPathComponent("rest.json"))
        try cli.ok(["import", "start.json"])
        return cli
    }

    @Test func importCountsEveryKindInOneSentence() throws {
        let cli = try audit()
        #expect(try cli.ok(["import", "rest.json"]) == """
        Took in 2 screens, 3 screen edits, 3 recordings, 2 fixes, 2 pieces of evidence, 3 take-backs, 2 corrected notes, 1 checklist and 1 app naming from rest.json (1 record already here)
          new screens: Cart ⛰, Settings

        """)
    }

    @Test func importCountsEveryKindInJSON() throws {
        let cli = try audit()
        let report = try cli.json(["import", "rest.json"]) as? [String: Any]
        #expect(report?["added"] as? [String: Int] == ["audit": 1, "checklist": 1, "screen": 2, "edit": 3, "recording": 3, "fix": 2, "evidence": 2,
                                                       "retract": 3, "amend": 2, "filing": 0, "dissent": 0, "waive": 0])
    }

    @Test func historySaysWhatEveryKindDid() throws {
        let cli = try audit()
        try cli.ok(["import", "rest.json"])
        #expect(try cli.ok(["history", "--each", "--all"]) == """
        2026-09-07 09:14  checklist tiny v3 in use (2 items)  by Mei Chen
        2026-09-07 09:13  audit of Summit  by Ana
        2026-09-07 09:12  Settings  flow account, critical, no owner, notes changed, triaged supported, restored  by Bo
        2026-09-07 09:12  Settings  removed  by Bo
        2026-09-07 09:11  Settings  took back evidence settings.jpg [v-2]  by Ana
        2026-09-07 09:10  Cart ⛰  took back fix custom [f-2]  by Sam
        2026-09-07 09:09  Cart ⛰  corrected the note of fix stack-flip [f-1]: cleared  by Sam
        2026-09-07 09:08  Cart ⛰  corrected the note of fail ax5 text-scales [r-1]: "Clipped at the edge"  by Ana
        2026-09-07 09:07  Cart ⛰  took back na ax3 no-truncation [r-2]: wrong screen  by Ana
        2026-09-07 09:06  Settings  evidence settings.jpg at l  by Ana  [v-2]  (taken back)
        2026-09-07 09:05  Cart ⛰  fix custom  by Sam  [f-2]  (taken back)
        2026-09-07 09:05  Cart ⛰  fix stack-flip no-truncation, text-scales  AnyLayout | HStack (PR 7)  by Sam  [f-1]
        2026-09-07 09:04  Cart ⛰  pass  xs: text-scales  by run UITests.xcresult #3f2a9c1e4b5d, imported by Bo  [r-3]
        2026-09-07 09:04  Cart ⛰  evidence Cart ax5.png at ax5 for text-scales  by Ana  [v-1]
        2026-09-07 09:04  Cart ⛰  n/a  ax3: no-truncation  by Ana  [r-2]  (taken back)
        2026-09-07 09:04  Cart ⛰  fail  ax5: text-scales  Clipped "Pay" now  by Ana  [r-1]
        2026-09-07 09:03  Cart ⛰  renamed to Cart ⛰, no flow, not critical, owner Ana, notes cleared, triage cleared, files + C/*.swift, files - A/*.swift  by Ana
        2026-09-07 09:02  Settings  added  by Mei Chen
        2026-09-07 09:01  Cart ⛰  added to the flow check|out, critical  by Mei Chen
        2026-09-07 09:00  checklist tiny v2 in use (2 items)  by Mei Chen
        2026-09-07 09:00  audit of Trail|head ⛰  by Mei Chen

        """)
    }

    @Test func historyColoursWhatEachKindDid() throws {
        let cli = try audit()
        try cli.ok(["import", "rest.json"])
        #expect(try cli.ok(["history", "--all", "--color", "always"]) == """
        \u{1B}[2m2026-09-07 09:14\u{1B}[0m  checklist tiny v3 in use (2 items)\u{1B}[2m  by Mei Chen\u{1B}[0m
        \u{1B}[2m2026-09-07 09:13\u{1B}[0m  audit of \u{1B}[1mSummit\u{1B}[0m\u{1B}[2m  by Ana\u{1B}[0m
        \u{1B}[2m2026-09-07 09:12\u{1B}[0m  \u{1B}[1mSettings\u{1B}[0m  \u{1B}[36mflow account, critical, no owner, notes changed, triaged supported, restored\u{1B}[0m\u{1B}[2m  by Bo\u{1B}[0m
        \u{1B}[2m2026-09-07 09:12\u{1B}[0m  \u{1B}[1mSettings\u{1B}[0m  \u{1B}[36mremoved\u{1B}[0m\u{1B}[2m  by Bo\u{1B}[0m
        \u{1B}[2m2026-09-07 09:11\u{1B}[0m  \u{1B}[1mSettings\u{1B}[0m  \u{1B}[33mtook back \u{1B}[0mevidence settings.jpg [v-2]\u{1B}[2m  by Ana\u{1B}[0m
        \u{1B}[2m2026-09-07 09:10\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[33mtook back \u{1B}[0mfix custom [f-2]\u{1B}[2m  by Sam\u{1B}[0m
        \u{1B}[2m2026-09-07 09:09\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[33mcorrected the note of \u{1B}[0mfix stack-flip [f-1]: cleared\u{1B}[2m  by Sam\u{1B}[0m
        \u{1B}[2m2026-09-07 09:08\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[33mcorrected the note of \u{1B}[0mfail ax5 text-scales [r-1]: "Clipped at the edge"\u{1B}[2m  by Ana\u{1B}[0m
        \u{1B}[2m2026-09-07 09:07\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[33mtook back \u{1B}[0mna ax3 no-truncation [r-2]: wrong screen\u{1B}[2m  by Ana\u{1B}[0m
        \u{1B}[2m2026-09-07 09:06\u{1B}[0m  \u{1B}[1mSettings\u{1B}[0m  evidence settings.jpg at l\u{1B}[2m  by Ana\u{1B}[0m\u{1B}[2m  [v-2]\u{1B}[0m\u{1B}[31m  (taken back)\u{1B}[0m
        \u{1B}[2m2026-09-07 09:05\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[36mfix custom\u{1B}[0m\u{1B}[2m  by Sam\u{1B}[0m\u{1B}[2m  [f-2]\u{1B}[0m\u{1B}[31m  (taken back)\u{1B}[0m
        \u{1B}[2m2026-09-07 09:05\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[36mfix stack-flip\u{1B}[0m no-truncation, text-scales  AnyLayout | HStack\u{1B}[2m (PR 7)\u{1B}[0m\u{1B}[2m  by Sam\u{1B}[0m\u{1B}[2m  [f-1]\u{1B}[0m
        \u{1B}[2m2026-09-07 09:04\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[32mpass\u{1B}[0m  xs: text-scales\u{1B}[2m  by run UITests.xcresult #3f2a9c1e4b5d, imported by Bo  [r-3]\u{1B}[0m
        \u{1B}[2m2026-09-07 09:04\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  evidence Cart ax5.png at ax5 for text-scales\u{1B}[2m  by Ana\u{1B}[0m\u{1B}[2m  [v-1]\u{1B}[0m
        \u{1B}[2m2026-09-07 09:04\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[2mn/a\u{1B}[0m  ax3: no-truncation\u{1B}[2m  by Ana  [r-2]\u{1B}[0m\u{1B}[31m  (taken back)\u{1B}[0m
        \u{1B}[2m2026-09-07 09:04\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[31mfail\u{1B}[0m  ax5: text-scales  Clipped "Pay" now\u{1B}[2m  by Ana  [r-1]\u{1B}[0m
        \u{1B}[2m2026-09-07 09:03\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[36mrenamed to Cart ⛰, no flow, not critical, owner Ana, notes cleared, triage cleared, files + C/*.swift, files - A/*.swift\u{1B}[0m\u{1B}[2m  by Ana\u{1B}[0m
        \u{1B}[2m2026-09-07 09:02\u{1B}[0m  \u{1B}[1mSettings\u{1B}[0m  \u{1B}[36madded\u{1B}[0m\u{1B}[2m  by Mei Chen\u{1B}[0m
        \u{1B}[2m2026-09-07 09:01\u{1B}[0m  \u{1B}[1mCart ⛰\u{1B}[0m  \u{1B}[36madded\u{1B}[0m to the flow check|out, critical\u{1B}[2m  by Mei Chen\u{1B}[0m
        \u{1B}[2m2026-09-07 09:00\u{1B}[0m  checklist tiny v2 in use (2 items)\u{1B}[2m  by Mei Chen\u{1B}[0m
        \u{1B}[2m2026-09-07 09:00\u{1B}[0m  audit of \u{1B}[1mTrail|head ⛰\u{1B}[0m\u{1B}[2m  by Mei Chen\u{1B}[0m

        """)
    }
}
