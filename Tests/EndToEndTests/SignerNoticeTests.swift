import Foundation
import Testing

/// Records carry a name nobody typed: the first command that signs records in a store says whose
/// name that is, where it came from and how to change it, once in each clone.
@Suite(.tags(.endToEnd)) struct SignerNoticeTests {
    /// A machine whose only name is git's global one, as on a laptop set up once for work.
    static func globalNameOnly(_ cli: CLI, name: String = "Acme maintainers") throws -> [String: String] {
        let config = cli.directory.appendingPathComponent("global.gitconfig")
        try "[user]\n\tname = \(name)\n".write(to: config, atomically: true, encoding: .utf8)
        return ["DTAUDIT_USER": "", "GIT_CONFIG_GLOBAL": config.path, "GIT_CONFIG_NOSYSTEM": "1", "HOME": cli.directory.path]
    }

    static let said = "recording as "

    @Test func theFirstCommandThatSignsSaysWhoAndHowToChangeItAndTheNextDoesNot() throws {
        let cli = try CLI()
        let environment = try Self.globalNameOnly(cli)
        let started = try cli.run(["init", "--app", "Trailhead"], environment: environment)
        #expect(started.status == 0)
        #expect(started.stderr.contains("note: recording as 'Acme maintainers' (git's global user.name); git config user.name \"Your Name\" changes it for this repository"),
                "\(started.stderr)")
        #expect(started.stderr.contains("DTAUDIT_USER=NAME or --by NAME records as someone else"))
        #expect(!started.stdout.contains(Self.said))
        let added = try cli.run(["screen", "add", "Checkout"], environment: environment)
        #expect(added.status == 0 && !added.stderr.contains(Self.said), "\(added.stderr)")
        let recorded = try cli.run(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"], environment: environment)
        #expect(recorded.status == 0 && !recorded.stderr.contains(Self.said), "\(recorded.stderr)")
        #expect(try cli.history().first?["by"] as? String == "Acme maintainers")
    }

    @Test func aNameTypedWithByIsNotAnnouncedAndLeavesTheWordForTheNextCommand() throws {
        let cli = try CLI()
        var environment = try Self.globalNameOnly(cli)
        let started = try cli.run(["init", "--app", "Trailhead", "--by", "Ana Lima"], environment: environment)
        #expect(started.status == 0 && !started.stderr.contains(Self.said), "\(started.stderr)")
        environment["DTAUDIT_USER"] = "Mei Chen"
        let added = try cli.run(["screen", "add", "Checkout"], environment: environment)
        #expect(added.stderr.contains("note: recording as 'Mei Chen' (from DTAUDIT_USER)"), "\(added.stderr)")
        let again = try cli.run(["screen", "add", "Settings"], environment: environment)
        #expect(!again.stderr.contains(Self.said))
    }

    @Test func aCommandThatSignsNothingSaysNothing() throws {
        let cli = try CLI()
        let environment = try Self.globalNameOnly(cli)
        try cli.run(["init", "--app", "Trailhead", "--by", "Ana Lima"], environment: environment)
        for arguments in [["status"], ["next"], ["history"], ["export", "--output", "-"]] {
            let result = try cli.run(arguments, environment: environment)
            #expect(result.status == 0 && !result.stderr.contains(Self.said), "\(arguments): \(result.stderr)")
        }
        let recorded = try cli.run(["triage", "Checkout", "broken"], environment: environment)
        #expect(recorded.status != 0 && !recorded.stderr.contains(Self.said), "a command that fails signs nothing: \(recorded.stderr)")
    }

    /// Each clone keeps its own store, so each is told once, with the name git gives there.
    @Test func aFreshCloneIsToldAgain() throws {
        let team = try TeamTests.Team()
        let alice = try team.clone("alice")
        let unnamed = ["DTAUDIT_USER": "", "GIT_CONFIG_NOSYSTEM": "1"]
        let started = try team.cli.run(["init", "--app", "Trailhead"], in: alice, environment: unnamed)
        #expect(started.stderr.contains("note: recording as 'alice' (git's user.name for this repository); git config user.name \"Your Name\" changes it"),
                "\(started.stderr)")
        let added = try team.cli.run(["screen", "add", "Checkout"], in: alice, environment: unnamed)
        #expect(added.status == 0 && !added.stderr.contains(Self.said))
        try team.share(alice, "Start the audit")

        let bob = try team.clone("bob")
        // Bob is told when his clone's store is set up, before he records anything under that name.
        let joined = try team.cli.run(["sync"], in: bob, environment: unnamed)
        #expect(joined.status == 0 && joined.stderr.contains("note: recording as 'bob' (git's user.name for this repository)"), "\(joined.stderr)")
        let first = try team.cli.run(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"], in: bob, environment: unnamed)
        #expect(first.status == 0 && !first.stderr.contains(Self.said), "\(first.stderr)")
        let second = try team.cli.run(["record", "Checkout", "--size", "ax3", "--item", "reachable", "--pass"], in: bob, environment: unnamed)
        #expect(second.status == 0 && !second.stderr.contains(Self.said))

        // Alice was told already, in her clone, whatever bob's records brought.
        try team.share(bob, "Checkout at ax5")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice)
        try team.cli.run(["sync"], in: alice, environment: unnamed)
        let hers = try team.cli.run(["record", "Checkout", "--size", "l", "--item", "reachable", "--pass"], in: alice, environment: unnamed)
        #expect(hers.status == 0 && !hers.stderr.contains(Self.said), "\(hers.stderr)")
    }

    /// Whoever tries the demo records as its example auditor, never under their own git name.
    @Test func theDemoRecordsAsItsOwnAuditor() throws {
        let cli = try CLI()
        let environment = try Self.globalNameOnly(cli)
        #expect(try cli.run(["demo", "--quiet"], environment: environment).status == 0)
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        let recorded = try cli.run(["record", "Home", "--size", "ax5", "--item", "reachable", "--pass"], in: demo, environment: environment)
        #expect(recorded.status == 0)
        #expect(recorded.stderr.contains("note: recording as 'Ana Lima' (the name this example audit records as); DTAUDIT_USER=NAME or --by NAME records as someone else"),
                "\(recorded.stderr)")
        let newest = try cli.run(["history", "Home", "--json", "--all"], in: demo, environment: environment)
        #expect(!newest.stdout.contains("Acme maintainers"))
        let entries = try JSONSerialization.jsonObject(with: Data(newest.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(entries.first?["by"] as? String == "Ana Lima")
    }
}
