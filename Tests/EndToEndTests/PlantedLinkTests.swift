import Foundation
import Testing

/// What a hostile repository can commit to reach another checkout's audit through a fresh clone:
/// links where the store, the shared file or the evidence go. Each is refused before anything is
/// read, and nothing is read from or written to where the link points.
@Suite(.tags(.endToEnd)) struct PlantedLinkTests {
    typealias Team = TeamTests.Team

    /// Another project on the same machine, with an audit of its own: what a planted link aims at.
    struct Victim {
        let folder: URL

        init(_ team: Team) throws {
            folder = team.cli.directory.appendingPathComponent("secret-project")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try team.git(["init", "-q", "-b", "main"], in: folder)
            try team.dtaudit(["init", "--app", "Secret"], in: folder)
            try team.dtaudit(["screen", "add", "Private Ledger"], in: folder)
            try Fixture.write(Fixture.png("ledger"), "ledger.png", in: folder)
            try team.dtaudit(["record", "Private Ledger", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Salaries shown",
                              "--evidence", "ledger.png"], in: folder)
            try team.dtaudit(["sync"], in: folder)
        }

        /// Every file of the project, by path, with its bytes (a link as its target).
        func bytes() throws -> [String: Data] {
            try PlantedLinkTests.bytes(under: folder)
        }
    }

    /// The bytes of every file under `folder`, by relative path, leaving out git's own folder but
    /// for the stores dtaudit keeps there.
    static func bytes(under folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
        for case let path as String in walker where !(path.hasPrefix(".git/") && !path.hasPrefix(".git/dtaudit/")) && path != ".git" {
            let full = base + "/" + path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                result[path] = Data(("link to " + target).utf8)
            } else if (try? FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType) == .typeRegular {
                result[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return result
    }

    /// Alice's repository with a change planted by `plant` (run in her clone; it returns the path
    /// it planted, which is committed past the store's `.gitignore` files), and a fresh clone of it.
    func plantedClone(_ team: Team, _ plant: (URL) throws -> String) throws -> URL {
        let alice = try team.clone("alice")
        try team.dtaudit(["init", "--app", "Trailhead"], in: alice)
        try team.dtaudit(["screen", "add", "Checkout"], in: alice)
        try Fixture.write(Fixture.png("pay"), "pay-ax5.png", in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", "pay-ax5.png"], in: alice)
        try FileManager.default.removeItem(at: alice.appendingPathComponent("pay-ax5.png"))
        try team.share(alice, "Start the audit")
        let planted = try plant(alice)
        try team.git(["add", "-A"], in: alice)
        try team.git(["add", "--force", "--", planted], in: alice)
        try team.git(["commit", "-q", "-m", "Planted"], in: alice)
        try team.git(["push", "-q", "origin", "main"], in: alice)
        return try team.clone("mallory-victim")
    }

    /// Replaces `path` in `folder` with a symbolic link to `target` (relative to the link's folder).
    static func link(_ path: String, in folder: URL, to target: String) throws {
        let url = folder.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    @Test func aCommittedStoreLinkIsRefusedAndTheLinkedStoreIsNeitherReadNorWritten() throws {
        let team = try Team()
        let victim = try Victim(team)
        let clone = try plantedClone(team) { alice in
            // The other project's store, where dtaudit keeps it, linked as an earlier release's store folder.
            try Self.link(".dtaudit", in: alice, to: "../secret-project/.git/dtaudit/root")
            return ".dtaudit"
        }
        let before = try victim.bytes()
        let committed = try Self.bytes(under: clone.appendingPathComponent("Exports"))
        for arguments in [["sync"], ["status"], ["record", "Checkout", "--size", "ax3", "--item", "reachable", "--pass"], ["init", "--app", "Trailhead", "--new"]] {
            let result = try team.cli.run(arguments, in: clone)
            #expect(result.status == 65, "\(arguments): \(result.output)")
            #expect(result.stderr.hasSuffix(".dtaudit is a symbolic link (to ../secret-project/.git/dtaudit/root); dtaudit uses a .dtaudit it finds by itself only "
                                            + "when it is a real folder, never another checkout's store. Nothing was read or changed: remove the link "
                                            + "(git rm it if committed) and run 'dtaudit sync' to set up this clone's own store, or pass --store to use "
                                            + "the linked one on purpose\n"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try victim.bytes() == before, "the linked store and its project are as they were")
        #expect(try Self.bytes(under: clone.appendingPathComponent("Exports")) == committed, "nothing of the linked audit reached the clone")
        #expect(try team.git(["status", "--porcelain"], in: clone).stdout.isEmpty)

        // Given on purpose, the linked store is used; the way the message says sets up the clone's own.
        #expect(try team.dtaudit(["--store", ".dtaudit", "screen", "list"], in: clone).contains("Private Ledger"))
        try team.git(["rm", "-q", ".dtaudit"], in: clone)
        #expect(try team.dtaudit(["sync"], in: clone).contains("Set up the audit store .git/dtaudit/root from Exports/trailhead.json"))
        let screens = try team.dtaudit(["screen", "list"], in: clone)
        #expect(screens.contains("Checkout") && !screens.contains("Private Ledger"))
    }

    @Test func aStoreAboveTheRepositoryIsNotFoundFromInsideIt() throws {
        let cli = try CLI().initialized()
        let app = cli.directory.appendingPathComponent("app/Sources")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let team = try Team()
        try team.git(["init", "-q"], in: app.deletingLastPathComponent())
        let status = try cli.run(["status"], in: app)
        #expect(status.status == 66, "\(status.output)")
        #expect(status.stderr.contains("or any folder above it (the search stops at the repository's root)"), "\(status.stderr)")
        #expect(try cli.ok(["--store", "../../.dtaudit", "screen", "list"], in: app).contains("Checkout"))
    }

    /// The places of a store or a shared audit that a clone could carry as links, each aimed at
    /// the same place of the other project.
    static let plantedLinks: [(path: String, target: String)] = [
        (".dtaudit/audit.sqlite", "../../secret-project/.git/dtaudit/root/audit.sqlite"),
        (".dtaudit/evidence", "../../secret-project/.git/dtaudit/root/evidence"),
        (".dtaudit/audit.sqlite-wal", "../../secret-project/Exports/secret.json"),
        ("Exports", "../secret-project/Exports"),
        ("Exports/trailhead.json", "../../secret-project/Exports/secret.json"),
        ("Exports/trailhead-evidence", "../../secret-project/Exports/secret-evidence"),
    ]

    @Test(arguments: plantedLinks.indices) func aLinkPlantedInTheStoreOrTheSharedAuditIsRefusedAndLeavesNoStore(_ index: Int) throws {
        let (path, target) = Self.plantedLinks[index]
        let team = try Team()
        let victim = try Victim(team)
        let clone = try plantedClone(team) { alice in
            try Self.link(path, in: alice, to: target)
            return path
        }
        let before = try victim.bytes()
        let result = try team.cli.run(["sync"], in: clone)
        #expect(result.status == 65, "\(path): \(result.output)")
        #expect(result.stderr.contains("\(path) is a symbolic link (to \(target))") && result.stderr.contains("Nothing was read or changed"),
                "\(path): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try victim.bytes() == before, "\(path): the other project is as it was")
        let database = try? FileManager.default.attributesOfItem(atPath: clone.appendingPathComponent(".git/dtaudit/root/audit.sqlite").path)
        #expect(database?[.type] as? FileAttributeType != .typeRegular, "\(path): no store was set up")
        #expect(try team.git(["status", "--porcelain"], in: clone).stdout.isEmpty, "\(path): nothing in the clone changed")
    }

    @Test func aStoredEvidenceFileThatIsALinkIsNeverReadNorShared() throws {
        let team = try Team()
        let secret = team.cli.directory.appendingPathComponent("id_secret")
        try Data("private key material".utf8).write(to: secret)
        var stored = ""
        let clone = try plantedClone(team) { alice in
            stored = try #require(try FileManager.default.contentsOfDirectory(atPath: alice.appendingPathComponent("Exports/trailhead-evidence").path).first)
            // The shared copy goes, and where an earlier release kept the store's own copy, a link to a private file.
            try FileManager.default.removeItem(at: alice.appendingPathComponent("Exports/trailhead-evidence/" + stored))
            try Self.link(".dtaudit/evidence/" + stored, in: alice, to: secret.path)
            return ".dtaudit/evidence/" + stored
        }
        let synced = try team.dtaudit(["sync"], in: clone)
        #expect(synced.contains("1 evidence file the records name is in neither the store nor Exports/trailhead-evidence/"), "\(synced)")
        let shared = try Self.bytes(under: clone.appendingPathComponent("Exports"))
        #expect(!shared.values.contains { String(decoding: $0, as: UTF8.self).contains("private key material") }, "the linked file was shared")
        #expect(try team.git(["status", "--porcelain"], in: clone).stdout.isEmpty, "nothing to commit")
        let export = try team.cli.run(["export"], in: clone)
        #expect(export.status == 0, "\(export.stderr)")
        let exported = try Self.bytes(under: clone.appendingPathComponent("Exports"))
        #expect(!exported.values.contains { String(decoding: $0, as: UTF8.self).contains("private key material") }, "the linked file was exported")
    }

    @Test func aReportIsNotWrittenIntoALinkedExportsFolder() throws {
        let team = try Team()
        let victim = try Victim(team)
        let alice = try team.clone("alice")
        try team.dtaudit(["init", "--app", "Trailhead"], in: alice)
        try team.dtaudit(["screen", "add", "Checkout"], in: alice)
        try Self.link("Exports", in: alice, to: "../secret-project/Exports")
        let before = try victim.bytes()
        for arguments in [["export"], ["export", "--summary"], ["export", "--format", "json"]] {
            let result = try team.cli.run(arguments, in: alice)
            #expect(result.status == 65, "\(arguments): \(result.output)")
            #expect(result.stderr.contains("Exports is a symbolic link (to ../secret-project/Exports)"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try victim.bytes() == before)
    }
}
