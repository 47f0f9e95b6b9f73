import Foundation
import Testing
import TestSupport

/// A failure a judge recorded is traced to the code of the element it names, not to the screen's
/// most severe finding: `explain`, `screen show`, the review page and their JSON give the element's
/// own line, and shared UI is looked for in the files of every screen it fails on.
@Suite(.tags(.endToEnd)) struct LikelyCodeTests {
    static let summary = """
        import SwiftUI

        struct Summary: View {
            var body: some View {
                VStack {
                    Text("Order total").font(.system(size: 20, weight: .bold))
                    Text("Delivery & returns").font(.system(size: 13))
                }
            }
        }

        """

    static let banner = """
        import SwiftUI

        struct OfflineBanner: View {
            var body: some View {
                Text("You are offline")
                    .font(.system(size: 12))
                    .accessibilityIdentifier("shared.offline")
            }
        }

        """

    static let cart = """
        import SwiftUI

        struct CartView: View {
            var body: some View {
                VStack { OfflineBanner(); Text("Your cart").font(.title) }
            }
        }

        """

    /// Checkout and Cart at Large and ax5: "Order total" grows, "Delivery & returns" does not, and the
    /// offline banner stays 16 pt tall at the same place on both.
    static func hierarchy(_ screen: String, _ size: String) -> String {
        let grows = size == "ax5"
        var content: [Node] = [Node("StaticText", "shared.offline", label: "You are offline", 0, 44, 390, 16)]
        if screen == "Checkout" {
            content += [.text("Order total", 16, 100, 200, grows ? 62 : 20), .text("Delivery & returns", 16, 170, 200, 18)]
        } else {
            content += [.text("Your cart", 16, 100, 200, grows ? 70 : 24)]
        }
        return PageSource.screen(content, shape: .harness)
    }

    func audited() throws -> CLI {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Cart", "--file", "App/Cart/*.swift", "--file", "App/Shared/*.swift"])
        for (path, text) in [("App/Checkout/Summary.swift", Self.summary), ("App/Shared/Banner.swift", Self.banner), ("App/Cart/CartView.swift", Self.cart)] {
            try Fixture.write(Data(text.utf8), path, in: cli.directory)
        }
        #expect(try cli.run(["scan", "--record"]).status == 1)
        let folder = cli.directory.appendingPathComponent("run")
        for screen in ["Checkout", "Cart"] {
            for (seed, size) in ["l", "ax5"].enumerated() {
                try Fixture.write(Data(Self.hierarchy(screen, size).utf8), "\(screen)_\(size).xml", in: folder)
                try Fixture.write(Data(Screenshot.png(seed: seed + 1, width: 390, height: 844)), "\(screen)_\(size).png", in: folder)
            }
        }
        try cli.ok(["evidence", "import-xcresult", "run"])
        return cli
    }

    @Test func aJudgedFailureNamesTheLineOfEachElementItNamesOrWhyNone() throws {
        let cli = try audited()
        let text = try cli.ok(["explain", "Checkout", "text-scales"])
        // The element that does not grow is at line 7; line 6, the first critical finding of the
        // screen, is another element's.
        #expect(text.contains("text-scales failed at ax5"), "\(text)")
        #expect(text.contains("StaticText \"Delivery & returns\": App/Checkout/Summary.swift:7 fixed-font-size"), "\(text)")
        // The banner fails on Checkout and Cart: its code is among Cart's files.
        #expect(text.contains("StaticText \"shared.offline\": App/Shared/Banner.swift:6 fixed-font-size"), "\(text)")
        #expect(!text.contains("Summary.swift:6"), "\(text)")

        let json = try #require(try cli.json(["explain", "Checkout", "text-scales", "--json"]) as? [String: Any])
        let failed = try #require(json["failed"] as? [[String: Any]])
        let ax5 = try #require(failed.first { $0["size"] as? String == "ax5" })
        let elements = try #require(ax5["elements"] as? [[String: Any]])
        let lines = elements.compactMap { ($0["line"] as? [String: Any]).map { "\($0["file"]!):\($0["line"]!)" } }
        #expect(Set(lines) == ["App/Checkout/Summary.swift:7", "App/Shared/Banner.swift:6"])
        #expect((ax5["likely"] as? [[String: Any]])?.count == 2)

        // screen show wraps at the terminal's width: read it as one line.
        let shown = try cli.ok(["screen", "show", "Checkout"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(shown.contains("code: StaticText \"Delivery & returns\": App/Checkout/Summary.swift:7 fixed-font-size (the text \"Delivery & returns\" at App/Checkout/Summary.swift:7)"), "\(shown)")
        #expect(shown.contains("code: StaticText \"shared.offline\": App/Shared/Banner.swift:6 fixed-font-size (accessibilityIdentifier \"shared.offline\" at App/Shared/Banner.swift:7)"), "\(shown)")
        let screen = try #require(try cli.json(["screen", "show", "Checkout", "--json"]) as? [String: Any])
        #expect((screen["likelyCode"] as? [[String: Any]])?.isEmpty == false)

        try cli.ok(["export", "--output", "review.md"])
        let page = try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("`text-scales`") }
        #expect(rows.contains { $0.contains("[Checkout]") && $0.contains("`App/Checkout/Summary.swift:7` `fixed-font-size`") }, "\(rows)")
        #expect(rows.allSatisfy { !$0.contains("Summary.swift:6") }, "\(rows)")
        #expect(rows.contains { $0.contains("`App/Shared/Banner.swift:6` `fixed-font-size`") }, "\(rows)")
        // The summary for a pull request names the same lines as the page.
        try cli.ok(["export", "--summary", "--output", "summary.md"])
        let summary = try String(contentsOf: cli.directory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("`App/Checkout/Summary.swift:7` `fixed-font-size`") && !summary.contains("Summary.swift:6"), "\(summary)")

        // Without a tie to the code it says why rather than name another element's line: the code
        // changed since the scan, so its lines may no longer be the scan's.
        try Fixture.write(Data(("// moved\n" + Self.summary).utf8), "App/Checkout/Summary.swift", in: cli.directory)
        let moved = try cli.ok(["explain", "Checkout", "text-scales"])
        #expect(moved.contains("StaticText \"Delivery & returns\": no line (App/Checkout/Summary.swift changed since the scan: run 'dtaudit scan --record' again)"), "\(moved)")
        #expect(!moved.contains("likely App/Checkout/Summary.swift"), "\(moved)")
    }
}
