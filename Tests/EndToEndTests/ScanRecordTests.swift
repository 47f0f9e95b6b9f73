import Foundation
import Testing

/// `scan --record` when no screen can take the scan: the findings are still reported, nothing is
/// kept, and the warning says why.
@Suite(.tags(.endToEnd)) struct ScanRecordTests {
    @Test func aScanNoScreenMatchesIsReportedAndNotKept() throws {
        let cli = try CLI()
        try cli.ok(["init", "--app", "Cart"])
        let url = cli.directory.appendingPathComponent("App/Cart.swift")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"struct Cart: View { var body: some View { Text("Total").font(.system(size: 17)) } }"#.utf8).write(to: url)

        let empty = try cli.run(["scan", "--record"])
        #expect(empty.status == 1)
        #expect(empty.stdout.contains("fixed-font-size"))
        #expect(empty.stderr == "warning: nothing recorded: no screen's file patterns match a scanned file (the audit has no screens yet)\n")

        try cli.ok(["screen", "add", "Profile", "--file", "App/Profile/*.swift"])
        let unmatched = try cli.run(["scan", "--record"])
        #expect(unmatched.status == 1)
        #expect(unmatched.stderr == "warning: nothing recorded: no screen's file patterns match a scanned file\n")
        #expect(!(try cli.ok(["screen", "show", "Profile"])).contains("fixed font size"))
    }
}
