import Foundation
import Testing

/// On an 80-column terminal no line of `next`, `status` or the guided audit runs past the edge,
/// where the terminal would break it mid-word: prose wraps at words, tables cut their cells.
@Suite(.tags(.endToEnd)) struct WordWrapTests {
    static let columns = 80

    /// The lines of `output` wider than the terminal (every character the demo prints takes one
    /// column, but for the few wide ones counted here).
    static func overlong(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            line.unicodeScalars.reduce(0) { $0 + ($1.properties.isEmojiPresentation ? 2 : 1) } > columns
        }
    }

    @Test func nextStatusAndTheAuditFitEightyColumns() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        let narrow = ["COLUMNS": String(Self.columns)]
        for arguments in [["next"], ["next", "--all"], ["next", "Search"], ["status"], ["status", "Search"]] {
            let result = try cli.run(arguments, in: demo, environment: narrow)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(Self.overlong(result.stdout).isEmpty, "\(arguments):\n\(Self.overlong(result.stdout).joined(separator: "\n"))")
        }
        // The walk: the size's heading and where the setting is, a check, the keys, a note, the summary.
        let walked = try cli.run(["audit", "Search"], in: demo, input: "?\nf\nPlaceholder cut off\n\np\nq\n",
                                 environment: narrow)
        #expect(walked.status == 0, "\(walked.stderr)")
        #expect(walked.stdout.contains("Audit stopped"), "\(walked.stdout)")
        #expect(Self.overlong(walked.stdout).isEmpty, "\(Self.overlong(walked.stdout).joined(separator: "\n"))")
        // Wrapped, not cut: the words are all there, as piped output without COLUMNS has them on one line.
        let status = try cli.run(["status"], in: demo, environment: ["COLUMNS": ""]).stdout
        let critical = try #require(status.split(separator: "\n").first { $0.hasPrefix("Critical") })
        let narrowStatus = try cli.run(["status"], in: demo, environment: narrow).stdout
        #expect(narrowStatus.split(separator: "\n").joined(separator: " ").split(separator: " ").joined(separator: " ")
                    .contains(critical.split(separator: " ").joined(separator: " ")))
    }
}
