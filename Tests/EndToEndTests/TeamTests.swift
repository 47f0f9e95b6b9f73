import Foundation
import Testing

/// A team sharing one audit through a real git repository with branches, as Docs/interchange.md
/// tells them to: each scenario that lost or blocked work before the log, run the way people run it.
@Suite(.tags(.endToEnd)) struct TeamTests {
    /// A bare repository and clones of it, each a teammate with their own name.
    struct Team {
        let cli: CLI
        var origin: URL { cli.directory.appendingPathComponent("origin.git") }

        init() throws {
            cli = try CLI()
            try git(["init", "-q", "--bare", "-b", "main", origin.path], in: cli.directory)
        }

        func clone(_ name: String) throws -> URL {
            let folder = cli.directory.appendingPathComponent(name)
            try git(["clone", "-q", origin.path, folder.path], in: cli.directory)
            try git(["config", "user.name", name], in: folder)
            try git(["config", "user.email", "\(name)@example.com"], in: folder)
            try git(["checkout", "-q", "-B", "main"], in: folder)
            return folder
        }

        @discardableResult
        func git(_ arguments: [String], in folder: URL, allowFailure: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> Spawn.Result {
            let result = try Spawn.run("/usr/bin/env", ["git"] + arguments, in: folder, environment: cli.environment)
            if !allowFailure {
                #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)", sourceLocation: sourceLocation)
            }
            return result
        }

        /// `dtaudit` as the clone's owner.
        @discardableResult
        func dtaudit(_ arguments: [String], in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let result = try cli.run(arguments, in: folder, environment: ["DTAUDIT_USER": folder.lastPathComponent])
            #expect(result.status == 0, "dtaudit \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
            return result.stdout
        }

        /// Sync, commit everything and push; pulls first when the remote moved.
        func share(_ folder: URL, _ message: String) throws {
            try dtaudit(["sync"], in: folder)
            try git(["add", "-A"], in: folder)
            try git(["commit", "-q", "-m", message], in: folder, allowFailure: true)
            try git(["push", "-q", "origin", "main"], in: folder)
        }

        /// Alice starts the audit of Trailhead with Checkout and Settings and shares it; Bob clones.
        func started() throws -> (alice: URL, bob: URL) {
            let alice = try clone("alice")
            try dtaudit(["init", "--app", "Trailhead"], in: alice)
            try dtaudit(["screen", "add", "Checkout", "--critical", "--file", "App/Checkout/*.swift"], in: alice)
            try dtaudit(["screen", "add", "Settings"], in: alice)
            try share(alice, "Start the audit")
            let bob = try clone("bob")
            try dtaudit(["sync"], in: bob)
            return (alice, bob)
        }

        func file(_ folder: URL) throws -> String {
            try String(contentsOf: folder.appendingPathComponent("Exports/trailhead.json"), encoding: .utf8)
        }
    }

    @Test func aFreshCloneIsSetUpBySyncAndNeverPushedTowardInit() throws {
        let team = try Team()
        let alice = try team.clone("alice")
        try team.dtaudit(["init", "--app", "Trailhead"], in: alice)
        try team.dtaudit(["screen", "add", "Checkout"], in: alice)
        try team.share(alice, "Start")
        let bob = try team.clone("bob")
        let status = try team.cli.run(["status"], in: bob)
        #expect(status.status == 66)
        #expect(status.stderr.contains("this repository shares an audit in Exports/trailhead.json; run 'dtaudit sync'"))
        let initialized = try team.cli.run(["init", "--app", "Trailhead"], in: bob)
        #expect(initialized.status == 73)
        #expect(initialized.stderr.contains("'dtaudit sync' sets up your store from it"))
        let synced = try team.dtaudit(["sync"], in: bob)
        #expect(synced.contains("Set up the audit store .git/dtaudit/root from Exports/trailhead.json"))
        #expect(try team.dtaudit(["screen", "list"], in: bob).contains("Checkout"))
        // Nothing to commit: the store stays out of git, the file is as it was.
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.isEmpty)
    }

    @Test func anOwnerSetOnOneSideAndResultsOnTheOtherBothSurviveAGitMerge() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["screen", "edit", "Checkout", "--owner", "Ana"], in: alice)
        try team.share(alice, "Owner")
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"], in: bob)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay hidden"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.git(["commit", "-q", "-am", "Results"], in: bob)
        // No .gitattributes, no driver: git's plain merge leaves conflict markers around records.
        let pull = try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob, allowFailure: true)
        let merged = try team.file(bob)
        #expect(pull.status != 0 && merged.contains("<<<<<<<"), "both sides added to Checkout: a plain merge conflicts")
        let taken = try team.dtaudit(["sync"], in: bob)
        #expect(!taken.contains("error"))
        #expect(!(try team.file(bob)).contains("<<<<<<<"))
        let checkout = try #require(try JSONSerialization.jsonObject(with: Data(team.dtaudit(["screen", "show", "Checkout", "--json"], in: bob).utf8)) as? [String: Any])
        #expect(checkout["owner"] as? String == "Ana")
        #expect(try team.dtaudit(["history", "Checkout"], in: bob).contains("Pay hidden"))
        try team.git(["add", "-A"], in: bob)
        try team.git(["commit", "-q", "-m", "Merge"], in: bob)
        try team.git(["push", "-q", "origin", "main"], in: bob)
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        #expect(try team.file(alice) == (try team.file(bob)))
        #expect(try team.dtaudit(["history", "Checkout"], in: alice).contains("Pay hidden"))
    }

    @Test func withTheMergeDriverARenameAndRecordingsMergeWithoutAConflict() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        let setup = try team.dtaudit(["git-setup"], in: alice)
        #expect(setup.contains("Git now merges Exports/trailhead.json with dtaudit's merge driver"))
        try team.share(alice, "Merge audit files with dtaudit")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.dtaudit(["git-setup"], in: bob)
        // A branch each: Alice renames Settings, Bob records on it under its old name.
        try team.dtaudit(["screen", "edit", "Settings", "--name", "Preferences"], in: alice)
        try team.share(alice, "Rename")
        try team.git(["checkout", "-q", "-b", "results"], in: bob)
        try team.dtaudit(["record", "Settings", "--size", "ax3", "--item", "no-truncation", "--fail", "--note", "Clipped"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.git(["commit", "-q", "-am", "Results"], in: bob)
        try team.git(["checkout", "-q", "main"], in: bob)
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        let merge = try team.git(["merge", "-q", "--no-edit", "results"], in: bob, allowFailure: true)
        #expect(merge.status == 0, "the driver leaves no conflict: \(merge.output)")
        #expect(!(try team.file(bob)).contains("<<<<<<<"))
        let sync = try team.dtaudit(["sync"], in: bob)
        #expect(sync.contains("Up to date") || sync.contains("Took in"))
        let history = try team.dtaudit(["history", "Preferences"], in: bob)
        #expect(history.contains("Clipped") && history.contains("renamed to Preferences"))
        #expect(!(try team.dtaudit(["screen", "list"], in: bob)).contains("Settings"))
    }

    /// A merge the driver cannot make (one side is not an audit file) is left to the user, and the
    /// driver's one line says truly what git does then: it marks the file as conflicted with our
    /// version in it, and does not merge the file itself.
    @Test func whenTheDriverCannotMergeItSaysWhatGitDoesAndGitDoesThat() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["git-setup"], in: alice)
        try team.share(alice, "Merge audit files with dtaudit")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.dtaudit(["git-setup"], in: bob)
        try team.git(["checkout", "-q", "-b", "broken"], in: bob)
        try Data("not an audit file\n".utf8).write(to: bob.appendingPathComponent("Exports/trailhead.json"))
        try team.git(["commit", "-q", "-am", "Replace the audit file"], in: bob)
        try team.git(["checkout", "-q", "main"], in: bob)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay hidden"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.git(["commit", "-q", "-am", "Results"], in: bob)
        let ours = try team.file(bob)

        let merge = try team.git(["merge", "--no-edit", "broken"], in: bob, allowFailure: true)
        #expect(merge.status == 1)
        let said = merge.output.split(separator: "\n").filter { $0.contains("cannot be merged as an audit file") }
        #expect(said.count == 1, "\(merge.output)")
        #expect(said.first?.hasPrefix("error: Exports/trailhead.json cannot be merged as an audit file (their version (%B), line 1: ") == true,
                "\(said)")
        #expect(said.first?.hasSuffix("; git marks it as conflicted with our version in it: mend it, then 'git add' it") == true)
        #expect(merge.output.contains("CONFLICT (content): Merge conflict in Exports/trailhead.json"))
        // As said: unmerged in the index (base, ours, theirs), our version in the file byte for byte.
        let unmerged = try team.git(["ls-files", "--unmerged", "--", "Exports/trailhead.json"], in: bob).stdout
        #expect(unmerged.split(separator: "\n").count == 3)
        #expect(try team.file(bob) == ours)
        #expect(try team.dtaudit(["history", "Checkout"], in: bob).contains("Pay hidden"))
    }

    @Test func removalsTakeBacksAndCorrectionsTravelAndAnOlderFileDoesNotUndoThem() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        let older = try team.file(alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Wrong screen"], in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "Pay cut of"], in: alice)
        try team.dtaudit(["fix", "Checkout", "--type", "scroll", "--item", "no-truncation"], in: alice)
        let ids = try #require(try JSONSerialization.jsonObject(with: Data(team.dtaudit(["history", "--json"], in: alice).utf8)) as? [[String: Any]])
        func id(_ kind: String, _ note: String? = nil) throws -> String {
            try #require(ids.first { $0["kind"] as? String == kind && (note == nil || $0["note"] as? String == note) }?["id"] as? String)
        }
        try team.dtaudit(["retract", String(try id("recording", "Wrong screen").prefix(8)), "--note", "recorded on Settings"], in: alice)
        try team.dtaudit(["amend", try id("recording", "Pay cut of"), "--note", "Pay cut off"], in: alice)
        try team.dtaudit(["undo"], in: alice)
        try team.dtaudit(["screen", "edit", "Checkout", "--remove-file", "App/Checkout/*.swift"], in: alice)
        try team.dtaudit(["screen", "remove", "Settings"], in: alice)
        try team.share(alice, "Corrections")

        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        // An older file, imported again, brings nothing back.
        try Data(older.utf8).write(to: team.cli.directory.appendingPathComponent("older.json"))
        try team.dtaudit(["import", "../older.json"], in: bob)
        let show = try team.dtaudit(["screen", "show", "Checkout"], in: bob)
        #expect(!show.contains("Wrong screen"))
        #expect(show.contains("Pay cut off"))
        #expect(!show.contains("App/Checkout"))
        #expect(!(try team.dtaudit(["screen", "list"], in: bob)).contains("Settings"))
        let history = try team.dtaudit(["history"], in: bob)
        #expect(history.contains("took back fail ax5 reachable"))
        #expect(history.contains("took back fix scroll"))
        #expect(history.contains("corrected the note of"))
        #expect(history.contains("(taken back)"))
        let fixes = try #require(try JSONSerialization.jsonObject(with: Data(team.dtaudit(["status", "--json"], in: bob).utf8)) as? [String: Any])
        #expect((fixes["fixes"] as? [String: Int])?.values.reduce(0, +) ?? 0 == 0)
    }

    @Test func screenshotsTravelInTheSharedEvidenceFolder() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try Fixture.write(Fixture.png("pay"), "pay-ax5.png", in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", "pay-ax5.png"], in: alice)
        let synced = try team.dtaudit(["sync"], in: alice)
        #expect(synced.contains("copied 1 evidence file into Exports/trailhead-evidence/"))
        try FileManager.default.removeItem(at: alice.appendingPathComponent("pay-ax5.png"))
        try team.share(alice, "Evidence")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        let taken = try team.dtaudit(["sync"], in: bob)
        #expect(taken.contains("took 1 evidence file from Exports/trailhead-evidence/ into the store"))
        let list = try team.dtaudit(["evidence", "list"], in: bob)
        #expect(list.contains("pay-ax5.png"))
        #expect(!list.contains("No evidence yet"))
    }

    @Test func exportRefusesToDropATeammatesRecordsAndSyncTakesThemIn() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"], in: alice)
        try team.share(alice, "Results")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        // Bob pulled but forgot to sync: his store lacks Alice's recording, which is in the file.
        let status = try team.cli.run(["status"], in: bob, environment: ["DTAUDIT_USER": "bob"])
        #expect(status.stderr.contains("Exports/trailhead.json changed since this store last synced with it; 'dtaudit sync' takes in what it brought"))
        let export = try team.cli.run(["export", "--format", "json"], in: bob, environment: ["DTAUDIT_USER": "bob"])
        #expect(export.status == 1)
        #expect(export.stderr == "error: Exports/trailhead.json holds 1 record this store lacks, which writing it would drop; run 'dtaudit sync' to take them in and write the file, or --force to replace it anyway\n")
        try team.dtaudit(["sync"], in: bob)
        #expect(try team.dtaudit(["export", "--format", "json"], in: bob).contains("Already up to date"))
    }
}
