import Foundation
import Testing

/// A screen's `--file` patterns travel in the shared file to every teammate: one typed as an
/// absolute path keeps only its part inside the audit's folder, and one outside it is refused, so
/// that no path of this machine's folders is shared.
@Suite(.tags(.endToEnd)) struct FilePatternTests {
    @Test func anAbsolutePatternIsKeptRelativeToTheAuditAndOneOutsideIsRefused() throws {
        let cli = try CLI().initialized()
        let folder = cli.directory.path
        _ = try cli.ok(["screen", "add", "Pay", "--file", folder + "/App/Pay/*.swift"])
        _ = try cli.ok(["screen", "edit", "Pay", "--add-file", folder + "/App/Shared/../Pay/PayView.swift"])
        let outside = try cli.run(["screen", "add", "Elsewhere", "--file", "/Users/alice/Other/App.swift"])
        #expect(outside.status == 64, "\(outside.output)")
        #expect(outside.stderr.split(separator: "\n").count == 1)
        #expect(outside.stderr.contains("--file '/Users/alice/Other/App.swift' lies outside the audit's folder \(folder); give a glob relative to it"),
                "\(outside.stderr)")
        _ = try cli.ok(["sync"])
        let shared = try String(contentsOf: cli.directory.appendingPathComponent("Exports/trailhead.json"), encoding: .utf8)
        #expect(shared.contains(#""files":["App/Pay/*.swift"]"#) && shared.contains("App/Pay/PayView.swift"), "\(shared)")
        #expect(!shared.contains(folder) && !shared.contains("/Users/alice"))
    }
}
