import Foundation
import Testing

/// `dtaudit import`: taking in audit files as a union of records, and refusing bad files whole.
@Suite(.tags(.endToEnd)) struct ImportTests {
    func folder(_ cli: CLI, _ name: String) throws -> URL {
        let url = cli.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// The demo's audit file, written to `export.json` in the test's folder.
    func demoExport(_ cli: CLI) throws -> URL {
        try cli.ok(["demo", "--quiet"])
        let file = cli.directory.appendingPathComponent("export.json")
        try cli.ok(["export", "--format", "json", "--output", file.path], in: cli.directory.appendingPathComponent("dtaudit-demo"))
        return file
    }

    static let formatOne = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("InterchangeTests/Fixtures/format1-trailhead.json")

    @Test func aRoundTripThroughAFreshStoreGivesIdenticalBytes() throws {
        let cli = try CLI()
        let file = try demoExport(cli)
        let fresh = try folder(cli, "fresh")
        let created = try cli.ok(["import", file.path], in: fresh)
        #expect(created.contains("Created the audit store .dtaudit from"))
        #expect(created.contains("18 screens and 393 records"))
        let again = try cli.ok(["export", "--format", "json", "--output", "-"], in: fresh)
        #expect(again == (try read(file)))

        // The reports agree too. Scans are not part of the file: they come from the code, so both
        // stores scan the same sources first.
        let demoRoot = cli.directory.appendingPathComponent("dtaudit-demo")
        try FileManager.default.copyItem(at: demoRoot.appendingPathComponent("Trailhead"), to: fresh.appendingPathComponent("Trailhead"))
        for folder in [demoRoot, fresh] {
            #expect(try cli.run(["scan", "--record"], in: folder).status == 1)
        }
        for format in ["markdown", "csv"] {
            let original = try cli.ok(["export", "--format", format, "--date", "2026-10-13", "--output", "-"], in: demoRoot)
            let copy = try cli.ok(["export", "--format", format, "--date", "2026-10-13", "--output", "-"], in: fresh)
            #expect(original == copy, "\(format)")
        }
        func status(_ folder: URL) throws -> NSDictionary {
            var status = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok(["status", "--json"], in: folder).utf8)) as? [String: Any])
            var scan = try #require(status["scan"] as? [String: Any])
            #expect(scan["last"] is String)
            scan["last"] = nil
            status["scan"] = scan
            return status as NSDictionary
        }
        #expect(try status(fresh) == (try status(demoRoot)))
    }

    @Test func importingTheSameFileTwiceChangesNothing() throws {
        let cli = try CLI()
        let file = try demoExport(cli)
        let store = try folder(cli, "store")
        try cli.ok(["import", file.path], in: store)
        let before = try cli.ok(["export", "--format", "json", "--output", "-"], in: store)
        let second = try cli.ok(["import", file.path], in: store)
        #expect(second.contains("Nothing new in"))
        #expect(second.contains("this store has all its 393 records"))
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"], in: store) == before)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok(["import", file.path, "--json"], in: store).utf8)) as? [String: Any])
        #expect((json["added"] as? [String: Int])?.values.reduce(0, +) == 0)
        #expect(json["known"] as? Int == 393)
        #expect((json["newScreens"] as? [String])?.isEmpty == true)
    }

    @Test func twoStoresThatDivergedConvergeByImportingEachOther() throws {
        let cli = try CLI()
        let file = try demoExport(cli)
        let a = try folder(cli, "a")
        let b = try folder(cli, "b")
        try cli.ok(["import", file.path], in: a)
        try cli.ok(["import", file.path], in: b)

        // Each auditor works on their own; b renames a screen a records on.
        try cli.ok(["screen", "add", "Onboarding: tips", "--flow", "onboarding", "--critical"], in: a)
        try cli.ok(["record", "Onboarding", "--size", "ax5", "--item", "all", "--pass", "--by", "Ana Lima"], in: a)
        try cli.ok(["record", "Map", "--size", "ax5", "--item", "text-scales", "--pass", "--by", "Ana Lima"], in: a)
        try cli.ok(["fix", "Search", "--type", "scroll", "--note", "Chips scroll", "--by", "Sam"], in: a)
        try cli.ok(["record", "Settings", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Save hidden", "--by", "Mei Chen"], in: b)
        try cli.ok(["screen", "edit", "Map", "--name", "Trail map"], in: b)
        try cli.ok(["record", "Trail map", "--size", "ax3", "--item", "no-overlap", "--pass", "--by", "Mei Chen"], in: b)
        try cli.ok(["export", "--format", "json", "--output", "../a.json"], in: a)
        try cli.ok(["export", "--format", "json", "--output", "../b.json"], in: b)

        let intoA = try cli.ok(["import", "../b.json"], in: a)
        #expect(intoA.contains("Took in 1 screen edit and 2 recordings from ../b.json"))
        let intoB = try cli.ok(["import", "../a.json"], in: b)
        #expect(intoB.contains("new screens: Onboarding: tips"))
        let exportA = try cli.ok(["export", "--format", "json", "--output", "-"], in: a)
        #expect(exportA == (try cli.ok(["export", "--format", "json", "--output", "-"], in: b)))
        #expect(try cli.ok(["export", "--output", "-"], in: a) == (try cli.ok(["export", "--output", "-"], in: b)))
        // The rename and the recordings made under the old name met: one screen holds them all.
        let history = try cli.ok(["history", "Trail map", "--limit", "4"], in: a)
        #expect(history.contains("text-scales") && history.contains("no-overlap") && history.contains("renamed to Trail map"))

        // A third store gets the same whichever file it imports first.
        let c = try folder(cli, "c")
        let d = try folder(cli, "d")
        try cli.ok(["import", "../a.json"], in: c)
        try cli.ok(["import", "../b.json"], in: c)
        try cli.ok(["import", "../b.json"], in: d)
        try cli.ok(["import", "../a.json"], in: d)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"], in: c) == exportA)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"], in: d) == exportA)
    }

    @Test func gitMergesOfTwoFilesImportWithTheUnionSettingAndWithConflictMarkers() throws {
        let cli = try CLI()
        let file = try demoExport(cli)
        let a = try folder(cli, "a")
        let b = try folder(cli, "b")
        try cli.ok(["import", file.path], in: a)
        try cli.ok(["import", file.path], in: b)
        // Both add to the same screen, which a plain merge reports as a conflict.
        try cli.ok(["record", "Map", "--size", "ax5", "--item", "no-overlap", "--pass"], in: a)
        try cli.ok(["record", "Map", "--size", "ax3", "--item", "no-overlap", "--fail"], in: b)
        try cli.ok(["screen", "add", "Zebra"], in: b)
        try cli.ok(["export", "--format", "json", "--output", "../ours.json"], in: a)
        try cli.ok(["export", "--format", "json", "--output", "../theirs.json"], in: b)
        try FileManager.default.copyItem(at: cli.directory.appendingPathComponent("ours.json"), to: cli.directory.appendingPathComponent("plain.json"))

        for (merged, options) in [("ours.json", ["--union"]), ("plain.json", [])] {
            let git = try Spawn.run("/usr/bin/env", ["git", "merge-file"] + options + [merged, "export.json", "theirs.json"],
                                    in: cli.directory, environment: cli.environment)
            let text = try read(cli.directory.appendingPathComponent(merged))
            #expect(options.isEmpty ? text.contains("<<<<<<<") && git.status > 0 : git.status == 0)
            let fresh = try folder(cli, "fresh-" + merged)
            try cli.ok(["import", "../" + merged], in: fresh)
            try cli.ok(["import", "../theirs.json"], in: a)
            #expect(try cli.ok(["export", "--format", "json", "--output", "-"], in: fresh) == (try cli.ok(["export", "--format", "json", "--output", "-"], in: a)))
        }
    }

    @Test func aFormatOneFileImportsAndTheStoreWritesItInFormatThree() throws {
        let cli = try CLI()
        let store = try folder(cli, "store")
        let created = try cli.ok(["import", Self.formatOne.path], in: store)
        #expect(created.contains("18 screens"))
        let again = try cli.ok(["import", Self.formatOne.path], in: store)
        #expect(again.contains("Nothing new"))
        #expect(again.contains("format 1"))
        let written = try cli.ok(["export", "--format", "json", "--output", "-"], in: store)
        #expect(written.hasPrefix("{\"format\":3,\"needs\":\"0.3.0\",\"records\":[\n"))
        #expect(try cli.ok(["screen", "show", "Checkout: cart"], in: store).contains("Sam Okafor"))
    }

    /// Each broken file is refused with one line naming the line at fault, and the store is untouched.
    @Test func malformedTruncatedAndHostileFilesAreRefusedWhole() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"])
        try cli.ok(["export", "--format", "json", "--output", "good.json"])
        let good = try read(cli.directory.appendingPathComponent("good.json"))
        let lines = good.components(separatedBy: "\n")
        let recordingLine = try #require(lines.firstIndex { $0.contains("\"record\":\"recording\"") })
        let screenLine = try #require(lines.firstIndex { $0.contains("\"record\":\"screen\"") })
        func replacing(_ line: Int, _ old: String, _ new: String) -> String {
            var copy = lines
            copy[line] = copy[line].replacingOccurrences(of: old, with: new)
            return copy.joined(separator: "\n")
        }
        func inserting(_ text: String, after line: Int) -> String {
            var copy = lines
            copy.insert(text, at: line + 1)
            return copy.joined(separator: "\n")
        }
        let duplicate = lines[recordingLine].replacingOccurrences(of: "\"status\":\"pass\"", with: "\"status\":\"fail\"")
        let cases: [(name: String, content: Data, message: String)] = [
            ("truncated", Data(good.prefix(good.count / 2).utf8), "looks cut short"),
            ("missing end", Data(lines.filter { !$0.contains("\"record\":\"end\"") }.joined(separator: "\n").utf8), "looks cut short"),
            ("empty", Data(), "line 1: the file is empty"),
            ("not json", Data("hello".utf8), "line 1: unexpected character 'h'"),
            ("not an audit file", Data("{\"name\": 1}".utf8), "line 1: the file is not a dtaudit export"),
            ("newer format", Data(good.replacingOccurrences(of: "{\"format\":3,\"needs\":\"0.3.0\",", with: "{\"format\":4,").utf8),
             "line 1: the file is in format 4, which a newer dtaudit wrote; this is dtaudit 0.3.0, which reads formats 1 to 3: upgrade dtaudit"),
            // What a later release may add that this one cannot read: named by the release it needs, before any record is read.
            ("newer release", Data(replacing(recordingLine, "\"status\":", "\"colour\":\"red\",\"status\":")
                .replacingOccurrences(of: "\"needs\":\"0.3.0\"", with: "\"needs\":\"0.10.1\"").utf8),
             "line 1: the file needs dtaudit 0.10.1 or later to be read, and this is dtaudit 0.3.0: upgrade to 0.10.1"),
            ("wrong type", Data(replacing(screenLine, "\"critical\":true", "\"critical\":\"yes\"").utf8), "line \(screenLine + 1): field 'critical' of the screen record must be true or false, not a string"),
            ("unknown size", Data(replacing(recordingLine, "\"size\":\"ax5\"", "\"size\":\"ax6\"").utf8), "line \(recordingLine + 1): field 'size' of the recording record must be one of xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5, not \"ax6\""),
            ("unknown status", Data(replacing(recordingLine, "\"status\":\"pass\"", "\"status\":\"passed\"").utf8), "field 'status' of the recording record must be one of pass, fail, na, untested"),
            ("bad time", Data(replacing(recordingLine, "\"at\":\"", "\"at\":\"x").utf8), "field 'at' of the recording record must be a time"),
            ("unknown field", Data(replacing(recordingLine, "\"status\":", "\"colour\":\"red\",\"status\":").utf8), "the recording record has an unknown field 'colour'"),
            ("missing field", Data(replacing(recordingLine, "\"by\":\"Tess Tester\",", "").utf8), "line \(recordingLine + 1): the recording record has no 'by' field"),
            ("repeated key", Data(replacing(recordingLine, "\"status\":\"pass\"", "\"status\":\"pass\",\"status\":\"fail\"").utf8), "the field 'status' appears twice in one object"),
            ("same id, other content", Data(inserting(duplicate, after: recordingLine).utf8), "line \(recordingLine + 2): the recording '"),
            ("unknown screen", Data(replacing(recordingLine, "\"screen\":\"", "\"screen\":\"nowhere-").utf8), "refers to the screen 'nowhere-"),
            ("huge string", Data(replacing(recordingLine, "\"status\":\"pass\"", "\"status\":\"pass\",\"note\":\"\(String(repeating: "x", count: 2_000_000))\"").utf8), "a string longer than 1024 KB"),
            ("long note", Data(replacing(recordingLine, "\"status\":\"pass\"", "\"status\":\"pass\",\"note\":\"\(String(repeating: "x", count: 30_000))\"").utf8), "field 'note' of the recording record is 30000 bytes long; the limit is 20000"),
            ("control character", Data(replacing(screenLine, "\"name\":\"Checkout\"", "\"name\":\"Check\\u0007out\"").utf8), "field 'name' of the screen record must be one line without control characters"),
            ("deep nesting", Data(replacing(recordingLine, "\"status\":\"pass\"", "\"status\":\"pass\",\"note\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8), "nested more than 32 levels deep"),
            ("invalid UTF-8", Data(good.utf8.prefix(120)) + Data([0xC3, 0x28]) + Data(good.utf8.dropFirst(122)), "not valid UTF-8"),
            ("lone surrogate", Data(replacing(screenLine, "\"name\":\"Checkout\"", "\"name\":\"\\uD800x\"").utf8), "half of a surrogate pair"),
            ("item no checklist has", Data(inserting(lines[recordingLine].replacingOccurrences(of: "\"id\":\"", with: "\"id\":\"x").replacingOccurrences(of: "\"item\":\"reachable\"", with: "\"item\":\"rotation\""), after: recordingLine).utf8),
             "refers to the item 'rotation', which no checklist of the audit has"),
            ("a record after the end", Data(good.replacingOccurrences(of: "{\"record\":\"end\"}\n]}", with: "{\"record\":\"end\"}\n\(lines[recordingLine])\n]}").utf8), "a record after the closing"),
        ]
        let before = try cli.storeBytes()
        for (name, content, message) in cases {
            let path = cli.directory.appendingPathComponent("bad.json")
            try content.write(to: path)
            let result = try cli.run(["import", "bad.json"])
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: bad.json line "), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name)")
            #expect(result.stdout.isEmpty, "\(name)")
        }
        #expect(try cli.storeBytes() == before)
    }

    @Test func aRecordTheStoreHasWithOtherContentIsRefusedAndNothingIsTaken() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"])
        try cli.ok(["export", "--format", "json", "--output", "good.json"])
        let lines = try read(cli.directory.appendingPathComponent("good.json")).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("\"record\":\"recording\"") })
        var edited = lines
        // A failure moved back in time, so that an older pass would stand: refused.
        edited[index] = edited[index].replacingOccurrences(of: "\"at\":\"20", with: "\"at\":\"19")
        edited.insert(#"{"record":"screen","id":"brand-new","name":"Brand new","critical":false,"files":[],"by":"Kim","at":"2026-01-01T00:00:00.000Z"},"#, at: index)
        try Data(edited.joined(separator: "\n").utf8).write(to: cli.directory.appendingPathComponent("edited.json"))
        let before = try cli.storeBytes()
        let result = try cli.run(["import", "edited.json"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("edited.json line \(index + 2): the recording '"))
        #expect(result.stderr.contains("already in this store with other content (it differs in at)"))
        #expect(try cli.storeBytes() == before)
        #expect(!(try cli.ok(["screen", "list"])).contains("Brand new"))
    }

    @Test func aDryRunShowsWhatWouldBeAddedAndChangesNothing() throws {
        let cli = try CLI()
        let file = try demoExport(cli)
        let empty = try folder(cli, "empty")
        let wouldCreate = try cli.ok(["import", file.path, "--dry-run"], in: empty)
        #expect(wouldCreate.contains("Would create the audit store .dtaudit from"))
        #expect(!FileManager.default.fileExists(atPath: empty.appendingPathComponent(".dtaudit").path))

        let store = try folder(cli, "store")
        try cli.ok(["init", "--app", "Trailhead"], in: store)
        try cli.ok(["screen", "add", "Map", "--owner", "Someone else"], in: store)
        let output = try cli.ok(["import", file.path, "--dry-run"], in: store)
        #expect(output.contains("Would take in 18 screens"))
        #expect(output.contains("332 recordings, 10 fixes"))
        // The file's Map is another screen than this store's: both stay, the later one numbered.
        #expect(output.contains("two screens are named 'Map'"))
        #expect(output.contains("Nothing was changed (--dry-run)."))
        #expect(!(try cli.ok(["screen", "list"], in: store)).contains("Welcome"))
    }

    @Test func standardInputAndMissingFiles() throws {
        let cli = try CLI()
        let file = try demoExport(cli)
        let store = try folder(cli, "store")
        let fromInput = try cli.run(["import", "-"], in: store, input: try read(file))
        #expect(fromInput.status == 0, "\(fromInput.stderr)")
        #expect(fromInput.stdout.contains("from standard input"))
        let missing = try cli.run(["import", "nothing.json"], in: store)
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: no file 'nothing.json'\n")
        let usage = try cli.run(["import"], in: store)
        #expect(usage.status == 64)
    }
}
