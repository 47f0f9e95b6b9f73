import Foundation
import Testing

/// Reference folders written by snapshot-testing libraries, imported as their users keep them.
@Suite(.tags(.endToEnd)) struct SnapshotFolderTests {
    /// swift-snapshot-testing's names for the twelve content sizes (`named: "iphone-se-\(name)"`).
    static let sizeNames = [
        ("extra-small", "xs"), ("small", "s"), ("medium", "m"), ("large", "l"), ("extra-large", "xl"),
        ("extra-extra-large", "xxl"), ("extra-extra-extra-large", "xxxl"), ("accessibility-medium", "ax1"),
        ("accessibility-large", "ax2"), ("accessibility-extra-large", "ax3"), ("accessibility-extra-extra-large", "ax4"),
        ("accessibility-extra-extra-extra-large", "ax5"),
    ]

    /// `__Snapshots__/<TestFile>/<test>.<name>.png`, as swift-snapshot-testing lays out its
    /// references, beside device-only and widget-family references that hold no text size.
    static func referenceFolder(_ cli: CLI, screen test: String) throws {
        for (name, _) in sizeNames {
            try Fixture.write(Fixture.png(name), "__Snapshots__/SettingsSnapshotTests/\(test).iphone-se-\(name).png", in: cli.directory)
        }
        for other in ["iphone-xs-max", "iphone-8", "ipad-pro-12-9-alternative"] {
            try Fixture.write(Fixture.png(other), "__Snapshots__/SettingsSnapshotTests/\(test).\(other).png", in: cli.directory)
        }
        for family in ["systemSmall", "systemLarge", "accessoryCircular"] {
            try Fixture.write(Fixture.png(family), "__Snapshots__/OrdersWidgetTests/testOrdersWidget.\(family).png", in: cli.directory)
        }
        try Fixture.write(Fixture.png("small size"), "__Snapshots__/OrdersWidgetTests/smallSizeSnapshots.1.png", in: cli.directory)
    }

    /// Attached files by file name: `screen|size`.
    static func attached(_ cli: CLI, _ arguments: [String]) throws -> [String: String] {
        let plan = try #require(try cli.json(["evidence", "import", "__Snapshots__", "--dry-run"] + arguments) as? [String: Any])
        let attached = try #require(plan["attached"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: attached.map { entry in
            ((entry["file"] as? String ?? "").split(separator: "/").last.map(String.init) ?? "", "\(entry["screen"] ?? "")|\(entry["size"] ?? "")")
        })
    }

    @Test func everySizeOfSwiftSnapshotTestingsTraitReferencesAttachesToItsScreen() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["screen", "add", "Orders"])
        try Self.referenceFolder(cli, screen: "testSettings")

        let byName = try Self.attached(cli, [])
        #expect(byName == Dictionary(uniqueKeysWithValues: Self.sizeNames.map { ("testSettings.iphone-se-\($0.0).png", "Settings|\($0.1)") }))

        let plan = try #require(try cli.json(["evidence", "import", "__Snapshots__", "--dry-run"]) as? [String: Any])
        let unmatched = try #require(plan["unmatched"] as? [[String: Any]])
        let reasons = Dictionary(uniqueKeysWithValues: unmatched.map { (($0["file"] as? String ?? "").split(separator: "/").last.map(String.init) ?? "", $0["reason"] as? String ?? "") })
        #expect(reasons.keys.sorted() == ["smallSizeSnapshots.1.png", "testOrdersWidget.accessoryCircular.png", "testOrdersWidget.systemLarge.png",
                                          "testOrdersWidget.systemSmall.png", "testSettings.ipad-pro-12-9-alternative.png",
                                          "testSettings.iphone-8.png", "testSettings.iphone-xs-max.png"])
        #expect(reasons["testSettings.iphone-xs-max.png"]?.hasPrefix("no size in its name: 'iphone-xs-max' is a device, not a text size") == true)
        #expect(reasons["testOrdersWidget.systemLarge.png"]?.hasPrefix("no size in its name: 'systemLarge' is a widget or Live Activity family, not a text size") == true)
        #expect(reasons["smallSizeSnapshots.1.png"]?.hasPrefix("no size in its name: 'smallSize' is a widget or Live Activity family") == true)

        // Imported for real: one screenshot at each of the twelve sizes, none at a widget's.
        let text = try cli.ok(["evidence", "import", "__Snapshots__"])
        #expect(text.contains("Attached 12 files:"))
        let screen = try #require(try cli.json(["screen", "show", "Settings"]) as? [String: Any])
        let sizes = try #require(screen["screenshots"] as? [[String: Any]]).compactMap { $0["size"] as? String }
        #expect(sizes.sorted() == Self.sizeNames.map(\.1).sorted())
        let orders = try #require(try cli.json(["screen", "show", "Orders"]) as? [String: Any])
        #expect((orders["screenshots"] as? [[String: Any]])?.isEmpty == true)
    }

    /// A test named for something other than the screen is mapped by its test name alone: the
    /// device and the size around it are not part of the name to map.
    @Test func aScreenMapNamesTheTestNotTheDevice() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Preferences"])
        try Self.referenceFolder(cli, screen: "testTraits")
        try Fixture.write(Data("testTraits = Preferences\n".utf8), "map.txt", in: cli.directory)

        let unmapped = try Self.attached(cli, [])
        #expect(unmapped.isEmpty)
        let mapped = try Self.attached(cli, ["--screen-map", "map.txt"])
        #expect(mapped == Dictionary(uniqueKeysWithValues: Self.sizeNames.map { ("testTraits.iphone-se-\($0.0).png", "Preferences|\($0.1)") }))
    }
}
