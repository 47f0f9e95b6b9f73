import Foundation
import Testing
import TestSupport

/// Shared UI told once: a tab bar label that does not grow fails the same way on three screens and
/// is one problem naming the three in `next`, `screen show` and the review page's "What to fix
/// first"; another element at the same place stays a problem of its own screen.
@Suite(.tags(.endToEnd)) struct SharedUITests {
    /// A screen whose title scales and whose tab bar holds `tab`, a label drawn at a fixed size. The
    /// tab bar is the app's own (an `Other`, not a `TabBar`, whose labels keep their size by design).
    static func screen(title: String, tab: String, at size: String) -> String {
        let large = size == "l"
        let content: [Node] = [
            .text(title, 16, 100, large ? 200 : 358, large ? 20 : 62),
            Node("Other", "tab.bar", 0, 780, 390, 64, [Node("Button", tab, 290, 784, 80, 52, [.text(tab, 310, 820, 40, 12)])]),
        ]
        return PageSource.screen(content, shape: .webDriverAgent)
    }

    /// Output lines with the wrapped lines of each problem (indented under it) joined back.
    static func joined(_ text: String) -> [String] {
        var lines: [String] = []
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("    "), let last = lines.last, last.hasPrefix("  ✗") {
                lines[lines.count - 1] = last + " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                lines.append(line)
            }
        }
        return lines
    }

    static func audit() throws -> CLI {
        let cli = try CLI().initialized()
        let root = cli.directory.appendingPathComponent("run")
        let screens = [("Home", "Welcome back", "Cart"), ("Search", "Find a product", "Cart"), ("Orders", "Your orders", "Cart"),
                       ("Profile", "Your profile", "Saved")]
        for (name, title, tab) in screens {
            try cli.ok(["screen", "add", name])
            for size in ["l", "ax5"] {
                try Fixture.write(Data(screen(title: title, tab: tab, at: size).utf8), "\(name)_\(size).xml", in: root)
            }
        }
        try cli.ok(["evidence", "import-xcresult", "run"])
        return cli
    }

    @Test func aTabBarLabelFailingOnThreeScreensIsOneProblemInEveryView() throws {
        let cli = try Self.audit()
        let cart = "StaticText \"Cart\""

        // next: one line for the tab bar, naming the three screens; Profile's label is its own.
        let next = Self.joined(try cli.ok(["next"]))
        let cartLines = next.filter { $0.contains(cart) }
        #expect(cartLines.count == 1, "\(next)")
        #expect(cartLines.first?.contains("text-scales") == true)
        #expect(cartLines.first?.contains("on 3 screens: Home, Orders, Search") == true, "\(cartLines)")
        #expect(cartLines.first?.contains("(run ") == true, "marked as the run's: \(cartLines)")
        let saved = next.filter { $0.contains("StaticText \"Saved\"") }
        #expect(saved.count == 1 && saved.allSatisfy { !$0.contains("screens") }, "\(saved)")
        #expect(Self.joined(try cli.ok(["next", "Search"])).contains { $0.contains("on 3 screens: Home, Orders, Search") })

        // screen show: the problem once, with its three screens, on each of them.
        for name in ["Home", "Search", "Orders"] {
            let shown = try cli.ok(["screen", "show", name])
            let lines = Self.joined(shown).filter { $0.contains(cart) && $0.contains("on 3 screens") }
            #expect(lines.count == 1, "\(name): \(shown)")
            #expect(shown.contains("Shared UI"))
            let json = try #require(try cli.json(["screen", "show", name]) as? [String: Any])
            let shared = try #require(json["sharedUI"] as? [[String: Any]])
            #expect(shared.count == 1)
            #expect(shared.first?["screens"] as? [String] == ["Home", "Orders", "Search"])
            #expect(shared.first?["elements"] as? [String] == [cart])
        }
        let profile = try #require(try cli.json(["screen", "show", "Profile"]) as? [String: Any])
        #expect((profile["sharedUI"] as? [Any])?.isEmpty == true, "another element at the same place is not the tab bar's problem")
        #expect(!(try cli.ok(["screen", "show", "Profile"])).contains("Shared UI"))

        // The review page: one row for the three screens, Profile's failure a row of its own.
        try cli.ok(["export", "--output", "review.md"])
        let page = try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)
        let top = try #require(page.components(separatedBy: "## What to fix first").dropFirst().first?.components(separatedBy: "\n## ").first)
        let rows = top.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("`text-scales`") }
        #expect(rows.count == 2, "\(top)")
        let shared = try #require(rows.first { $0.contains("shared UI on 3 screens") })
        #expect(shared.contains("[Home](#") && shared.contains("[Orders](#") && shared.contains("[Search](#"), "\(shared)")
        #expect(shared.contains("StaticText \\\"Cart\\\"") || shared.contains(cart), "\(shared)")
        let own = try #require(rows.first { !$0.contains("shared UI") })
        #expect(own.contains("[Profile](#"), "\(own)")
        #expect(top.contains("2 open problems, one per cause"), "\(top)")
    }
}
