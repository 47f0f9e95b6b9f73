import Foundation
import Testing

/// `dtaudit scan --fix` on a UIKit view whose height is held below what its font needs at AX5: the
/// font stays, listed under "Left for you" with the reason, while a roomy view's font is scaled; the
/// file parses and a second fix lists the same font again.
@Suite(.tags(.endToEnd)) struct ScanFixHoldBackTests {
    static let card = """
        import UIKit

        final class PriceCard: UIView {
            let priceLabel = UILabel()
            let noteLabel = UILabel()
            let badgeLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 16))

            func configure() {
                priceLabel.font = .boldSystemFont(ofSize: 17)
                noteLabel.font = .systemFont(ofSize: 13)
                badgeLabel.font = UIFont.systemFont(ofSize: 11)
                NSLayoutConstraint.activate([
                    priceLabel.heightAnchor.constraint(lessThanOrEqualToConstant: 24),
                    noteLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 24),
                ])
            }
        }

        """

    @Test func aFontItsViewsHeightCannotHoldAtAX5IsLeftForYouWithTheReason() throws {
        let cli = try CLI()
        let url = cli.directory.appendingPathComponent("App/PriceCard.swift")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.card.utf8).write(to: url)

        let fixed = try cli.run(["scan", "App", "--fix"])
        #expect(fixed.status <= 1, "\(fixed.stderr)")
        let (made, left) = split(fixed.stdout)
        #expect(made.contains("  App/PriceCard.swift:10 fixed-font-size: `.systemFont(ofSize: 13)` scaled with `UIFontMetrics(forTextStyle: .footnote)`, and `noteLabel` follows size changes"), "\(fixed.stdout)")
        #expect(left.contains("  App/PriceCard.swift:9 fixed-font-size: held back: `.boldSystemFont(ofSize: 17)` scaled with `UIFontMetrics(forTextStyle: .body)` would be 53 pt at AX5, on `priceLabel`, whose height constraint holds it at 24 pt (line 13), which cannot hold one line of it: let the height grow with its text (greaterThanOrEqualToConstant:), then run --fix again"), "\(fixed.stdout)")
        #expect(left.contains { $0.hasPrefix("  App/PriceCard.swift:11 fixed-font-size: held back: `UIFont.systemFont(ofSize: 11)` scaled with `UIFontMetrics(forTextStyle: .caption2)` would be 41 pt at AX5, on `badgeLabel`, created 16 pt high") }, "\(fixed.stdout)")

        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.contains("        priceLabel.font = .boldSystemFont(ofSize: 17)\n") && text.contains("        badgeLabel.font = UIFont.systemFont(ofSize: 11)\n"))
        let parsed = try Spawn.run("/usr/bin/env", ["swiftc", "-parse", url.path], in: cli.directory, environment: cli.environment)
        #expect(parsed.status == 0, "swiftc -parse: \(parsed.output)")

        let again = try cli.run(["scan", "App", "--fix"])
        #expect(again.stdout.hasPrefix("Nothing to rewrite."), "\(again.stdout)")
        #expect(split(again.stdout).left.filter { $0.contains(": held back: ") }.count == 2, "\(again.stdout)")
    }

    /// Narrowed to the font rule by `--rule` or by the configuration, the fix still measures the
    /// heights that hold fonts back, and reports only the rules asked for.
    @Test(arguments: [["--rule", "fixed-font-size"], ["--rule", "fixed-font-size,single-line"], []])
    func aFixNarrowedToFontsStillHoldsBackWhatTheHeightCannotHold(_ narrowing: [String]) throws {
        let cli = try CLI()
        let url = cli.directory.appendingPathComponent("App/PriceCard.swift")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.card.utf8).write(to: url)
        if narrowing.isEmpty {
            try Data(#"{"rules": {"fixed-height-text": "off"}}"#.utf8).write(to: cli.directory.appendingPathComponent("dtaudit-scan.json"))
        }

        let fixed = try cli.run(["scan", "App", "--fix"] + narrowing)
        #expect(fixed.status <= 1, "\(fixed.stderr)")
        let (made, left) = split(fixed.stdout)
        #expect(made.contains { $0.hasPrefix("  App/PriceCard.swift:10 fixed-font-size: ") }, "\(fixed.stdout)")
        #expect(left.filter { $0.contains("fixed-font-size: held back: ") }.count == 2, "\(fixed.stdout)")
        #expect(!fixed.stdout.contains("fixed-height-text"), "\(fixed.stdout)")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.contains("        priceLabel.font = .boldSystemFont(ofSize: 17)\n"))

        let json = try cli.run(["scan", "App", "--json"] + narrowing)
        #expect(!json.stdout.contains("fixed-height-text"), "\(json.stdout)")
    }

    /// The lines listing rewrites, and those under "Left for you".
    func split(_ output: String) -> (made: [String], left: [String]) {
        let parts = output.components(separatedBy: "Left for you (")
        let made = parts[0].components(separatedBy: "\n").filter { $0.hasPrefix("  ") }
        let left = parts.count > 1 ? parts[1].components(separatedBy: "\n").filter { $0.hasPrefix("  ") } : []
        return (made, left)
    }
}
