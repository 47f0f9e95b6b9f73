import AuditStore
import DynamicType
import Evidence
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
            let notes = try store.addScreen(name: "Notes <b>*", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Mei Chen", at: Self.time(2))
            try plan(checkout, .pass, at: Self.time(1))
            try plan(signIn, .pass, at: Self.time(1, 1))
            try store.record(screen: checkout, cells: [("reachable", .ax5)], status: .fail, note: "Pay button `hidden` | below the fold", by: "Ana", at: Self.time(1, 2))
            try store.record(screen: signIn, cells: [("no-truncation", .ax3)], status: .fail, note: "Link cut to \"Forgot pa…\"", by: "Ana", at: Self.time(1, 3))
            let retested = try store.storeEvidence(bytes: Self.screenshot(7), name: "SignIn_ax3.png", by: "Ana", at: Self.time(1, 3))
            try store.attach(retested, name: "SignIn_ax3.png", toLatestOf: signIn, cells: [("no-truncation", .ax3)], by: "Ana", at: Self.time(1, 3))
            try store.addFix(screen: signIn, type: .textStyle, items: ["no-truncation"], note: "Footnote style", ref: "PR [12]", by: "Sam", at: Self.time(3))
            try store.record(screen: signIn, cells: [("no-truncation", .ax3)], status: .pass, note: nil, by: "Ana", at: Self.time(4))
            try plan(signIn, .pass, sizes: [.l], at: Self.time(4, 1))
            try store.record(screen: map, cells: [("text-scales", .ax5), ("text-scales", .xs)], status: .fail, note: "Labels stay at 11 pt", by: "Mei Chen", at: Self.time(5))
            try store.addFix(screen: checkout, type: .scroll, items: ["reachable"], note: "ScrollViewIfNeeded", ref: nil, by: "Sam", at: Self.time(6))
            try evidence(checkout: checkout, map: map, notes: notes)
            try scan(checkout: checkout, map: map, notes: notes)
        }
        return self
    }

    /// A picture of `width` × 2 `width` white pixels: a different PNG file for each width.
    static func screenshot(_ width: Int) -> [UInt8] {
        IndexedImage(width: width, height: width * 2, palette: [.init(hex: 0xFFFFFF)]).png()
    }

    /// A file name that tries to break the page wherever it is shown.
    static let hostileName = "Pay <img src=x onerror=alert(1)> | [l](javascript:alert(1)) \"q\" `c` & *b*.png"

    /// Checkout: the failure's screenshot (under a hostile name), a screen recording imported for
    /// it, and whole-screen shots at ax5 and the default size. Map: a PDF for the failure at xs.
    /// Notes, with nothing recorded: one imported screenshot. Sign in: a screenshot of a failure
    /// since retested, which the report no longer shows.
    func evidence(checkout: Screen, map: Screen, notes: Screen) throws {
        func stored(_ bytes: [UInt8], _ name: String, at time: Timestamp) throws -> EvidenceFile {
            try store.storeEvidence(bytes: bytes, name: name, by: "Ana", at: time)
        }
        let failure = try stored(Self.screenshot(3), Self.hostileName, at: Self.time(1, 2))
        try store.attach(failure, name: Self.hostileName, toLatestOf: checkout, cells: [("reachable", .ax5)], by: "Ana", at: Self.time(1, 2))
        let movie = try stored([0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8) + [0, 0, 0, 8] + Array("free".utf8),
                               "pay-button.mp4", at: Self.time(1, 3))
        try store.attach(movie, name: "pay-button.mp4", to: checkout, size: .ax5, item: "reachable", by: "Ana", at: Self.time(1, 3))
        for (width, size, name) in [(4, Size.l, "Checkout_Large.png"), (5, .ax5, "Checkout_AX5.png")] {
            let shot = try stored(Self.screenshot(width), name, at: Self.time(1, 4))
            try store.attach(shot, name: name, to: checkout, size: size, by: "Ana", at: Self.time(1, 4))
        }
        let pdf = try stored(Array("%PDF-1.4\n%%EOF\n".utf8), "labels.pdf", at: Self.time(5))
        try store.attach(pdf, name: "labels.pdf", toLatestOf: map, cells: [("text-scales", .xs)], by: "Mei Chen", at: Self.time(5))
        let draft = try stored(Self.screenshot(6), "Notes <draft>_ax3.png", at: Self.time(5, 1))
        try store.attach(draft, name: "Notes <draft>_ax3.png", to: notes, size: .ax3, by: "Mei Chen", at: Self.time(5, 1))
    }

    /// A recorded `dtaudit scan`: Checkout with findings (one in a file whose name tries to break
    /// the page, one suppressed), Map and the unaudited Notes with fixed font sizes.
    func scan(checkout: Screen, map: Screen, notes: Screen) throws {
        func finding(_ rule: String, _ severity: String, _ file: String, _ line: Int, _ message: String, item: String,
                     confidence: String = "high", reason: String? = nil) -> StoredFinding {
            StoredFinding(rule: rule, severity: severity, confidence: confidence, file: file, line: line, column: 9, message: message,
                          item: item, suppression: reason == nil ? nil : .line, suppressionReason: reason)
        }
        let run = ScanRun(at: Self.time(6, 30), by: "Sam", root: "/work/trailhead", paths: ["."], files: 6, lines: 480, findings: 5,
                          suppressed: 1, previews: 0, tool: "dtaudit test")
        try store.recordScan(run, screens: [
            ScreenScanResult(screen: checkout, files: 2, lines: 160, findings: [
                finding("single-line", "major", "App/Checkout/PayButton.swift", 12, ".lineLimit(1) keeps this text on one line, so at large sizes it is cut off.", item: "no-truncation"),
                finding("fixed-height-text", "major", "App/Checkout/Pay|Sheet `v2`.swift", 30,
                        "heightAnchor.constraint(equalToConstant: 44) fixes the height of 'payLabel' | *clipped*", item: "no-truncation", confidence: "medium"),
                finding("shrinks-text", "major", "App/Checkout/PayButton.swift", 20, ".minimumScaleFactor(0.5) shrinks this text.", item: "no-shrink",
                        reason: "badge <b>one</b> number"),
            ], signs: ["text-style": 5, "view-that-fits": 1]),
            ScreenScanResult(screen: map, files: 1, lines: 120, findings: [
                finding("fixed-font-size", "critical", "App/Map/TrailLabel.swift", 8, "UIFont.systemFont(ofSize: 11) makes a font of a fixed 11 pt.", item: "text-scales"),
            ], signs: [:]),
            ScreenScanResult(screen: notes, files: 3, lines: 200, findings: [
                finding("fixed-font-size", "critical", "App/Notes/NoteCell.swift", 14, ".system(size: 13) sets this text at a fixed 13 pt.", item: "text-scales"),
                finding("fixed-font-size", "critical", "App/Notes/NoteCell.swift", 15, "Font.custom(_:fixedSize: 20) keeps this custom font at a fixed 20 pt.", item: "custom-fonts"),
            ], signs: ["scaled-metric": 1]),
        ])
    }

    func input(date: String? = nil, since: EarlierAudit? = nil, chart: String? = "report.svg", evidence: String? = "report-evidence") throws -> ReportInput {
        let document = try AuditDocument(store: store)
        let snapshot = try store.snapshot(detailed: true)
        let changes = since.map { Changes(from: $0, to: document, snapshot: snapshot) }
        let shown = try evidence.map { ReportEvidence(folder: $0, screens: try store.evidenceByScreen()) }
        return ReportInput(document: document, snapshot: snapshot, date: date ?? document.latestActivity.day, changes: changes,
                           chartFile: chart, evidence: shown, generator: "dtaudit test")
    }
}
