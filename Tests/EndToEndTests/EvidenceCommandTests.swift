import Foundation
import Testing

/// Evidence attached with `record`, imported from folders, listed, limited and cleaned up.
@Suite(.tags(.endToEnd)) struct EvidenceCommandTests {
    /// `sha256sum FILE` when the tool is installed, to check the store's own SHA-256.
    static func systemSHA256(_ url: URL, cli: CLI) -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum"),
              let result = try? Spawn.run("/usr/bin/sha256sum", [url.path], in: cli.directory, environment: cli.environment),
              result.status == 0 else { return nil }
        return result.stdout.split(separator: " ").first.map(String.init)
    }

    @Test func evidenceIsStoredOnceUnderItsContentHashAndStaysByteIdentical() throws {
        let cli = try CLI().initialized()
        let original = try Fixture.write(Fixture.png("pay button", padding: 5000), "shots/a.png", in: cli.directory)
        let copy = try Fixture.write(Data(contentsOf: original), "elsewhere/b.png", in: cli.directory)

        let recorded = try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay hidden", "--evidence", "shots/a.png"])
        #expect(recorded.contains("evidence: a.png (PNG, 5 KB)"))
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-overlap", "--pass", "--evidence", "elsewhere/b.png", "--evidence", copy.path])

        let stored = try cli.storedEvidence()
        #expect(stored.count == 1)
        let name = try #require(stored.first)
        #expect(name.hasSuffix(".png") && name.count == 64 + 4)
        if let expected = Self.systemSHA256(original, cli: cli) { #expect(name == expected + ".png") }
        let storedURL = cli.evidenceFolder.appendingPathComponent(name)
        #expect(try Data(contentsOf: storedURL) == Data(contentsOf: original))

        // The audit keeps the evidence when the original goes away.
        try FileManager.default.removeItem(at: original)
        let screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        let cells = try #require(screen["cells"] as? [[String: Any]])
        let reachable = try #require(cells.first { $0["item"] as? String == "reachable" && $0["size"] as? String == "ax5" })
        let evidence = try #require((reachable["evidence"] as? [[String: Any]])?.first)
        #expect(evidence["name"] as? String == "a.png")
        #expect(evidence["kind"] as? String == "png")
        #expect(evidence["bytes"] as? Int == 16 + 10 + 5000)
        #expect(evidence["path"] as? String == ".dtaudit/evidence/" + name)
        #expect(evidence["sha256"] as? String == String(name.prefix(64)))
        #expect(evidence["attachedBy"] as? String == "Tess Tester")
        let noOverlap = try #require(cells.first { $0["item"] as? String == "no-overlap" && $0["size"] as? String == "ax3" })
        // Given twice under two paths, the same content is attached once.
        #expect((noOverlap["evidence"] as? [Any])?.count == 1)

        let text = try cli.ok(["screen", "show", "Checkout"])
        #expect(text.contains("Evidence"))
        #expect(text.contains("ax5  reachable   a.png  attached by Tess Tester, 20") && text.contains("  PNG  5 KB  .dtaudit/evidence/" + name), "\(text)")
        #expect(try String(contentsOf: cli.evidenceFolder.appendingPathComponent(".gitignore"), encoding: .utf8).contains("*"))
    }

    @Test func filesThatAreNotEvidenceAreRefusedInOneLineAndChangeNothing() throws {
        let cli = try CLI().initialized()
        try cli.ok(["evidence", "limit", "1KB"])
        try Fixture.write(Data("I am text with a .png name".utf8), "fake.png", in: cli.directory)
        try Fixture.write(Fixture.png("big", padding: 2000), "big.png", in: cli.directory)
        try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        let before = try cli.storeBytes()
        // Status 65 for a file that is not acceptable evidence, 66 for one that is not there.
        let cases: [(String, Int32, String)] = [
            ("fake.png", 65, "error: fake.png is not evidence dtaudit accepts: its content is text; accepted are PNG, JPEG, HEIC, PDF, MOV or MP4 files, whatever their name"),
            ("missing.png", 66, "error: no file at missing.png"),
            ("folder.png", 66, "error: folder.png is not a file; give a screenshot or a screen recording"),
            ("big.png", 65, "error: big.png is 2 KB; evidence files may be up to 1 KB (change it with 'dtaudit evidence limit')"),
        ]
        for (file, status, message) in cases {
            let result = try cli.run(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", file])
            #expect(result.status == status, "\(file)")
            #expect(result.stderr == message + "\n", "\(file)")
        }
        #expect(try cli.storeBytes() == before)
        #expect(try cli.storedEvidence().isEmpty)
        #expect((try cli.history()).isEmpty == true)
    }

    @Test func kindsAreToldByContentNotByName() throws {
        let cli = try CLI().initialized()
        try Fixture.write(Fixture.mp4(), "clip.dat", in: cli.directory)
        try Fixture.write(Fixture.jpeg("photo"), "photo.txt", in: cli.directory)
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", "clip.dat", "--evidence", "photo.txt"])
        let list = try #require(try cli.json(["evidence", "list"]) as? [[String: Any]])
        #expect(list.map { $0["kind"] as? String ?? "" } == ["mp4", "jpeg"])
        #expect(Set(try cli.storedEvidence().map { String($0.split(separator: ".").last ?? "") }) == ["mp4", "jpg"])
    }

    /// A folder holding every naming style the tool recognises, and files it must not attach.
    static func snapshotFolder(_ cli: CLI) throws {
        try cli.ok(["screen", "add", "Checkout: cart"])
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["screen", "add", "Sign in"])
        let files = [
            "testCheckout.accessibility5.png", "Checkout_AX5@3x.png", "checkout-accessibility-extra-extra-extra-large.png",
            "__Snapshots__/CheckoutTests/test_checkout.accessibilityExtraExtraExtraLarge.png",
            "__Snapshots__/SettingsTests/testDefault.large.png", "Checkout-cart_l.png", "SIGN_IN.extraSmall.png",
            "Checkout_ax3_no-overlap.png", "PaymentSheet_AX1.png", "Profile_ax5.png", "Checkout.png",
        ]
        for file in files { try Fixture.write(Fixture.png(file), "shots/" + file, in: cli.directory) }
        try Fixture.write(Data("release notes".utf8), "shots/notes.png", in: cli.directory)
        try Fixture.write(Data(), "shots/.DS_Store", in: cli.directory)
        try Fixture.write(Data("# file names = screen\nPaymentSheet = Checkout: cart\n".utf8), "map.txt", in: cli.directory)
    }

    @Test func importDryRunMapsEveryNamingStyleAndChangesNothing() throws {
        let cli = try CLI().initialized()
        try Self.snapshotFolder(cli)
        let before = try cli.storeBytes()
        let plan = try #require(try cli.json(["evidence", "import", "shots", "--screen-map", "map.txt", "--dry-run"]) as? [String: Any])
        #expect(plan["dryRun"] as? Bool == true)
        let attached = try #require(plan["attached"] as? [[String: Any]])
        let mapping = Dictionary(uniqueKeysWithValues: attached.map { entry in
            (entry["file"] as? String ?? "", [entry["screen"], entry["size"], entry["item"], entry["matchedBy"]].map { "\($0 ?? "")" }.joined(separator: "|"))
        })
        #expect(mapping == [
            "testCheckout.accessibility5.png": "Checkout|ax5|<null>|name",
            "Checkout_AX5@3x.png": "Checkout|ax5|<null>|name",
            "checkout-accessibility-extra-extra-extra-large.png": "Checkout|ax5|<null>|name",
            "__Snapshots__/CheckoutTests/test_checkout.accessibilityExtraExtraExtraLarge.png": "Checkout|ax5|<null>|name",
            "__Snapshots__/SettingsTests/testDefault.large.png": "Settings|l|<null>|folder",
            "Checkout-cart_l.png": "Checkout: cart|l|<null>|name",
            "SIGN_IN.extraSmall.png": "Sign in|xs|<null>|name",
            "Checkout_ax3_no-overlap.png": "Checkout|ax3|no-overlap|name",
            "PaymentSheet_AX1.png": "Checkout: cart|ax1|<null>|map",
        ])
        let unmatched = try #require(plan["unmatched"] as? [[String: Any]])
        let reasons = Dictionary(uniqueKeysWithValues: unmatched.map { ($0["file"] as? String ?? "", $0["reason"] as? String ?? "") })
        #expect(reasons.keys.sorted() == ["Checkout.png", "Profile_ax5.png", "notes.png"])
        #expect(reasons["Checkout.png"]?.hasPrefix("no size in its name") == true)
        #expect(reasons["Profile_ax5.png"]?.hasPrefix("no screen is named like 'Profile_ax5'") == true)
        #expect(reasons["notes.png"] == "not a PNG, JPEG, HEIC, PDF, MOV or MP4 file: its content is text")
        #expect(try cli.storeBytes() == before)
        #expect(try cli.storedEvidence().isEmpty)

        // The same map saved by a Windows editor (byte order mark, CR LF) maps the same.
        try Fixture.write(Data("\u{FEFF}# file names = screen\r\nPaymentSheet = Checkout: cart\r\n".utf8), "windows.txt", in: cli.directory)
        let windows = try #require(try cli.json(["evidence", "import", "shots", "--screen-map", "windows.txt", "--dry-run"]) as? [String: Any])
        #expect((windows["attached"] as? [[String: Any]])?.count == attached.count)

        let text = try cli.ok(["evidence", "import", "shots", "--screen-map", "map.txt", "--dry-run"])
        #expect(text.contains("Would attach 9 files:"))
        #expect(text.contains("Dry run: 9 files to 4 screens, 3 not matched; nothing was changed."))
    }

    @Test func importAttachesEachFileOnceAndScreenShowListsTheScreenshots() throws {
        let cli = try CLI().initialized()
        try Self.snapshotFolder(cli)
        let first = try cli.ok(["evidence", "import", "shots", "--screen-map", "map.txt"])
        #expect(first.contains("Attached 9 files:"))
        #expect(try cli.storedEvidence().count == 9)
        let again = try cli.ok(["evidence", "import", "shots", "--screen-map", "map.txt"])
        #expect(again.contains("Nothing new to attach, 9 already attached, 3 not matched."))
        #expect(try cli.storedEvidence().count == 9)

        let screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        let screenshots = try #require(screen["screenshots"] as? [[String: Any]])
        #expect(screenshots.count == 4)
        #expect(screenshots.allSatisfy { $0["size"] as? String == "ax5" && $0["recording"] is NSNull })
        let cells = try #require(screen["cells"] as? [[String: Any]])
        let noOverlap = try #require(cells.first { $0["item"] as? String == "no-overlap" && $0["size"] as? String == "ax3" })
        #expect((noOverlap["evidence"] as? [[String: Any]])?.first?["name"] as? String == "Checkout_ax3_no-overlap.png")
        let text = try cli.ok(["screen", "show", "Checkout"])
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("  ax5  screen ") && $0.contains("Checkout_AX5@3x.png") }, "\(text)")
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("  ax3  no-overlap ") && $0.contains("Checkout_ax3_no-overlap.png") })
    }

    /// An older screenshot of a size is listed after the latest, marked superseded, each with who attached it and its day.
    @Test func theLatestScreenshotComesFirstAndOlderOnesAreSuperseded() throws {
        let cli = try CLI().initialized()
        try Fixture.write(Fixture.png("before"), "old/Checkout_ax5.png", in: cli.directory)
        try Fixture.write(Fixture.png("after"), "new/Checkout_ax5.png", in: cli.directory)
        try cli.ok(["evidence", "import", "old"])
        try cli.ok(["evidence", "import", "new"])
        let screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        let screenshots = try #require(screen["screenshots"] as? [[String: Any]])
        #expect(screenshots.map { $0["superseded"] as? Bool } == [false, true], "\(screenshots)")
        let lines = try cli.ok(["screen", "show", "Checkout"]).split(separator: "\n").filter { $0.hasPrefix("  ax5  ") }
        #expect(lines.count == 2 && lines[0].contains("  screen ") && lines[1].contains("  superseded ") && lines.allSatisfy { $0.contains("attached by Tess Tester, 20") }, "\(lines)")
    }

    @Test func badFoldersAndScreenMapsAreOneLineErrors() throws {
        let cli = try CLI().initialized()
        try Fixture.write(Fixture.png(), "shots/Checkout_ax5.png", in: cli.directory)
        try Fixture.write(Data("# comment\nnonsense\n".utf8), "bad.txt", in: cli.directory)
        try Fixture.write(Data("Pay = Nowhere\n".utf8), "unknown.txt", in: cli.directory)
        let cases: [([String], Int32, String)] = [
            (["evidence", "import", "missing"], 66, "error: no folder at missing\n"),
            (["evidence", "import", "bad.txt"], 66, "error: bad.txt is a file, not a folder; give the folder that holds the screenshots\n"),
            (["evidence", "import", "shots", "--screen-map", "bad.txt"], 65, "error: bad.txt line 2: expected 'name in file names = screen', found 'nonsense'; nothing was changed\n"),
            (["evidence", "import", "shots", "--screen-map", "unknown.txt"], 65, "error: unknown.txt line 1: no screen named 'Nowhere'; 'dtaudit screen list' shows them; nothing was changed\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
        #expect(try cli.storedEvidence().isEmpty)
    }

    @Test func gcReportsFirstAndNeverRemovesAReferencedFile() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        try Fixture.write(Fixture.png("kept"), "kept.png", in: cli.directory)
        try Fixture.write(Fixture.png("settings"), "shots/Settings_ax5.png", in: cli.directory)
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", "kept.png"])
        try cli.ok(["evidence", "import", "shots"])
        // The screenshot taken back: its file is no longer referenced. (A removed screen's files are:
        // a restore brings them back.)
        let attached = try #require(try cli.json(["evidence", "list", "Settings"]) as? [[String: Any]])
        try cli.ok(["retract", try #require(attached.first?["id"] as? String), "--note", "wrong screen"])
        try Fixture.write(Data("half a copy".utf8), ".incoming-1234", in: cli.evidenceFolder)
        try Fixture.write(Data("someone's notes".utf8), "notes.txt", in: cli.evidenceFolder)
        let stored = try cli.storedEvidence()
        #expect(stored.count == 4)

        let report = try cli.ok(["evidence", "gc"])
        #expect(report.contains("2 files (") && report.contains("would be removed:"))
        #expect(report.contains("first stored as Settings_ax5.png"))
        #expect(report.contains("left by an interrupted copy"))
        #expect(report.contains("Run 'dtaudit evidence gc --remove' to remove them."))
        #expect(report.contains("Left alone, not made by dtaudit: notes.txt"))
        #expect(try cli.storedEvidence() == stored)

        let json = try #require(try cli.json(["evidence", "gc"]) as? [String: Any])
        #expect((json["unreferenced"] as? [Any])?.count == 1)
        #expect((json["leftovers"] as? [Any])?.count == 1)
        #expect(json["removed"] as? Bool == false)

        let removed = try cli.ok(["evidence", "gc", "--remove"])
        #expect(removed.contains("Removed 2 files"))
        let left = try cli.storedEvidence()
        #expect(left.count == 2)
        #expect(left.contains("notes.txt"))
        let kept = try #require(left.first { $0.hasSuffix(".png") })
        #expect(try Data(contentsOf: cli.evidenceFolder.appendingPathComponent(kept)) == Fixture.png("kept"))
        #expect(try cli.ok(["evidence", "gc"]).contains("Nothing to remove"))
        let list = try #require(try cli.json(["evidence", "list"]) as? [[String: Any]])
        #expect(list.count == 1)
    }

    @Test func theSizeLimitIsAStoreSetting() throws {
        let cli = try CLI().initialized()
        #expect(try cli.ok(["evidence", "limit"]) == "Evidence files may be up to 50 MB (the default).\n")
        #expect(try cli.ok(["evidence", "limit", "200 MB"]) == "Evidence files may now be up to 200 MB.\n")
        #expect((try cli.json(["evidence", "limit"]) as? [String: Any])?["bytes"] as? Int == 200_000_000)
        let bad = try cli.run(["evidence", "limit", "lots"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'lots' is not a size between 1 KB and 4 GB"))
        #expect(try cli.ok(["evidence", "limit", "default"]).contains("50 MB (the default)"))
    }

    /// Killing `record` at any point while it copies a large file leaves either nothing or the
    /// whole answer, and never a recording that names a missing file.
    @Test(arguments: [0.02, 0.15, 0.4])
    func aKilledCopyLeavesTheStoreConsistent(delay: Double) throws {
        let cli = try CLI().initialized()
        try Fixture.write(Fixture.png("large", padding: 30_000_000), "large.png", in: cli.directory)
        let process = try cli.start(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", "large.png"])
        Thread.sleep(forTimeInterval: delay)
        process.signal(SIGKILL)
        _ = process.finish()

        let history = try cli.history()
        let list = try #require(try cli.json(["evidence", "list"]) as? [[String: Any]])
        let gc = try #require(try cli.json(["evidence", "gc"]) as? [String: Any])
        #expect((gc["missing"] as? [Any])?.isEmpty == true)
        #expect(list.count == history.count)
        if let path = list.first?["path"] as? String {
            #expect(FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent(path).path))
        }
        try cli.ok(["evidence", "gc", "--remove"])
        #expect(try cli.storedEvidence().count == history.count)
    }
}
