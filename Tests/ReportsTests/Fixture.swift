import AuditStore
import DynamicType
import Foundation
import Interchange
@testable import Reports

/// A small audit with fixed ids and times, in a temporary folder removed when released.
final class Fixture {
    let folder: URL
    let store: AuditStore
    var counter = 0

    static let start = Timestamp(iso8601: "2026-09-07T09:00:00Z")!

    static func time(_ day: Int, _ minute: Int = 0) -> Timestamp {
        start.adding(days: day, minutes: minute)
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reports-" + UUID().uuidString)
        let location = StoreLocation(folder: folder.appendingPathComponent(".dtaudit").path)
        store = try AuditStore.create(at: location, app: "Trail|head", checklist: try ShippedChecklists.defaultChecklist(), by: "Mei Chen",
                                      at: Self.start, id: "fixture")
        store.makeID = { [unowned self] in
            counter += 1
            return "fx-\(counter < 10 ? "0" : "")\(counter)"
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    var checklist: Checklist { (try? store.checklist()) ?? Checklist(name: "", title: "", version: "", summary: "", items: [], source: "") }

    /// Records `status` for every planned cell of `screen` at `sizes` (all when nil).
    func plan(_ screen: Screen, _ status: ResultStatus, sizes: [Size]? = nil, by: String = "Ana", at time: Timestamp) throws {
        let cells = checklist.plannedCells.filter { sizes?.contains($0.size) ?? true }.map { (item: $0.item.id, size: $0.size) }
        try store.record(screen: screen, cells: cells, status: status, note: nil, by: by, at: time)
    }

    /// Checkout (critical, broken), Sign in (critical, supported), Map (unsupported), Notes <b> (unaudited).
    @discardableResult
    func standard() throws -> Fixture {
        try store.write {
            let checkout = try store.addScreen(name: "Checkout", flow: "checkout", critical: true, owner: "Sam <sam@x>", notes: "Pay | Book\n# not a heading",
                                               files: ["App/Checkout/*.swift"], by: "Mei Chen", at: Self.time(0, 1))
            let signIn = try store.addScreen(name: "Sign in", flow: "account", critical: true, owner: "Sam", notes: nil, files: [],
                                             by: "Mei Chen", at: Self.time(0, 2))
            let map = try store.addScreen(name: "Map", flow: "explore", critical: false, owner: nil, notes: nil, files: [], by: "Mei Chen", at: Self.time(0, 3))
            _ = try store.addScreen(name: "Notes <b>*", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Mei Chen", at: Self.time(2))
            try plan(checkout, .pass, at: Self.time(1))
            try plan(signIn, .pass, at: Self.time(1, 1))
            try store.record(screen: checkout, cells: [("reachable", .ax5)], status: .fail, note: "Pay button `hidden` | below the fold", by: "Ana", at: Self.time(1, 2))
            try store.record(screen: signIn, cells: [("no-truncation", .ax3)], status: .fail, note: "Link cut to \"Forgot pa…\"", by: "Ana", at: Self.time(1, 3))
            try store.addFix(screen: signIn, type: .textStyle, items: ["no-truncation"], note: "Footnote style", ref: "PR [12]", by: "Sam", at: Self.time(3))
            try store.record(screen: signIn, cells: [("no-truncation", .ax3)], status: .pass, note: nil, by: "Ana", at: Self.time(4))
            try plan(signIn, .pass, sizes: [.l], at: Self.time(4, 1))
            try store.record(screen: map, cells: [("text-scales", .ax5), ("text-scales", .xs)], status: .fail, note: "Labels stay at 11 pt", by: "Mei Chen", at: Self.time(5))
            try store.addFix(screen: checkout, type: .scroll, items: ["reachable"], note: "ScrollViewIfNeeded", ref: nil, by: "Sam", at: Self.time(6))
        }
        return self
    }

    func input(date: String? = nil, since: Baseline? = nil, chart: String? = "report.svg") throws -> ReportInput {
        let document = try AuditDocument(store: store)
        let snapshot = try store.snapshot(detailed: true)
        let changes = since.map { Changes(from: $0, to: document, snapshot: snapshot) }
        return ReportInput(document: document, snapshot: snapshot, date: date ?? document.latestActivity.day, changes: changes,
                           chartFile: chart, generator: "dtaudit test")
    }
}
