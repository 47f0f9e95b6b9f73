import Foundation
import Testing

/// The words people type: what a view shows is taken back as typed, every enumerated value gets a
/// "did you mean", and a word that names another command points to it.
@Suite(.tags(.endToEnd)) struct TypedWordsTests {
    static func audit() throws -> CLI {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings", "--owner", "A. Lima"])
        try cli.ok(["record", "Settings", "--size", "ax5", "--item", "all", "--pass"])
        return cli
    }

    @Test func theWordsAViewShowsAreTakenAndEveryEnumeratedValueSuggestsTheNearest() throws {
        let cli = try Self.audit()
        // status and screen list show "re-check pending": typed as shown, it is taken.
        for typed in ["re-check pending", "Re-check-pending", "recheck-pending", "RECHECK_PENDING"] {
            let result = try cli.run(["screen", "list", "--category", typed])
            #expect(result.status == 0, "\(typed): \(result.stderr)")
        }
        let cases: [([String], String)] = [
            (["screen", "list", "--category", "re-check"], "did you mean 'recheck-pending'?"),
            (["export", "--format", "md"], "did you mean 'markdown'?"),
            (["export", "--format", "htm"], "'htm' is not one of markdown, json, csv, csv-log, openacr, vpat"),
            (["fix", "Settings", "--type", "stack"], "did you mean 'stack-flip'?"),
            (["evidence", "remove", "x"], "unknown command 'remove'; did you mean 'dtaudit retract ID'?"),
            (["checklist", "show", "no-trunc"], "no checklist or item of dynamic-type named 'no-trunc'; did you mean 'no-truncation'? Or give the path"),
            (["history", "--since", "2099-01-01"], "--since: 2099-01-01 is in the future"),
            (["history", "--since", "soon"], "'soon' is not a day"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
    }

    @Test func helpHelpChecklistShowOfAnItemAndItsCompletion() throws {
        let cli = try Self.audit()
        let help = try cli.run(["help", "help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: Run a team's Dynamic Type audit"))
        let item = try cli.ok(["checklist", "show", "no-truncation"])
        #expect(item.split(separator: "\n").first?.hasSuffix("item 2 of dynamic-type") == true, "\(item)")
        #expect(item.contains("no-truncation  No text is cut off or clipped") && !item.contains("text-scales"))
        #expect(try cli.ok(["checklist", "show", "dynamic-type"]).contains("text-scales"))
        // Tab after `checklist show` offers checklists and items, never files.
        #expect(try cli.ok(["__complete", "checklists", "no-t"]) == "no-truncation\n")
        #expect(try cli.ok(["__complete", "checklists", "dyn"]) == "dynamic-type\n")
        #expect(try cli.ok(["completions", "bash"]).contains("(0) __dtaudit_candidates checklists; return ;;"))
    }

    @Test func historyNarrowsByWhoAndSinceAndEvidenceListShowsWhatRetractTakes() throws {
        let cli = try Self.audit()
        try cli.run(["record", "Settings", "--size", "l", "--item", "text-scales", "--pass"], environment: ["DTAUDIT_USER": "Sam Okafor"])
        let sam = try cli.history(["--by", "sam  OKAFOR"])
        #expect(sam.count == 1 && sam.first?["by"] as? String == "Sam Okafor")
        #expect(try cli.history(["--by", "Tess Tester"]).count == 10)
        #expect(try cli.history(["--since", "today"]).count == 11)
        #expect(try cli.history(["--since", "7d", "--by", "Sam Okafor"]).count == 1)
        #expect(try cli.ok(["history", "--by", "Nobody"]) == "Nothing recorded by Nobody.\n")

        let shot = cli.directory.appendingPathComponent("shot.png")
        try Data(Screenshot.png(seed: 3)).write(to: shot)
        try cli.ok(["record", "Settings", "--size", "ax3", "--item", "no-truncation", "--pass", "--evidence", "shot.png"])
        let listed = try cli.ok(["evidence", "list"])
        #expect(listed.hasPrefix("ID "), "\(listed)")
        let id = try #require(listed.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
        #expect(listed.contains("'dtaudit retract ID' takes one back"))
        try cli.ok(["retract", id])
        #expect(try cli.ok(["evidence", "list"]).hasPrefix("No evidence"))
    }

    @Test func nextMineWithTheOwnerSpelledAnotherWayNamesTheOwnersThereAre() throws {
        let cli = try Self.audit()
        try cli.ok(["screen", "add", "Payment", "--owner", "Sam Okafor"])
        let mine = try cli.run(["next", "--mine"], environment: ["DTAUDIT_USER": "Ana Lima"])
        #expect(mine.status == 0)
        #expect(mine.stdout.hasPrefix("No screen is owned by Ana Lima.\nOwners in the audit: 'A. Lima', 'Sam Okafor' (--mine is you"), "\(mine.stdout)")
    }
}
