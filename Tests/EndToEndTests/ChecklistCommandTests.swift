import Foundation
import Testing

/// A team's own checklist, from the file in `Checklists/` to the store's copy.
@Suite(.tags(.endToEnd)) struct ChecklistCommandTests {
    static let ours = """
        # Our checklist

        - version: 2

        What our team checks on every screen.

        ## text-scales: Text follows the setting
        - sizes: xs, l, ax5
        - severity: critical
        - scaling: yes
        - wcag: 1.4.4

        Compare xSmall, Large and AX5.

        ## no-truncation: Nothing is cut off
        - sizes: ax3-ax5
        - severity: major
        - fix: scroll

        Read every label at the end of its line.

        """

    func write(_ text: String, to path: String, in cli: CLI) throws {
        let url = cli.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func aTeamChecklistIsValidatedListedAndCopiedIntoTheStore() throws {
        let cli = try CLI()
        try write(Self.ours, to: "Checklists/ours.md", in: cli)

        let valid = try cli.run(["checklist", "validate", "Checklists/ours.md"])
        #expect(valid.status == 0)
        #expect(valid.stdout == "ok Checklists/ours.md: Our checklist v2, 2 items, 6 checks per screen\n")

        let listed = try cli.ok(["checklist", "list"])
        #expect(listed.contains("dynamic-type") && listed.contains("shipped"))
        #expect(listed.contains("ours") && listed.contains("Checklists/ours.md"))

        let mistyped = try cli.run(["init", "--checklist", "ourz"])
        #expect(mistyped.status == 1)
        #expect(mistyped.stderr.contains("no checklist named 'ourz'; did you mean 'ours'? Checklists are dynamic-type, ours"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent(".dtaudit").path))

        let started = try cli.ok(["init", "--app", "Trailhead", "--checklist", "ours"])
        #expect(started.contains("Checklist: Our checklist v2, 2 items, 6 checks per screen at xs l ax3 ax4 ax5"))

        // Editing the file later does not rewrite the audit's checklist.
        try write(Self.ours.replacingOccurrences(of: "Nothing is cut off", with: "Renamed"), to: "Checklists/ours.md", in: cli)
        let shown = try #require(try cli.json(["checklist", "show"]) as? [String: Any])
        #expect(shown["title"] as? String == "Our checklist")
        #expect(shown["version"] as? String == "2")
        let items = try #require(shown["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["text-scales", "no-truncation"])
        #expect(items[1]["title"] as? String == "Nothing is cut off")
        #expect(items[1]["sizes"] as? [String] == ["ax3", "ax4", "ax5"])
        #expect(items[1]["fix"] as? String == "scroll")
        #expect(items[0]["scaling"] as? Bool == true)
        #expect(items[0]["wcag"] as? [String] == ["1.4.4"])
        #expect(items[0]["howToCheck"] as? String == "Compare xSmall, Large and AX5.")

        // The file as it is now, by path, beside the store's copy.
        let file = try cli.ok(["checklist", "show", "Checklists/ours.md"])
        #expect(file.contains("Renamed"))
        let store = try cli.ok(["checklist", "show"])
        #expect(store.contains("Nothing is cut off") && !store.contains("Renamed"))
    }

    @Test func validateListsEveryProblemInFileOrderAndFailsCI() throws {
        let cli = try CLI()
        try write(Self.ours, to: "Checklists/ours.md", in: cli)
        try write("# Bad\n- version: x\n\n## Bad ID: b\n- sizes: ax6\n\nHow.\n", to: "Checklists/bad.md", in: cli)
        let result = try cli.run(["checklist", "validate", "Checklists/bad.md", "Checklists/ours.md"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "Checklists/bad.md:2: error: version 'x' is not a version number such as 1 or 2.1",
            "Checklists/bad.md:4: error: item id 'Bad ID' must be lower-case letters and digits joined by single hyphens, such as no-truncation",
            "Checklists/bad.md:4: error: item 'Bad ID' has no '- severity:' line",
            "Checklists/bad.md:5: error: item 'Bad ID': unknown size 'ax6'; sizes are xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5, ranges like xxxl-ax3, and all, standard, accessibility",
            "ok Checklists/ours.md: Our checklist v2, 2 items, 6 checks per screen",
        ], "\(result.stdout)")

        // init refuses it with its first problem, and makes no store.
        let refused = try cli.run(["init", "--checklist", "Checklists/bad.md"])
        #expect(refused.status == 65)
        #expect(refused.stderr == "error: the checklist Checklists/bad.md is not valid: line 2: version 'x' is not a version number such as 1 or 2.1 (and 3 more; run 'dtaudit checklist validate Checklists/bad.md')\n")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent(".dtaudit").path))
    }
}
