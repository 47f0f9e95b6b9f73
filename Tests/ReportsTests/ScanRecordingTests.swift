import AuditStore
import Reports
import Scan
import Testing

/// What `scan --record` keeps of a scan on each screen.
@Suite struct ScanRecordingTests {
    static let at = Timestamp(iso8601: "2026-09-07T09:00:00Z")!

    static func screen(_ name: String, files: [String]) -> Screen {
        Screen(id: "screen-" + name, name: name, files: files, createdAt: at, createdBy: "Mei")
    }

    /// A cart with one fixed size, one the team accepted and one in a preview; a map label with a
    /// fixed size; a badge both screens use.
    static func report() throws -> ScanReport {
        let cart = """
            import SwiftUI

            struct CartView: View {
                var body: some View {
                    VStack {
                        Text("Total").font(.system(size: 17))
                        // dtaudit:ignore fixed-font-size — the price badge has a fixed layout
                        Text("$49").font(.system(size: 12))
                        Text("Pay").font(.body)
                    }
                }
            }

            #Preview {
                Text("Preview").font(.system(size: 40))
            }
            """
        let map = """
            import SwiftUI

            struct TrailLabel: View {
                var body: some View { Text("Ridge").font(.system(size: 11)) }
            }
            """
        let badge = """
            import SwiftUI

            struct Badge: View {
                var body: some View { Text("New").font(.system(size: 9)) }
            }
            """
        return try SourceScanner.scan(files: [
            (path: "App/Checkout/CartView.swift", bytes: Array(cart.utf8)),
            (path: "App/Map/TrailLabel.swift", bytes: Array(map.utf8)),
            (path: "App/Shared/Badge.swift", bytes: Array(badge.utf8)),
        ], root: "/repo")
    }

    @Test func eachScreenGetsTheFindingsOfTheFilesItsPatternsMatch() throws {
        let screens = [
            Self.screen("Checkout", files: ["App/Checkout/*.swift", "App/Shared/*.swift"]),
            Self.screen("Map", files: ["App/Map/*.swift", "App/Shared/*.swift"]),
            Self.screen("Profile", files: ["App/Profile/*.swift"]),
            Self.screen("Settings", files: []),
        ]
        let shares = ScanRecorder.shares(of: try Self.report(), screens: screens)

        #expect(shares.recorded.map(\.screen.name) == ["Checkout", "Map"])
        #expect(shares.unmatched.map(\.name) == ["Profile"])
        #expect(shares.withoutFiles.map(\.name) == ["Settings"])

        let checkout = try #require(shares.recorded.first)
        #expect(checkout.files == 2)
        // The preview's finding is left out; the accepted one is kept with its reason.
        #expect(checkout.findings.map(\.line).sorted() == [4, 6, 8])
        #expect(checkout.findings.allSatisfy { $0.rule == "fixed-font-size" && $0.item == "text-scales" })
        let accepted = try #require(checkout.findings.first { $0.line == 8 })
        #expect(accepted.suppression == .line)
        #expect(accepted.suppressionReason == "the price badge has a fixed layout")
        #expect(checkout.findings.filter(\.isActive).count == 2)
        #expect(checkout.signs["text-style"] == 1)

        // The shared badge counts for both screens.
        let map = try #require(shares.recorded.last)
        #expect(map.files == 2)
        #expect(Set(map.findings.map(\.file)) == ["App/Map/TrailLabel.swift", "App/Shared/Badge.swift"])

        let fixed = shares.fixedFontSizes.map { "\($0.screen.name) \($0.count)" }
        #expect(fixed == ["Checkout 2", "Map 2"])
    }

    @Test func aScreenWhoseOnlyFindingIsAcceptedSetsNoFixedFontSize() throws {
        let report = try SourceScanner.scan(files: [(path: "App/Tab.swift", bytes: Array("""
            import SwiftUI

            // dtaudit:ignore-file fixed-font-size — tab titles show the Large Content Viewer
            struct Tab: View {
                var body: some View { Text("Home").font(.system(size: 10)) }
            }
            """.utf8))], root: "/repo")
        let shares = ScanRecorder.shares(of: report, screens: [Self.screen("Tab bar", files: ["App/*.swift"])])
        #expect(shares.recorded.first?.findings.first?.suppression == .file)
        #expect(shares.fixedFontSizes.isEmpty)
    }

    @Test func theRunKeepsThePathsRelativeToTheScannedRoot() throws {
        let report = try Self.report()
        let whole = ScanRecorder.run(of: report, paths: [], by: "Sam", at: Self.at, tool: "dtaudit 1.0")
        #expect(whole.paths == ["."])
        #expect(whole.root == "/repo")
        #expect(whole.files == 3)
        // Findings that count, accepted ones, preview-only ones: each counted once.
        #expect(whole.findings == 3 && whole.suppressed == 1 && whole.previews == 1)
        #expect(whole.by == "Sam" && whole.tool == "dtaudit 1.0" && whole.at == Self.at)

        let some = ScanRecorder.run(of: report, paths: ["/repo", "/repo/App/Checkout", "/repo/./App//Map", "/elsewhere/Kit"],
                                    by: "Sam", at: Self.at, tool: "dtaudit 1.0")
        #expect(some.paths == [".", "App/Checkout", "App/Map", "/elsewhere/Kit"])
    }
}
