import AuditLog
import AuditStore
import DynamicType
import Reports
import Scan

/// The example audit: a hiking app, Trailhead, part-way through its Dynamic Type work.
enum DemoAudit {
    static let start = Timestamp(iso8601: "2026-09-07T09:00:00Z")!

    /// Deterministic ids, so every run of the demo writes the same store.
    final class Sequence {
        var state: UInt64 = 0x5EED_DA7A
        func next() -> String {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            let hex = String(z, radix: 16)
            let padded = String(repeating: "0", count: 16 - hex.count) + hex
            return "demo-" + padded
        }
    }

    /// Writes the store at `location`; `tool` names the dtaudit that records the example's scan.
    static func build(at location: StoreLocation, tool: String) throws -> AuditStore {
        let ids = Sequence()
        let checklist = try ShippedChecklists.defaultChecklist()
        let store = try AuditStore.create(at: location, app: "Trailhead", checklist: checklist, by: "Mei Chen", at: start, id: ids.next())
        store.makeID = ids.next
        var script = Script(store: store, checklist: checklist)
        try store.write {
            try store.setMark("demo", "1")
            // Whoever tries the example records as its auditor, never under their own git name.
            try store.setOwnAuthor(Script.visitor)
            try script.run()
            try script.recordScan(root: location.root, tool: tool)
        }
        // The nightly UI-test run, taken in as a team takes one in, in a transaction of its own.
        try DemoRun.importRun(into: store, by: script.sam, at: script.tick())
        return store
    }

    struct Script {
        let store: AuditStore
        let checklist: Checklist
        var clock = DemoAudit.start
        var screens: [String: Screen] = [:]

        let ana = "Ana Lima"
        let sam = "Sam Okafor"
        let mei = "Mei Chen"
        /// The name the example records as for whoever tries it.
        static let visitor = "Ana Lima"

        init(store: AuditStore, checklist: Checklist) {
            self.store = store
            self.checklist = checklist
        }

        /// Moves the clock to 09:00 on the given day of the audit.
        mutating func day(_ number: Int) {
            clock = DemoAudit.start.adding(days: number)
        }

        mutating func tick() -> Timestamp {
            clock = clock.adding(minutes: 7)
            return clock
        }

        mutating func add(_ name: String, flow: String? = nil, critical: Bool = false, owner: String? = nil,
                          notes: String? = nil, files: [String] = []) throws {
            screens[name] = try store.addScreen(name: name, flow: flow, critical: critical, owner: owner, notes: notes,
                                                files: files, by: mei, at: tick())
        }

        /// Records every planned cell at `sizes` (all planned sizes when nil) as passed, the items in
        /// `na` as not applicable, and leaves out the items in `skipping` (recorded on their own).
        mutating func passPlan(_ name: String, sizes: [Size]? = nil, na: [String] = [], skipping: [String] = [], by: String) throws {
            guard let screen = screens[name] else { return }
            let chosen = Set(sizes ?? Size.allCases)
            var passed: [(item: String, size: Size)] = []
            var notApplicable: [(item: String, size: Size)] = []
            for (item, size) in checklist.plannedCells where chosen.contains(size) && !skipping.contains(item.id) {
                if na.contains(item.id) {
                    notApplicable.append((item.id, size))
                } else {
                    passed.append((item.id, size))
                }
            }
            let time = tick()
            if !passed.isEmpty { try store.record(screen: screen, cells: passed, status: .pass, note: nil, by: by, at: time) }
            if !notApplicable.isEmpty {
                try store.record(screen: screen, cells: notApplicable, status: .na, note: "Nothing of the kind on this screen.", by: by, at: time)
            }
        }

        /// Records `status` for `item` at `sizes`; `evidence` is a screenshot attached to the new
        /// recordings, as `record --evidence` attaches one.
        mutating func record(_ name: String, _ item: String, _ sizes: [Size], _ status: ResultStatus, note: String? = nil, by: String,
                             evidence: (name: String, sketch: PhoneSketch)? = nil) throws {
            guard let screen = screens[name] else { return }
            let cells = sizes.map { (item: item, size: $0) }
            try store.record(screen: screen, cells: cells, status: status, note: note, by: by, at: tick())
            if let evidence {
                let file = try store.storeEvidence(bytes: evidence.sketch.png, name: evidence.name, by: by, at: clock)
                try store.attach(file, name: evidence.name, toLatestOf: screen, cells: cells, by: by, at: clock)
            }
        }

        /// A screenshot of the whole screen at `size`, as `evidence import` attaches one from a
        /// capture script's folder. Takes no time on the demo's clock, so the recordings keep theirs.
        mutating func screenshot(_ name: String, at size: Size, _ fileName: String, _ sketch: PhoneSketch, by: String) throws {
            guard let screen = screens[name] else { return }
            let file = try store.storeEvidence(bytes: sketch.png, name: fileName, by: by, at: clock)
            try store.attach(file, name: fileName, to: screen, size: size, by: by, at: clock)
        }

        mutating func fix(_ name: String, _ type: FixType, items: [String], note: String, ref: String?, by: String) throws {
            guard let screen = screens[name] else { return }
            try store.addFix(screen: screen, type: type, items: items, note: note, ref: ref, by: by, at: tick())
        }

        /// The default-size cells again, after a fix.
        mutating func recheckDefault(_ name: String, by: String) throws {
            try passPlan(name, sizes: [.l], by: by)
        }

        /// `dtaudit scan --record` of the example sources, read from memory so that the demo does
        /// not depend on what git ignores around its folder.
        mutating func recordScan(root: String, tool: String) throws {
            let report = try SourceScanner.scan(files: DemoSources.files, root: root)
            let shares = ScanRecorder.shares(of: report, screens: try store.screens())
            let run = ScanRecorder.run(of: report, paths: [], by: sam, at: tick(), tool: tool)
            try store.recordScan(run, screens: shares.recorded)
        }

        mutating func run() throws {
            // Week 1: the screens, and a first triage.
            day(0)
            try add("Welcome", flow: "onboarding", critical: true, owner: sam, notes: "Animated trail map behind the title.", files: ["Trailhead/Onboarding/Welcome*.swift"])
            try add("Sign in", flow: "account", critical: true, owner: sam, files: ["Trailhead/Account/SignIn*.swift"])
            try add("Recovery: email", flow: "account recovery", critical: true, owner: sam, files: ["Trailhead/Account/Recovery/*.swift"])
            try add("Recovery: new password", flow: "account recovery", critical: true, owner: sam, files: ["Trailhead/Account/Recovery/*.swift"])
            try add("Home", flow: "explore", owner: "Jonas Berg", files: ["Trailhead/Home/*.swift"])
            try add("Search", flow: "explore", owner: "Jonas Berg", files: ["Trailhead/Search/*.swift"])
            try add("Map", flow: "explore", owner: "Jonas Berg", notes: "MapKit with custom trail labels.", files: ["Trailhead/Map/*.swift"])
            try add("Trail detail", flow: "explore", owner: "Jonas Berg", files: ["Trailhead/Trail/TrailDetail*.swift"])
            try add("Elevation chart", flow: "explore", owner: "Jonas Berg", files: ["Trailhead/Trail/Elevation*.swift"])
            try add("Checkout: cart", flow: "checkout", critical: true, owner: sam, notes: "Buying a guided hike.", files: ["Trailhead/Checkout/Cart*.swift"])
            try add("Checkout: payment", flow: "checkout", critical: true, owner: sam, files: ["Trailhead/Checkout/Payment*.swift"])
            try add("Checkout: confirmation", flow: "checkout", critical: true, owner: sam, files: ["Trailhead/Checkout/Confirmation*.swift"])
            try add("Paywall", flow: "subscription", owner: "Jonas Berg", notes: "Free and Pro comparison table.", files: ["Trailhead/Paywall/*.swift"])
            try add("Tab bar", owner: sam, files: ["Trailhead/App/RootTabView.swift"])
            try add("Settings", owner: "Jonas Berg", files: ["Trailhead/Settings/*.swift"])
            try add("Profile", owner: "Jonas Berg", notes: "Uses the brand font for the display name.", files: ["Trailhead/Profile/*.swift"])
            try add("Offline maps", flow: "explore", owner: "Jonas Berg")
            try add("Trip planner", flow: "explore", owner: "Jonas Berg", files: ["Trailhead/Planner/*.swift"])

            day(1)
            for name in ["Map", "Profile", "Offline maps"] { try store.setTriage(.unsupported, for: screens[name]!, by: mei, at: tick()) }
            for name in ["Search", "Checkout: cart", "Paywall", "Recovery: email", "Recovery: new password"] {
                try store.setTriage(.broken, for: screens[name]!, by: mei, at: tick())
            }

            // Week 1: AX5 first, then the other sizes.
            day(2)
            try passPlan("Welcome", sizes: [.ax5], na: ["landscape", "cells-resize", "errors-near-fields"], skipping: ["readable-over-background"], by: ana)
            try record("Welcome", "readable-over-background", [.ax5], .fail, note: "Title runs over the animated trail map and is hard to read.", by: ana)
            try passPlan("Sign in", sizes: [.ax5], na: ["cells-resize", "large-content-viewer"], skipping: ["no-truncation"], by: ana)
            try record("Sign in", "no-truncation", [.ax5], .fail, note: "\"Forgot password?\" link cut to \"Forgot pa…\".", by: ana)
            try passPlan("Home", sizes: [.ax5, .ax3, .ax1], na: ["errors-near-fields"], skipping: ["layout-adapts"], by: ana)
            try record("Home", "layout-adapts", [.ax1, .ax3, .ax5], .fail, note: "Trail cards keep the photo beside the title; one word per line.", by: ana)

            day(3)
            try passPlan("Checkout: cart", sizes: [.ax5, .ax3, .xxxl], na: ["errors-near-fields"], skipping: ["no-truncation", "reachable"], by: ana)
            let cartAtAX5 = (name: "Checkout-cart_AX5.png", sketch: PhoneSketch.cart(at: .ax5, fixed: false))
            try record("Checkout: cart", "no-truncation", [.ax5], .fail, note: "Pay button clipped: \"Pay $49.00 | Book\" shows as \"Pay $4…\".", by: ana,
                       evidence: cartAtAX5)
            try record("Checkout: cart", "reachable", [.ax5], .fail, note: "Pay button below the fold and the view does not scroll.", by: ana,
                       evidence: cartAtAX5)
            try record("Checkout: cart", "no-truncation", [.xxxl, .ax3], .pass, by: ana)
            try passPlan("Checkout: payment", by: ana)
            try record("Checkout: payment", "cells-resize", [.ax5], .na, note: "No list on this screen.", by: ana)
            try passPlan("Checkout: confirmation", na: ["errors-near-fields", "cells-resize"], by: ana)

            day(4)
            try record("Map", "text-scales", [.xs, .l, .ax5], .fail, note: "Trail labels on the map stay at 11 pt at every size.", by: mei)
            try record("Profile", "text-scales", [.ax5], .fail, note: "Display name in the brand font never grows.", by: mei,
                       evidence: ("Profile_AX5.png", PhoneSketch.profile(at: .ax5)))
            try record("Profile", "custom-fonts", [.ax3], .fail, note: "Brand font set with a fixed size of 22.", by: mei)
            try passPlan("Search", sizes: [.ax5, .ax3], na: ["errors-near-fields"], skipping: ["no-truncation"], by: ana)
            try record("Search", "no-truncation", [.ax3, .ax5], .fail, note: "Filter chips clip \"Wheelchair accessible\" and \"Dog friendly\".", by: ana)

            // Week 2: the first fixes.
            day(8)
            try fix("Checkout: cart", .scroll, items: ["no-truncation", "reachable"], note: "ScrollViewIfNeeded around the summary; Pay button wraps its label.", ref: "PR 412", by: sam)
            try fix("Home", .stackFlip, items: ["layout-adapts"], note: "Trail card uses AnyLayout: VStack at accessibility sizes.", ref: "PR 415", by: "Jonas Berg")
            try fix("Sign in", .textStyle, items: ["no-truncation"], note: "Link font moved to .footnote; numberOfLines = 0.", ref: "PR 417", by: sam)

            day(9)
            try record("Home", "layout-adapts", [.ax1, .ax3, .ax5], .pass, by: ana)
            try recheckDefault("Home", by: ana)
            try screenshot("Home", at: .ax5, "Home_AX5.png", PhoneSketch.home(at: .ax5, stacked: true), by: ana)
            try screenshot("Home", at: .l, "Home_Large.png", PhoneSketch.home(at: .l, stacked: true), by: ana)
            try passPlan("Home", sizes: [.xs, .xxxl], by: ana)
            try record("Sign in", "no-truncation", [.ax5], .pass, by: ana)
            try passPlan("Sign in", sizes: [.xs, .l, .xxxl, .ax3, .ax1], na: ["cells-resize", "large-content-viewer"], by: ana)

            day(10)
            try fix("Welcome", .custom, items: ["readable-over-background"], note: "Material backing under the text, shown only at accessibility sizes.", ref: "PR 421", by: sam)
            try record("Welcome", "readable-over-background", [.ax5], .pass, by: mei)
            try passPlan("Welcome", sizes: [.xs, .l, .xxxl, .ax1, .ax3], na: ["landscape"], by: mei)

            // Week 3: more screens, the chart and the paywall.
            day(15)
            try passPlan("Trail detail", sizes: [.ax5, .ax3], skipping: ["reachable"], by: ana)
            try record("Trail detail", "reachable", [.ax5], .fail, note: "Directions button unreachable under the photo header.", by: ana)
            try passPlan("Elevation chart", sizes: [.ax5, .ax3], na: ["errors-near-fields"], skipping: ["no-overlap"], by: ana)
            try record("Elevation chart", "no-overlap", [.ax3, .ax5], .fail, note: "Axis labels overlap each other and the plot.", by: ana)
            try passPlan("Paywall", sizes: [.ax5, .ax3], skipping: ["no-truncation", "layout-adapts"], by: mei)
            try record("Paywall", "no-truncation", [.ax3, .ax5], .fail, note: "Free | Pro comparison table cuts every feature name.", by: mei)
            try record("Paywall", "layout-adapts", [.ax3, .ax5], .fail, note: "Three columns side by side at AX5.", by: mei)
            try passPlan("Tab bar", sizes: [.ax5], na: ["errors-near-fields", "cells-resize"], skipping: ["large-content-viewer"], by: mei)
            try record("Tab bar", "large-content-viewer", [.ax5], .fail, note: "Custom tab bar: long-press shows nothing.", by: mei)

            day(17)
            try fix("Trail detail", .scroll, items: ["reachable"], note: "Header collapses; content scrolls under it.", ref: "PR 430", by: "Jonas Berg")
            try record("Trail detail", "reachable", [.ax5], .pass, by: ana)
            try passPlan("Trail detail", sizes: [.xs, .l, .xxxl, .ax1], by: ana)
            try passPlan("Elevation chart", sizes: [.xs, .l, .xxxl, .ax1], na: ["errors-near-fields"], by: ana)
            try fix("Paywall", .custom, items: ["no-truncation", "layout-adapts"], note: "Comparison table becomes a list of Pro features at accessibility sizes.", ref: "PR 433", by: "Jonas Berg")
            try fix("Tab bar", .custom, items: ["large-content-viewer"], note: "accessibilityShowsLargeContentViewer on each tab.", ref: "PR 434", by: sam)

            // Week 4: retests.
            day(22)
            try record("Paywall", "no-truncation", [.ax3, .ax5], .pass, by: mei)
            try record("Paywall", "layout-adapts", [.ax3, .ax5], .pass, by: mei)
            try passPlan("Paywall", sizes: [.xs, .l, .xxxl, .ax1], by: mei)
            try record("Tab bar", "large-content-viewer", [.ax5], .pass, by: mei)
            try passPlan("Tab bar", sizes: [.xs, .l, .xxxl, .ax1, .ax3], na: ["errors-near-fields", "cells-resize"], by: mei)
            try passPlan("Settings", na: ["errors-near-fields", "readable-over-background"], by: ana)
            try passPlan("Recovery: email", sizes: [.ax5], na: ["cells-resize"], skipping: ["errors-near-fields"], by: ana)
            try record("Recovery: email", "errors-near-fields", [.ax5], .fail, note: "\"No account with that email\" shows under the keyboard, far from the field.", by: ana)

            // Week 5: fixes waiting for their retest.
            day(29)
            try fix("Elevation chart", .custom, items: ["no-overlap"], note: "Chart turns vertical with labels on the left at accessibility sizes.", ref: "PR 441", by: "Jonas Berg")
            try record("Elevation chart", "no-overlap", [.ax3, .ax5], .pass, by: ana)
            try fix("Profile", .textStyle, items: ["text-scales", "custom-fonts"], note: "Brand font through UIFontMetrics(forTextStyle: .title1).", ref: "PR 444", by: "Jonas Berg")
            try passPlan("Map", sizes: [.ax5], na: ["cells-resize", "errors-near-fields"], skipping: ["text-scales"], by: mei)

            day(36)
            try record("Checkout: cart", "no-truncation", [.ax5], .pass, by: ana,
                       evidence: ("Checkout-cart_AX5_retest.png", PhoneSketch.cart(at: .ax5, fixed: true)))
            try screenshot("Checkout: cart", at: .l, "Checkout-cart_Large.png", PhoneSketch.cart(at: .l, fixed: true), by: ana)
            try passPlan("Search", sizes: [.xs, .l], by: ana)
            try fix("Search", .scroll, items: ["no-truncation"], note: "Filter chips in a horizontal scroll view that wraps at accessibility sizes.", ref: "PR 452", by: "Jonas Berg")
        }
    }
}
