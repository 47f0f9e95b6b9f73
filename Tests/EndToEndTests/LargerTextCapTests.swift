import Foundation
import Testing

/// A text size capped in a critical screen's code, against the Larger Text claim and WCAG 1.4.4: a
/// cap below AX3 (where body text reaches 200 %) keeps the app from claiming either, whatever the
/// team recorded, until the code changes or someone suppresses the cap with a reason; a cap at AX3
/// or above leaves both standing, the claim capped there.
@Suite(.tags(.endToEnd)) struct LargerTextCapTests {
    /// Checkout (critical) passes every planned check, and its code caps the text at `cap` (or as
    /// `capping` writes it), with `note` on the line above the cap.
    func audited(cap: String = "", capping: String? = nil, note: String = "") throws -> CLI {
        let cli = try CLI().initialized()
        let url = cli.directory.appendingPathComponent("App/Checkout/Summary.swift")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
            import SwiftUI

            struct Summary: View {
                var body: some View {
                    \(note)
                    \(capping ?? "Text(\"Total\").font(.body).dynamicTypeSize(...DynamicTypeSize.\(cap))")
                }
            }

            """.utf8).write(to: url)
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        // A cap is a finding unless someone suppressed it, which the scan then passes.
        #expect(try cli.run(["scan", "--record"]).status == (note.isEmpty ? 1 : 0))
        return cli
    }

    @Test func aCapBelowAX3KeepsTheLargerTextClaimAndFailsResizeText() throws {
        let cli = try audited(cap: "xxxLarge")
        let scan = try cli.run(["scan", "--format", "json"])
        #expect(scan.stdout.contains("\"cap\": {\n      \"at\": \"xxxLarge\",\n      \"claimable\": false\n    }"), "\(scan.stdout)")
        let summary = try cli.ok(["export", "--summary", "--output", "-"])
        #expect(summary.contains("**Larger Text (App Store Connect): not yet.**"), "\(summary)")
        #expect(summary.contains("(its code caps text at xxxLarge (App/Checkout/Summary.swift:6), below 200 %)"), "\(summary)")
        // WCAG 1.4.4 asks for text resizable to 200 %: the same cap fails it there too, whatever
        // the checks recorded, and no open check can take that back.
        let resize = try #require(summary.split(separator: "\n").first { $0.contains("SC 1.4.4 Resize Text") })
        #expect(!resize.contains("(AA): Supports"), "\(resize)")
        #expect(resize.contains("code caps text below 200 % on 1 screen (Checkout: xxxLarge (App/Checkout/Summary.swift:6))"), "\(resize)")
        let acr = try cli.ok(["export", "--format", "vpat", "--draft", "--output", "-"])
        #expect(acr.contains("The code caps text below 200 % on 1 screen: Checkout: xxxLarge (App/Checkout/Summary.swift:6)."), "\(acr)")
    }

    @Test func aSuppressedCapIsAPersonsCallAndHoldsNeitherClaimBack() throws {
        let cli = try audited(cap: "xxxLarge", note: "// dtaudit:ignore clamped-type-size — the total sits in a fixed-size badge")
        let summary = try cli.ok(["export", "--summary", "--output", "-"])
        #expect(summary.contains("**Larger Text (App Store Connect): ready to declare.**"), "\(summary)")
        #expect(!summary.contains("caps text"), "\(summary)")
    }

    @Test func aCapOfUnknownReachHoldsTheClaimUntilSomeoneSuppressesIt() throws {
        // The font comes from elsewhere: a maximum of 30 pt may or may not be twice its size.
        let capping = "Text(\"Total\").font(Font(UIFontMetrics(forTextStyle: .body).scaledFont(for: Theme.totalFont, maximumPointSize: 30)))"
        let held = try audited(capping: capping)
        let summary = try held.ok(["export", "--summary", "--output", "-"])
        #expect(summary.contains("**Larger Text (App Store Connect): not yet.**"), "\(summary)")
        #expect(summary.contains("(its code caps text in 1 place where the scan cannot tell how far text still grows (clamped-type-size): "
                                 + "once text is seen to reach 200 % there, suppress that finding with the reason)"), "\(summary)")
        let overruled = try audited(capping: capping, note: "// dtaudit:ignore clamped-type-size — the total reaches 60 pt at AX3, seen on the device")
        #expect(try overruled.ok(["export", "--summary", "--output", "-"]).contains("**Larger Text (App Store Connect): ready to declare.**"))
    }

    @Test func aCapAtAX3OrAboveLeavesTheClaimCappedThere() throws {
        let cli = try audited(cap: "accessibility3")
        let summary = try cli.ok(["export", "--summary", "--output", "-"])
        #expect(summary.contains("**Larger Text (App Store Connect): ready to declare.**"), "\(summary)")
        #expect(summary.contains("(claimable, capped at AX3), where text still reaches 200 %."), "\(summary)")
        let resize = try #require(summary.split(separator: "\n").first { $0.contains("SC 1.4.4 Resize Text") })
        #expect(!resize.contains("caps text"), "\(resize)")
    }
}
