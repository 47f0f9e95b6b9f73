@testable import AuditStore
import DynamicType
import Evidence
import Foundation
import Testing

/// Reference images named as public snapshot-testing projects name them (Fixtures/snapshot-names.tsv
/// says which project and commit each came from), imported into an audit whose screens are the ones
/// the list names: each file goes to its screen at its size, or to none.
@Suite struct SnapshotNameTests {
    struct Expected: Sendable, CustomStringConvertible {
        var path: String
        var size: Size?
        var screen: String?
        var description: String { path }
    }

    static let names: [Expected] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/snapshot-names.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 3 else { return nil }
            return Expected(path: columns[0], size: columns[1] == "-" ? nil : Size(name: columns[1]),
                            screen: columns[2] == "-" ? nil : columns[2])
        }
    }()

    @Test func theListIsThere() {
        #expect(Self.names.count > 150)
        // Every size a line names is one dtaudit knows.
        let text = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/snapshot-names.tsv"), encoding: .utf8)) ?? ""
        #expect(!text.split(separator: "\n").contains { line in
            let columns = line.split(separator: "\t").map(String.init)
            return columns.count == 3 && columns[1] != "-" && Size(name: columns[1]) == nil
        })
    }

    @Test func eachRealNameGoesToItsScreenAtItsSizeOrToNone() throws {
        let screens = Array(Set(Self.names.compactMap(\.screen))).sorted()
        let folder = try EvidenceImportTests.Folder(screens: screens)
        for name in Self.names { try folder.add(name.path, TemporaryStore.png(name.path)) }
        let plan = try folder.plan()
        var found: [String: (screen: String, size: Size)] = [:]
        for match in plan.matches { found[match.relativePath] = (match.screen.name, match.size) }
        for name in Self.names {
            let got = found[name.path]
            #expect(got?.screen == name.screen, "\(name.path): screen \(got?.screen ?? "none")")
            #expect(got?.size == name.size, "\(name.path): size \(got?.size.id ?? "none")")
        }
    }

    /// Sizes written inside a test's name are that test's subject, not the text size.
    @Test(arguments: [
        "roomScreen.testSmallTimelineLayout-iPhone-en-GB.png",
        "test_defaultAppearance_when_largeLongMessage.default-dark.png",
        "test_defaultAppearance_whenSmallIcons.default-light.png",
        "testLargeView_17_5_393x852@3x.png",
        "testMediumSizedButton.png",
    ])
    func aSizeWordInsideATestNameIsNoSize(path: String) {
        #expect(EvidenceNaming.parse(fileName: path) == nil)
    }

    /// A size spelled as only a size is (`AX5`, `XL`, `accessibilityLarge`) may still end a test's
    /// name, as XCTest names such as `testCheckoutAX5` do; a plain word may not.
    @Test func aSizeThatCanOnlyBeASizeMayEndATestName() {
        #expect(EvidenceNaming.parse(fileName: "testCheckoutAX5")?.size == .ax5)
        #expect(EvidenceNaming.parse(fileName: "testCheckoutXL.png")?.size == .xl)
        #expect(EvidenceNaming.parse(fileName: "testCheckoutAccessibilityLarge.png")?.size == .ax2)
        #expect(EvidenceNaming.parse(fileName: "testCheckboxEmptyLarge.png") == nil)
        #expect(EvidenceNaming.parse(fileName: "testSignInLarge()") == nil)
    }

    /// swift-snapshot-testing writes `<test>.<name>`: the test alone may name the screen.
    @Test func theTestBeforeASnapshotsNameIsAScreenKey() throws {
        let parts = try #require(EvidenceNaming.parse(fileName: "testTraitsWithView.label-accessibility-large.png"))
        #expect(parts.size == .ax2)
        #expect(parts.screenKeys.contains("traitswithview"))
        #expect(EvidenceNaming.parse(fileName: "testDynamicFonts_03_large_DEFAULT_iPhone10_0_320x568@2x.png")?.screenKeys.contains("dynamicfonts") == true)
    }
}
