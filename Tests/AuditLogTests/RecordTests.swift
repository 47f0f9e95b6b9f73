import DynamicType
import Evidence
import Testing
@testable import AuditLog

/// One record of every kind, with every optional field set somewhere.
enum Samples {
    static let time = Timestamp(iso8601: "2026-09-07T09:00:00.000Z")!

    static func at(_ minutes: Int) -> Timestamp { time.adding(minutes: minutes) }

    static let checklist = Checklist(name: "dynamic-type", title: "Dynamic Type", version: "2", summary: "Checks.\nTwo lines.",
                                     items: [ChecklistItem(id: "text-scales", title: "Text scales", howToCheck: "Look.", sizes: [.xs, .ax5],
                                                           severity: .critical, scaling: true, fix: .textStyle, wcag: ["1.4.4"]),
                                             ChecklistItem(id: "no-truncation", title: "No \"cut\" text", howToCheck: "", sizes: [.ax3],
                                                           severity: .major)],
                                     source: "# Dynamic Type\n")

    static let all: [LogRecord] = [
        .audit(AppNaming(id: "a-1", app: "Trail|head ⛰", by: "Mei Chen", at: at(0))),
        .checklist(ChecklistAdoption(id: "c-1", checklist: checklist, by: "Mei Chen", at: at(0))),
        .screen(Screen(id: "s-1", name: "Checkout: cart", flow: "checkout", critical: true, owner: "Sam", notes: "Pay | now\nsecond line",
                       triage: .broken, files: ["B/*.swift", "A/*.swift"], createdAt: at(1), createdBy: "Mei Chen")),
        .screen(Screen(id: "s-2", name: "Settings", createdAt: at(2), createdBy: "Mei Chen")),
        .edit(ScreenEdit(id: "e-1", screen: "s-1", name: "Cart", flow: .some(nil), critical: false, owner: .some("Ana"), notes: .some(nil),
                         triage: .some(nil), removed: true, addFiles: ["C/*.swift"], removeFiles: ["A/*.swift"], replaces: ["s-1"], by: "Ana", at: at(3))),
        .recording(Recording(id: "r-1", screen: "s-1", item: "text-scales", size: .ax5, status: .fail, note: "Clipped \"Pay\"", by: "Ana", at: at(4))),
        .recording(Recording(id: "r-2", screen: "s-1", item: "no-truncation", size: .ax3, status: .na, note: nil, by: "Ana", at: at(4))),
        .fix(Fix(id: "f-1", screen: "s-1", type: .stackFlip, items: ["no-truncation", "text-scales"], note: "AnyLayout", ref: "PR 7", by: "Sam", at: at(5))),
        .fix(Fix(id: "f-2", screen: "s-1", type: .custom, items: [], note: nil, ref: nil, by: "Sam", at: at(5))),
        .evidence(EvidenceAttachment(id: "v-1", screen: "s-1", size: .ax5, item: "text-scales", recording: "r-1", hash: String(repeating: "ab", count: 32),
                                     kind: .png, bytes: 1234, name: "Cart ax5.png", by: "Ana", at: at(4))),
        .evidence(EvidenceAttachment(id: "v-2", screen: "s-2", size: .l, item: nil, recording: nil, hash: String(repeating: "0f", count: 32),
                                     kind: .jpeg, bytes: 0, name: "settings.jpg", run: "UI.xcresult #3f2a9c1e4b5d", by: "Ana", at: at(6))),
        .retract(Retraction(id: "t-1", screen: "s-1", target: "r-2", note: "wrong screen", by: "Ana", at: at(7))),
        .amend(Amendment(id: "m-1", screen: "s-1", target: "r-1", note: "Clipped at the edge", by: "Ana", at: at(8))),
        .amend(Amendment(id: "m-2", screen: "s-1", target: "f-1", note: nil, by: "Sam", at: at(9))),
        .filing(Filing(id: "g-1", problem: "p-0123456789abcdef01234567", tracker: "github:acme/trailhead", issue: 12, url: "https://github.com/acme/trailhead/issues/12",
                       state: .open, item: "no-truncation", cells: [FiledCell(screen: "s-1", size: .ax5)], digest: "abc123", by: "Ana", at: at(10))),
        .filing(Filing(id: "g-2", problem: "p-0123456789abcdef01234567", tracker: "jira", issue: nil, url: nil, state: .exported, item: "no-truncation",
                       cells: [], digest: nil, by: "Sam", at: at(11))),
        .dissent(Dissent(id: "d-1", screen: "s-1", item: "text-scales", size: .ax5, status: .pass, note: "all 2 labels grow", run: "UI.xcresult #3f2a9c1e4b5d",
                         kept: "r-1", by: "Ana", at: at(10))),
        .waive(Waiver(id: "w-1", screen: "s-1", item: "text-scales", element: "tab.home", type: "Button", reason: "Large Content Viewer", everywhere: true,
                      by: "Mei Chen", at: at(11))),
        .waive(Waiver(id: "w-2", screen: "s-2", item: "no-overlap", element: "Badge \"3\"", type: nil, reason: "by design", everywhere: false,
                      by: "Mei Chen", at: at(11))),
    ]

    static func read(_ line: String, number: Int = 1) throws(InterchangeError) -> LogRecord? {
        if case .record(let record) = try RecordReader.read(line: ArraySlice(line.utf8), number: number) { return record }
        return nil
    }
}

@Suite struct RecordTests {
    @Test func everyKindReadsBackAsItWasWritten() throws {
        for record in Samples.all {
            let line = record.line
            #expect(try Samples.read(line) == record, "\(line)")
            #expect(try Samples.read(line + ",")?.line == line)
        }
        #expect(Set(Samples.all.map(\.kind)) == Set(LogRecord.Kind.allCases))
    }

    @Test func aFilingNamesEachCellOnceSoThatItsLineReadsBackEqual() throws {
        let cell = FiledCell(screen: "s-1", size: .ax5)
        let filing = Filing(id: "g-3", problem: "p-0123456789abcdef01234567", tracker: "jira", issue: nil, url: nil, state: .exported, item: "no-truncation",
                            cells: [cell, FiledCell(screen: "s-2", size: .ax5), cell], digest: nil, by: "Sam", at: Samples.at(12))
        #expect(filing.cells == [cell, FiledCell(screen: "s-2", size: .ax5)])
        let line = LogRecord.filing(filing).line
        #expect(try Samples.read(line) == .filing(filing), "\(line)")
    }

    @Test func aLineInAnotherLayoutReadsToTheCanonicalLine() throws {
        let spaced = #"{ "at" : "2026-09-07T10:04:00+01:00", "by":"Ana", "status":"pass","size":"ax5","item":"text-scales","screen":"s-1","id":"r-9","record":"recording" }"#
        let record = try #require(try Samples.read(spaced))
        #expect(record.line == #"{"record":"recording","id":"r-9","screen":"s-1","item":"text-scales","size":"ax5","status":"pass","by":"Ana","at":"2026-09-07T09:04:00.000Z"}"#)
    }

    @Test func aRecordingNamesTheAutomatedRunThatMadeItAndOneWithoutReadsAsBefore() throws {
        let line = #"{"record":"recording","id":"r-9","screen":"s-1","item":"no-truncation","size":"ax5","status":"fail","note":"Text clipped","run":"UITests.xcresult #3f2a9c1e4b5d","by":"Ana","at":"2026-09-07T09:04:00.000Z"}"#
        guard case .recording(let recording) = try Samples.read(line, number: 1) else { Issue.record("not a recording"); return }
        #expect(recording.run == "UITests.xcresult #3f2a9c1e4b5d")
        #expect(LogRecord.recording(recording).line == line)
        // A line written before runs were recorded has no run: a person's recording, read as it always was.
        let older = #"{"record":"recording","id":"r-9","screen":"s-1","item":"no-truncation","size":"ax5","status":"fail","note":"Text clipped","by":"Ana","at":"2026-09-07T09:04:00.000Z"}"#
        guard case .recording(let person) = try Samples.read(older, number: 1) else { Issue.record("not a recording"); return }
        #expect(person.run == nil)
        #expect(LogRecord.recording(person).line == older)
    }

    @Test func evidenceNamesTheAutomatedRunThatAttachedItAndEvidenceWithoutReadsAsBefore() throws {
        let hash = String(repeating: "ab", count: 32)
        let line = #"{"record":"evidence","id":"v-9","screen":"s-1","size":"ax5","file":"\#(hash).png","bytes":12,"name":"Checkout_ax5.png","run":"UITests.xcresult #3f2a9c1e4b5d","by":"Ana","at":"2026-09-07T09:04:00.000Z"}"#
        guard case .evidence(let attached) = try Samples.read(line) else { Issue.record("not evidence"); return }
        #expect(attached.run == "UITests.xcresult #3f2a9c1e4b5d")
        #expect(LogRecord.evidence(attached).line == line)
        // A person's, or one written before evidence named its run: no run, the line as it was.
        let older = #"{"record":"evidence","id":"v-9","screen":"s-1","size":"ax5","file":"\#(hash).png","bytes":12,"name":"Checkout_ax5.png","by":"Ana","at":"2026-09-07T09:04:00.000Z"}"#
        guard case .evidence(let person) = try Samples.read(older) else { Issue.record("not evidence"); return }
        #expect(person.run == nil)
        #expect(LogRecord.evidence(person).line == older)
        // A run's name is a name: not blank.
        let blank = #"{"record":"evidence","id":"v-9","screen":"s-1","size":"ax5","file":"\#(hash).png","bytes":12,"name":"x.png","run":" ","by":"Ana","at":"2026-09-07T09:04:00.000Z"}"#
        #expect(throws: InterchangeError.self) { try Samples.read(blank) }
    }

    @Test func aRecordingSaysWhatItsAuthorHadSeenOfItsCellAndOneWithoutReadsAsBefore() throws {
        let line = #"{"record":"recording","id":"r-9","screen":"s-1","item":"reachable","size":"ax5","status":"fail","follows":"r-1","round":3,"by":"Ana","at":"2026-09-07T09:04:00.000Z"}"#
        guard case .recording(let recording) = try Samples.read(line, number: 1) else { Issue.record("not a recording"); return }
        #expect(recording.follows == "r-1" && recording.round == 3)
        #expect(LogRecord.recording(recording).line == line)
        let older = #"{"record":"recording","id":"r-9","screen":"s-1","item":"reachable","size":"ax5","status":"fail","by":"Ana","at":"2026-09-07T09:04:00.000Z"}"#
        guard case .recording(let unseen) = try Samples.read(older, number: 1) else { Issue.record("not a recording"); return }
        #expect(unseen.follows == nil && unseen.round == 0)
        #expect(LogRecord.recording(unseen).line == older)
        // Round first: a recording made in sight of another stands over it, dated a year before it.
        var seen = unseen
        seen.round = 1
        seen.at = Samples.at(0)
        var ahead = unseen
        ahead.at = Timestamp(iso8601: "9999-12-31T23:59:59.999Z")!
        #expect(CellRule.supersedes(seen, ahead) && !CellRule.supersedes(ahead, seen))
        // Within one round, the later by time, then by id.
        #expect(CellRule.supersedes(ahead, unseen))
    }

    @Test func theReaderRefusesWhatNoDtauditWrites() {
        let cases: [(String, String)] = [
            (#"{"record":"recording","id":"r 1","screen":"s","item":"a","size":"l","status":"pass","by":"A","at":"2026-01-01"}"#, "field 'id'"),
            (#"{"record":"recording","id":"r1","screen":"s","item":"a","size":"l","status":"pass","by":"A","at":"2026-01-01","colour":"red"}"#, "unknown field 'colour'"),
            (#"{"record":"edit","id":"e1","screen":"s","by":"A","at":"2026-01-01"}"#, "changes nothing"),
            (#"{"record":"recording","id":"r1","screen":"s","item":"a","size":"l","status":"pass","run":"UI\u001b[2J","by":"A","at":"2026-01-01"}"#, "field 'run'"),
            (#"{"record":"recording","id":"r1","screen":"s","item":"a","size":"l","status":"pass","run":"","by":"A","at":"2026-01-01"}"#, "field 'run'"),
            (#"{"record":"screen","id":"s1","name":"A\u001b[2J","critical":false,"by":"A","at":"2026-01-01"}"#, "control character"),
            (#"{"record":"evidence","id":"v1","screen":"s","size":"l","file":"../../etc/passwd","bytes":1,"name":"x","by":"A","at":"2026-01-01"}"#, "field 'file'"),
            (#"{"record":"amend","id":"m1","screen":"s","target":"r1","by":"A","at":"2026-01-01"}"#, "field 'note'"),
            (#"{"record":"item","id":"text-scales"}"#, "unknown record kind 'item'"),
            (#"{"record":"fix","id":"f1","screen":"s","type":"glue","items":[],"by":"A","at":"2026-01-01"}"#, "field 'type'"),
            (#"{"record":"recording","id":"r1","screen":"s","item":"a","size":"l","status":"pass","round":0,"by":"A","at":"2026-01-01"}"#, "field 'round'"),
            (#"{"record":"recording","id":"r1","screen":"s","item":"a","size":"l","status":"pass","round":1099511627777,"by":"A","at":"2026-01-01"}"#, "field 'round'"),
            (#"{"record":"recording","id":"r1","screen":"s","item":"a","size":"l","status":"pass","round":"2","by":"A","at":"2026-01-01"}"#, "field 'round'"),
            (#"{"record":"recording","id":"r1","screen":"s","item":"a","size":"l","status":"pass","follows":"r 0","round":1,"by":"A","at":"2026-01-01"}"#, "field 'follows'"),
        ]
        for (line, expected) in cases {
            do {
                _ = try Samples.read(line, number: 7)
                Issue.record("accepted \(line)")
            } catch {
                #expect(error.line == 7)
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }

    @Test func stampsOrderByTimeThenByIdAsBytes() {
        let early = Stamp(at: Samples.at(0), id: "z")
        let late = Stamp(at: Samples.at(1), id: "a")
        #expect(early < late)
        #expect(Stamp(at: Samples.at(0), id: "B") < Stamp(at: Samples.at(0), id: "a"))
        #expect(!(Stamp(at: Samples.at(0), id: "a") < Stamp(at: Samples.at(0), id: "a")))
    }

    @Test func placesPutTheAuditFirstThenEachScreensStoryInTheOrderScreensWereAdded() {
        var added: [String: Stamp] = [:]
        for case .screen(let screen) in Samples.all { added[screen.id] = Stamp(at: screen.createdAt, id: screen.id) }
        let ordered = Samples.all.shuffled().sorted {
            LogPlace($0, screenAdded: $0.kind == .screen ? nil : $0.screen.flatMap { added[$0] })
                < LogPlace($1, screenAdded: $1.kind == .screen ? nil : $1.screen.flatMap { added[$0] })
        }
        #expect(ordered.map(\.id) == ["a-1", "c-1", "g-1", "g-2", "s-1", "e-1", "r-1", "r-2", "v-1", "f-1", "f-2", "t-1", "m-1", "m-2", "d-1", "w-1", "s-2", "v-2", "w-2"])
    }

    /// The digest a sync compares is 64-bit FNV-1a of the line's UTF-8 bytes, whether it is taken
    /// of the line or of its bytes (the first three from the FNV authors' test vectors).
    @Test func aLinesDigestIsFNV1aOfItsBytes() {
        let vectors: [(String, UInt64)] = [("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
                                           ("café ⟨AX5⟩", 0x7d6a_990d_30dc_0c0e)]
        for (line, digest) in vectors {
            #expect(LineDigest.of(line) == Int64(bitPattern: digest), "\(line)")
            #expect(LineDigest.of(Array(line.utf8)) == Int64(bitPattern: digest), "\(line)")
        }
    }
}

@Suite struct FoldTests {
    let added = Screen(id: "s", name: "Checkout", owner: "Sam", files: ["A"], createdAt: Samples.at(0), createdBy: "Mei")

    func edit(_ id: String, at minute: Int, replaces: [String], _ change: (inout ScreenEdit) -> Void) -> LogRecord {
        var edit = ScreenEdit(id: id, screen: "s", replaces: replaces, by: "Ana", at: Samples.at(minute))
        change(&edit)
        return .edit(edit)
    }

    @Test func anEditThatSawThePreviousValueReplacesItEvenWithAnEarlierClock() throws {
        let first = edit("e1", at: 5, replaces: ["s"]) { $0.owner = .some("Ana") }
        let second = edit("e2", at: 2, replaces: ["e1"]) { $0.owner = .some("Bo") }
        let fold = try #require(ScreenFold([.screen(added), first, second].shuffled()))
        #expect(fold.screen.owner == "Bo")
        #expect(fold.conflicts.isEmpty)
    }

    @Test func editsMadeApartAreBothHeadsAndTheLaterStandsEverywhere() throws {
        let ana = edit("e1", at: 5, replaces: ["s"]) { $0.owner = .some("Ana") }
        let bo = edit("e2", at: 6, replaces: ["s"]) { $0.owner = .some("Bo") }
        let records: [LogRecord] = [.screen(added), ana, bo]
        let fold = try #require(ScreenFold(records))
        #expect(fold.screen.owner == "Bo")
        #expect(fold.conflicts["owner"]?.map(\.id) == ["e1", "e2"])
        let edits = fold.concurrentEdits(in: records)
        #expect(edits.map(\.field) == ["owner"])
        #expect(edits.first?.kept.text == "Bo")
        #expect(edits.first?.overridden.map(\.text) == ["Ana"])
        // Someone who saw both settles it.
        let settled = edit("e3", at: 7, replaces: fold.replaces(["owner"])) { $0.owner = .some("Kim") }
        let after = try #require(ScreenFold(records + [settled]))
        #expect(after.screen.owner == "Kim")
        #expect(after.conflicts.isEmpty)
    }

    @Test func removalFilesAndUntouchedFields() throws {
        let remove = edit("e1", at: 3, replaces: []) { $0.removed = true }
        let files = edit("e2", at: 4, replaces: ["s"]) {
            $0.addFiles = ["B"]
            $0.removeFiles = ["A"]
        }
        let restore = edit("e3", at: 5, replaces: ["e1"]) { $0.removed = false }
        let removed = try #require(ScreenFold([.screen(added), remove, files]))
        #expect(removed.removed)
        #expect(removed.screen.files == ["B"])
        #expect(removed.screen.owner == "Sam")
        #expect(try #require(ScreenFold([.screen(added), remove, files, restore])).removed == false)
        #expect(ScreenFold([remove]) == nil)
    }

    @Test func clashingNamesGetNumbersInTheOrderScreensWereAdded() {
        let shown = ScreenNames.disambiguated([(id: "b", name: "Settings", createdAt: Samples.at(2)),
                                               (id: "a", name: "settings", createdAt: Samples.at(1)),
                                               (id: "c", name: "Settings (2)", createdAt: Samples.at(0)),
                                               (id: "d", name: "Map", createdAt: Samples.at(0))])
        #expect(shown == ["b": "Settings (3)"])
    }

    @Test func formatOneConvertsTheSameWayOnEveryMachine() {
        let screens = [Screen(id: "", name: "Checkout", owner: "Sam", triage: .broken, files: ["A"], createdAt: Samples.at(1), createdBy: "Mei")]
        let recording = Recording(id: "0b6f3c9e-7c1d-4e55-9a4b-1f2e3d4c5b6a", screen: "checkout", item: "text-scales", size: .ax5, status: .pass,
                                  note: nil, by: "Ana", at: Samples.at(2))
        let one = FormatOne(app: "Trailhead", createdAt: Samples.at(0), createdBy: "Mei", checklist: Samples.checklist, screens: screens,
                            recordings: [recording], fixes: [])
        let records = one.records()
        #expect(records.map(\.line) == one.records().map(\.line))
        let screenID = FormatOne.screenID(name: "CHECKOUT")
        #expect(records.contains { $0.kind == .screen && $0.id == screenID })
        #expect(records.contains { if case .recording(let converted) = $0 { converted.screen == screenID && converted.id == recording.id } else { false } })
        let fold = ScreenFold(records.filter { $0.screen == screenID })
        #expect(fold?.screen.owner == "Sam")
        #expect(fold?.screen.triage == .broken)
        #expect(fold?.conflicts.isEmpty == true)
    }
}
