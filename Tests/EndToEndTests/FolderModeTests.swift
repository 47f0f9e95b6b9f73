import Foundation
import Testing

/// What dtaudit creates is never writable by other users, whatever the umask: folders are 0755 at
/// most and files 0644 at most. A folder made with the system's default mode (0777) was writable
/// by everyone under a umask of 000.
@Suite(.tags(.endToEnd)) struct FolderModeTests {
    /// Runs dtaudit as a user whose umask is 000.
    @discardableResult
    static func underOpenUmask(_ cli: CLI, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Spawn.Result {
        let result = try Spawn.run("/bin/sh", ["-c", #"umask 000; exec "$0" "$@""#, CLI.binary.path] + arguments,
                                   in: cli.directory, environment: cli.environment)
        #expect(result.status == 0, "dtaudit \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// Everything in `folders` (under the test's folder, links not followed) that group or others
    /// may write, with its mode.
    static func writableByOthers(_ folders: [String], in cli: CLI) throws -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        for folder in folders {
            let root = cli.directory.appendingPathComponent(folder).path
            let inside = manager.enumerator(atPath: root).map { $0.compactMap { $0 as? String } } ?? []
            for path in [folder] + inside.map({ folder + "/" + $0 }) {
                let attributes = try manager.attributesOfItem(atPath: cli.directory.appendingPathComponent(path).path)
                if attributes[.type] as? FileAttributeType == .typeSymbolicLink { continue }
                let mode = (attributes[.posixPermissions] as? Int) ?? 0
                if mode & 0o022 != 0 { found.append(path + " " + String(mode, radix: 8)) }
            }
        }
        return found
    }

    static func exists(_ path: String, in cli: CLI) -> Bool {
        FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent(path).path)
    }

    @Test func initEvidenceExportSyncAndDemoMakeNothingOthersCanWriteUnderUmask000() throws {
        let cli = try CLI()
        try Self.underOpenUmask(cli, ["init", "--app", "Trailhead"])
        try Self.underOpenUmask(cli, ["screen", "add", "Checkout"])
        try Self.underOpenUmask(cli, ["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"])
        try Fixture.write(Fixture.png("checkout"), "shots/Checkout-ax5.png", in: cli.directory)
        try Self.underOpenUmask(cli, ["evidence", "import", "shots"])
        // The Markdown report with its charts and evidence copies, into a new Exports/.
        try Self.underOpenUmask(cli, ["export"])
        #expect(Self.exists(".dtaudit/evidence", in: cli) && Self.exists("Exports/trailhead-evidence", in: cli))
        var loose = try Self.writableByOthers([".dtaudit", "Exports"], in: cli)
        #expect(loose.isEmpty, "init, evidence import and export made \(loose)")

        // CSV and the shared file each make Exports/ themselves when it is not there.
        try FileManager.default.removeItem(at: cli.directory.appendingPathComponent("Exports"))
        try Self.underOpenUmask(cli, ["export", "--format", "csv"])
        loose = try Self.writableByOthers(["Exports"], in: cli)
        #expect(loose.isEmpty, "export --format csv made \(loose)")
        try FileManager.default.removeItem(at: cli.directory.appendingPathComponent("Exports"))
        try Self.underOpenUmask(cli, ["sync"])
        #expect(Self.exists("Exports/trailhead.json", in: cli) && Self.exists("Exports/trailhead-evidence", in: cli))
        loose = try Self.writableByOthers(["Exports"], in: cli)
        #expect(loose.isEmpty, "sync made \(loose)")

        // The demo's store and the example app's sources, folders within folders.
        try Self.underOpenUmask(cli, ["demo"])
        #expect(Self.exists("dtaudit-demo/.dtaudit", in: cli) && Self.exists("dtaudit-demo/Trailhead/Home", in: cli))
        loose = try Self.writableByOthers(["dtaudit-demo"], in: cli)
        #expect(loose.isEmpty, "demo made \(loose)")
    }
}
