import Foundation
import Testing

/// Teammates who upgrade dtaudit apart: one still writes the format 1 file while another's sync has
/// rewritten it in format 3. However git merges the two, the merged file reads, nobody's recording
/// is lost, and every clone ends with the same file.
@Suite(.tags(.endToEnd)) struct UpgradeApartTests {
    typealias Team = TeamTests.Team

    static let formatOne = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("InterchangeTests/Fixtures/format1-trailhead.json")

    enum Merge: CaseIterable, Sendable {
        /// `.gitattributes` asks for git's union, which keeps both files' lines: two headers.
        case union
        /// No attributes: a plain merge, with conflict markers around the two versions.
        case plain
        /// The upgraded teammate ran `git-setup`: dtaudit's merge driver.
        case driver
    }

    /// What the format 1 dtaudit wrote for one more recording: a line among its screen's records.
    func recordTheOldWay(in folder: URL) throws {
        let url = folder.appendingPathComponent("Exports/trailhead.json")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let last = try #require(lines.lastIndex { $0.contains(#""record":"recording""#) && $0.contains(#""screen":"Welcome""#) })
        lines.insert(#"{"record":"recording","id":"old-dtaudit-1","screen":"Welcome","item":"reachable","size":"ax3","status":"fail","note":"Recorded by the old dtaudit","by":"Mei Chen","at":"2026-10-20T09:00:00.000Z"},"#, at: last + 1)
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }

    @Test(arguments: Merge.allCases) func aFormatOneFileMergedWithItsFormatTwoConversionReads(merge: Merge) throws {
        let team = try Team()
        let mei = try team.clone("mei")
        try FileManager.default.createDirectory(at: mei.appendingPathComponent("Exports"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.formatOne, to: mei.appendingPathComponent("Exports/trailhead.json"))
        if merge == .union {
            try Data("Exports/trailhead.json merge=union\n".utf8).write(to: mei.appendingPathComponent(".gitattributes"))
        }
        try team.git(["add", "-A"], in: mei)
        try team.git(["commit", "-q", "-m", "The audit, in format 1"], in: mei)
        try team.git(["push", "-q", "origin", "main"], in: mei)

        // Ana upgraded: her sync writes the file in format 3, and she records.
        let ana = try team.clone("ana")
        try team.dtaudit(["sync"], in: ana)
        if merge == .driver { try team.dtaudit(["git-setup"], in: ana) }
        try team.dtaudit(["record", "Welcome", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Recorded after the upgrade"], in: ana)
        try team.dtaudit(["sync"], in: ana)
        #expect(try team.file(ana).hasPrefix(#"{"format":3,"#))
        try team.git(["commit", "-q", "-am", "Results, format 3"], in: ana)

        // Mei has not upgraded yet: her dtaudit adds a format 1 line, and she pushes first.
        try recordTheOldWay(in: mei)
        try team.git(["commit", "-q", "-am", "Results, format 1"], in: mei)
        try team.git(["push", "-q", "origin", "main"], in: mei)

        let pull = try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: ana, allowFailure: true)
        #expect((pull.status == 0) == (merge != .plain), "\(pull.output)")
        let merged = try team.file(ana)
        if merge == .union { #expect(merged.contains(#"{"format":1,"#) && merged.contains(#"{"format":3,"#)) }
        let synced = try team.cli.run(["sync"], in: ana, environment: ["DTAUDIT_USER": "ana"])
        #expect(synced.status == 0, "\(synced.stderr)")
        // What sync says of the format is true of the file it leaves: format 3 only.
        #expect(!synced.stdout.contains("the file is in format 1"), "\(synced.stdout)")
        #expect(synced.stdout.contains("lines and is now written all in format 3") == (merge != .driver), "\(synced.stdout)")
        let written = try team.file(ana)
        #expect(written.hasPrefix(#"{"format":3,"needs":"0.3.0","records":["#) && !written.contains(#"{"format":1,"#) && !written.contains("<<<<<<<"))
        let notes = try team.dtaudit(["history", "Welcome"], in: ana)
        #expect(notes.contains("Recorded by the old dtaudit") && notes.contains("Recorded after the upgrade"))
        try team.git(["add", "-A"], in: ana)
        try team.git(["commit", "-q", "-m", "Merge"], in: ana, allowFailure: true)
        try team.git(["push", "-q", "origin", "main"], in: ana)

        // Mei upgrades, pulls and syncs: the same file as Ana's, byte for byte.
        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: mei)
        try team.dtaudit(["sync"], in: mei)
        #expect(try team.file(mei) == written)
    }

    /// Mei commits the audit in format 1 (with `attributes` as .gitattributes); Ana, upgraded,
    /// clones, syncs and records.
    func startedInFormatOne(_ team: Team, attributes: String? = nil) throws -> (mei: URL, ana: URL) {
        let mei = try team.clone("mei")
        try FileManager.default.createDirectory(at: mei.appendingPathComponent("Exports"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.formatOne, to: mei.appendingPathComponent("Exports/trailhead.json"))
        if let attributes { try Data(attributes.utf8).write(to: mei.appendingPathComponent(".gitattributes")) }
        try team.git(["add", "-A"], in: mei)
        try team.git(["commit", "-q", "-m", "The audit, in format 1"], in: mei)
        try team.git(["push", "-q", "origin", "main"], in: mei)
        let ana = try team.clone("ana")
        try team.dtaudit(["sync"], in: ana)
        try team.dtaudit(["record", "Welcome", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Recorded after the upgrade"], in: ana)
        return (mei, ana)
    }

    /// The plain merge above, committed with its conflict markers and pushed: a fresh clone finds
    /// the file and sets its store up from both sides.
    @Test func aCommittedPlainMergeOfBothFormatsSetsUpAFreshClone() throws {
        let team = try Team()
        let (mei, ana) = try startedInFormatOne(team)
        try team.dtaudit(["sync"], in: ana)
        try team.git(["commit", "-q", "-am", "Results, format 3"], in: ana)
        try recordTheOldWay(in: mei)
        try team.git(["commit", "-q", "-am", "Results, format 1"], in: mei)
        try team.git(["push", "-q", "origin", "main"], in: mei)
        _ = try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: ana, allowFailure: true)
        #expect(try team.file(ana).hasPrefix("<<<<<<< "))
        try team.git(["commit", "-q", "-am", "Merge, as git left it"], in: ana)
        try team.git(["push", "-q", "origin", "main"], in: ana)

        let sam = try team.clone("sam")
        let synced = try team.cli.run(["sync"], in: sam, environment: ["DTAUDIT_USER": "sam"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let notes = try team.dtaudit(["history", "Welcome"], in: sam)
        #expect(notes.contains("Recorded by the old dtaudit") && notes.contains("Recorded after the upgrade"))
        #expect(!(try team.file(sam)).contains("<<<<<<<"))
    }

    /// The other way round: the teammate still on format 1 pulls, so git puts the format 1 side
    /// first; whoever upgrades next reads the merge.
    @Test func aUnionThatStartsWithTheFormatOneSideReadsToo() throws {
        let team = try Team()
        let (mei, ana) = try startedInFormatOne(team, attributes: "Exports/trailhead.json merge=union\n")
        try team.share(ana, "Results, format 3")

        try recordTheOldWay(in: mei)
        try team.git(["commit", "-q", "-am", "Results, format 1"], in: mei)
        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: mei)
        #expect(try team.file(mei).hasPrefix(#"{"format":1,"#))
        let synced = try team.cli.run(["sync"], in: mei, environment: ["DTAUDIT_USER": "mei"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let notes = try team.dtaudit(["history", "Welcome"], in: mei)
        #expect(notes.contains("Recorded by the old dtaudit") && notes.contains("Recorded after the upgrade"))
        try team.share(mei, "Merge")
        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: ana)
        try team.dtaudit(["sync"], in: ana)
        #expect(try team.file(ana) == (try team.file(mei)))
    }
}
