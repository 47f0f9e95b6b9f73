import Foundation
import Testing

/// A text size capped in a critical screen's code, against the Larger Text claim: a cap below AX3
/// (where body text reaches 200 %) keeps the app from claiming it whatever the team recorded; a cap
/// at AX3 or above leaves the claim standing, capped there.
@Suite(.tags(.endToEnd)) struct LargerTextCapTests {
    /// Checkout (critical) passes every planned check, and its code caps the text at `cap`.
    func audited(cap: String) throws -> CLI {
        let cli = try CLI().initialized()
        let url = cli.directory.appendingPathComponent("App/Checkout/Summary.swift")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
            import SwiftUI

            struct Summary: View {
                var body: some View {
                    Text("Total").font(.body).dynamicTypeSize(...DynamicTypeSize.\(cap))
                }
            }

            """.utf8).write(to: url)
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        #expect(try cli.run(["scan", "--record"]).status == 1)
        return cli
    }

    @Test func aCapBelowAX3OnACriticalScreenKeepsTheAppFromClaimingLargerText() throws {
        let cli = try audited(cap: "xxxLarge")
        let scan = try cli.run(["scan", "--format", "json"])
        #expect(scan.stdout.contains("\"cap\": {\n      \"at\": \"xxxLarge\",\n      \"claimable\": false\n    }"), "\(scan.stdout)")
        let summary = try cli.ok(["export", "--summary", "--output", "-"])
        #expect(summary.contains("**Larger Text (App Store Connect): not yet.**"), "\(summary)")
        #expect(summary.contains("(its code caps text at xxxLarge (App/Checkout/Summary.swift:5), below 200 %)"), "\(summary)")
    }

    @Test func aCapAtAX3OrAboveLeavesTheClaimCappedThere() throws {
        let cli = try audited(cap: "accessibility3")
        let summary = try cli.ok(["export", "--summary", "--output", "-"])
        #expect(summary.contains("**Larger Text (App Store Connect): ready to declare.**"), "\(summary)")
        #expect(summary.contains("(claimable, capped at AX3), where text still reaches 200 %."), "\(summary)")
    }
}
