import AuditLog
import SQLite

/// One `dtaudit scan --record`: what it read and what it found in all.
public struct ScanRun: Sendable, Equatable {
    public var id: Int64
    public var at: Timestamp
    public var by: String
    /// The folder the findings' paths are relative to, as an absolute path.
    public var root: String
    /// The paths scanned, relative to `root` (`.` for the root itself).
    public var paths: [String]
    public var files: Int
    public var lines: Int
    /// Findings that count; those a `dtaudit:ignore` comment covers; those in preview-only code.
    public var findings: Int
    public var suppressed: Int
    public var previews: Int
    /// `dtaudit 0.1.0`
    public var tool: String

    public init(id: Int64 = 0, at: Timestamp, by: String, root: String, paths: [String], files: Int, lines: Int,
                findings: Int, suppressed: Int, previews: Int, tool: String) {
        self.id = id
        self.at = at
        self.by = by
        self.root = root
        self.paths = paths
        self.files = files
        self.lines = lines
        self.findings = findings
        self.suppressed = suppressed
        self.previews = previews
        self.tool = tool
    }
}

/// A finding kept in the store. The store does not interpret rule ids: the scanner owns them.
public struct StoredFinding: Sendable, Equatable {
    /// The columns `init(row:)` reads, from `scan_findings`.
    static let columns = "rule, severity, confidence, file, line, col, message, item, suppression, suppression_reason, cap"

    /// Reads `columns` from the row, by name.
    init(row: Row) throws {
        self.init(rule: try row["rule"], severity: try row["severity"], confidence: try row["confidence"], file: try row["file"],
                  line: try row["line"], column: try row["col"], message: try row["message"], item: try row["item"],
                  suppression: try row["suppression"], suppressionReason: try row["suppression_reason"], cap: try row["cap"])
    }

    public enum Suppression: String, Sendable, ColumnDecodable {
        /// A `dtaudit:ignore` comment on the line or the line above.
        case line
        /// A `dtaudit:ignore-file` comment.
        case file
    }

    public var rule: String
    /// `critical`, `major` or `minor`.
    public var severity: String
    /// `high`, `medium` or `low`.
    public var confidence: String
    /// The file's path relative to the scan's root.
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The checklist item the finding maps to.
    public var item: String
    public var suppression: Suppression?
    public var suppressionReason: String?
    /// For a capped text size: how far the text still grows, as the scan names it (`AX3`, `xxxLarge`, `1.25x`).
    public var cap: String?

    public init(rule: String, severity: String, confidence: String, file: String, line: Int, column: Int, message: String,
                item: String, suppression: Suppression? = nil, suppressionReason: String? = nil, cap: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.confidence = confidence
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.item = item
        self.suppression = suppression
        self.suppressionReason = suppressionReason
        self.cap = cap
    }

    /// Counts: not covered by a `dtaudit:ignore` comment.
    public var isActive: Bool { suppression == nil }
}

/// A screen's share of one scan, to be stored as its latest.
public struct ScreenScanResult: Sendable {
    public var screen: Screen
    /// The scanned files matched by the screen's file patterns, and their lines.
    public var files: Int
    public var lines: Int
    /// Findings in those files, suppressed ones included, preview-only ones left out.
    public var findings: [StoredFinding]
    /// Good signs in those files, by sign id.
    public var signs: [String: Int]

    public init(screen: Screen, files: Int, lines: Int, findings: [StoredFinding], signs: [String: Int]) {
        self.screen = screen
        self.files = files
        self.lines = lines
        self.findings = findings
        self.signs = signs
    }
}

/// Findings of several screens' latest scans, each counted once (`AuditStore.distinctFindings`).
public struct FindingTotals: Sendable, Equatable {
    /// Findings that count, by rule id.
    public var activeByRule: [String: Int] = [:]
    public var suppressed = 0

    public init() {}

    /// The totals of scans read with their findings (a detailed snapshot's).
    public init(detailed scans: [ScreenScan]) {
        var seen = Set<String>()
        for finding in scans.flatMap(\.findings)
        where seen.insert("\(finding.rule)\u{0}\(finding.line)\u{0}\(finding.column)\u{0}\(finding.file)").inserted {
            if finding.isActive { activeByRule[finding.rule, default: 0] += 1 } else { suppressed += 1 }
        }
    }

    public var active: Int { activeByRule.values.reduce(0, +) }
}

/// A finding of a screen's latest scan that caps the text size, where it is and how far text still grows.
public struct StoredCap: Sendable, Equatable {
    public var file: String
    public var line: Int
    /// `AX3`, `xxxLarge`, `1.25x`, as the scan names it.
    public var cap: String

    public init(file: String, line: Int, cap: String) {
        self.file = file
        self.line = line
        self.cap = cap
    }
}

/// A screen's latest recorded scan.
public struct ScreenScan: Sendable, Equatable {
    public static let fixedFontSizeRule = "fixed-font-size"

    public var run: ScanRun
    public var files: Int
    public var lines: Int
    /// Findings that count, by rule id.
    public var activeByRule: [String: Int]
    public var suppressed: Int
    /// Good signs by sign id.
    public var signs: [String: Int]
    /// Every stored finding, suppressed ones included, in file, line, column and rule order.
    /// Read only for detailed snapshots; empty otherwise.
    public var findings: [StoredFinding]
    /// The findings that cap the text size and count, with how far the text still grows: read for
    /// every snapshot, as the Larger Text verdict weighs them.
    public var caps: [StoredCap] = []

    /// How many findings count.
    public var active: Int { activeByRule.values.reduce(0, +) }

    /// Fonts of a fixed point size in the screen's code: its text does not scale, whatever the
    /// audit has recorded so far.
    public var fixedFontSizes: Int { activeByRule[Self.fixedFontSizeRule] ?? 0 }

    /// Rule ids with findings that count, the most frequent first, then by id.
    public var rulesByCount: [(rule: String, count: Int)] {
        activeByRule.map { (rule: $0.key, count: $0.value) }.sorted { ($1.count, $0.rule) < ($0.count, $1.rule) }
    }
}

extension ScanRun {
    /// The columns `init(row:)` reads, from `scans`.
    static let columns = "scans.id, scans.scanned_at, scans.scanned_by, scans.root, scans.paths, scans.files, scans.lines, scans.findings, scans.suppressed, scans.previews, scans.tool"

    /// Reads `columns` from the row, by name: a query that joins another table's `files` or
    /// `lines` names those otherwise.
    init(row: Row) throws {
        let paths: String = try row["paths"]
        self.init(id: try row["id"], at: try row["scanned_at"], by: try row["scanned_by"], root: try row["root"],
                  paths: paths.isEmpty ? [] : paths.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                  files: try row["files"], lines: try row["lines"], findings: try row["findings"], suppressed: try row["suppressed"],
                  previews: try row["previews"], tool: try row["tool"])
    }
}

extension AuditStore {
    /// Stores a scan run and makes it the latest scan of each screen in `screens`, replacing the
    /// findings and good signs of the scan before. Other screens keep theirs. Call it inside
    /// `write(_:)`, so that the run and every screen's share land together.
    @discardableResult
    public func recordScan(_ run: ScanRun, screens: [ScreenScanResult]) throws -> ScanRun {
        try db.run("""
            INSERT INTO scans (scanned_at, scanned_by, root, paths, files, lines, findings, suppressed, previews, tool)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [run.at.iso8601, try InputRules.name(run.by, what: "the name of who scanned"), run.root,
                  run.paths.joined(separator: "\n"), run.files, run.lines, run.findings, run.suppressed, run.previews, run.tool])
        var stored = run
        stored.id = db.lastInsertedRowID

        let forgetFindings = try db.cachedStatement("DELETE FROM scan_findings WHERE screen_id = ?")
        let forgetSigns = try db.cachedStatement("DELETE FROM scan_signs WHERE screen_id = ?")
        let setScan = try db.cachedStatement("""
            INSERT INTO screen_scans (screen_id, scan_id, files, lines) VALUES (?, ?, ?, ?)
            ON CONFLICT (screen_id) DO UPDATE SET scan_id = excluded.scan_id, files = excluded.files, lines = excluded.lines
            """)
        let addFinding = try db.cachedStatement("""
            INSERT INTO scan_findings (screen_id, rule, severity, confidence, file, line, col, message, item, suppression, suppression_reason, cap)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let addSign = try db.cachedStatement("INSERT INTO scan_signs (screen_id, sign, count) VALUES (?, ?, ?)")
        for share in screens {
            let screenID = try rowID(of: share.screen)
            try forgetFindings.run([screenID])
            try forgetSigns.run([screenID])
            try setScan.run([screenID, stored.id, share.files, share.lines])
            for finding in share.findings {
                try addFinding.run([screenID, finding.rule, finding.severity, finding.confidence, finding.file, finding.line,
                                    finding.column, finding.message, finding.item, finding.suppression?.rawValue, finding.suppressionReason,
                                    finding.cap])
            }
            for (sign, count) in share.signs.sorted(by: { $0.key < $1.key }) where count > 0 {
                try addSign.run([screenID, sign, count])
            }
        }
        return stored
    }

    /// The findings of the latest scans of `screens` (ids), each counted once however many of the
    /// screens list the file it is in, as `dtaudit scan` counts them: those that count by rule, and
    /// the suppressed ones. Two screens may share a file; a sum over screens counts its findings twice.
    public func distinctFindings(of screens: Set<String>) throws -> FindingTotals {
        var seen = Set<String>()
        var result = FindingTotals()
        try db.cachedStatement("""
            SELECT screens.uid, f.rule, f.file, f.line, f.col, f.suppression IS NOT NULL AS suppressed
            FROM scan_findings f JOIN screens ON screens.id = f.screen_id WHERE screens.removed = 0
            """).forEach { row in
            guard screens.contains(row.string("uid")) else { return }
            let rule = row.string("rule")
            guard seen.insert("\(rule)\u{0}\(row.int("line"))\u{0}\(row.int("col"))\u{0}\(row.string("file"))").inserted else { return }
            if row.bool("suppressed") { result.suppressed += 1 } else { result.activeByRule[rule, default: 0] += 1 }
        }
        return result
    }

    /// The latest scan of each screen that has one, by screen id: of every screen, or of one.
    /// `detailed` also reads each finding; otherwise only the counts are read.
    public func latestScans(screen: Screen? = nil, detailed: Bool = false) throws -> [String: ScreenScan] {
        let screenID = try screen.map { try rowID(of: $0) }
        let scans = try latestScans(screenID: screenID, detailed: detailed)
        // Most audits hold no scan, and one screen's needs no lookup of the others.
        if scans.isEmpty { return [:] }
        var uids: [Int64: String] = [:]
        if let screen, let screenID {
            uids[screenID] = screen.id
        } else {
            try db.cachedStatement("SELECT id, uid FROM screens").forEach { uids[$0.int64("id")] = $0.string("uid") }
        }
        var byUID: [String: ScreenScan] = [:]
        for (row, scan) in scans { if let uid = uids[row] { byUID[uid] = scan } }
        return byUID
    }

    private func latestScans(screenID: Int64?, detailed: Bool) throws -> [Int64: ScreenScan] {
        let filter = screenID == nil ? "" : " WHERE screen_id = ?"
        let arguments: [any SQLBindable] = screenID.map { [$0] } ?? []
        var scans: [Int64: ScreenScan] = [:]
        try db.cachedStatement("""
            SELECT screen_scans.screen_id, screen_scans.files AS screen_files, screen_scans.lines AS screen_lines, \(ScanRun.columns)
            FROM screen_scans JOIN scans ON scans.id = screen_scans.scan_id\(screenID == nil ? "" : " WHERE screen_scans.screen_id = ?")
            """).forEach(arguments) { row in
            scans[try row["screen_id"]] = ScreenScan(run: try ScanRun(row: row), files: try row["screen_files"], lines: try row["screen_lines"], activeByRule: [:],
                                           suppressed: 0, signs: [:], findings: [])
        }
        if scans.isEmpty { return scans }
        try db.cachedStatement("""
            SELECT screen_id, rule, suppression IS NOT NULL AS suppressed, count(*) AS findings FROM scan_findings\(filter)
            GROUP BY screen_id, rule, suppression IS NOT NULL
            """).forEach(arguments) { row in
            let id = row.int64("screen_id")
            guard scans[id] != nil else { return }
            if row.bool("suppressed") {
                scans[id]!.suppressed += row.int("findings")
            } else {
                scans[id]!.activeByRule[row.string("rule"), default: 0] += row.int("findings")
            }
        }
        try db.cachedStatement("""
            SELECT screen_id, file, line, cap FROM scan_findings WHERE cap IS NOT NULL AND suppression IS NULL\(screenID == nil ? "" : " AND screen_id = ?")
            ORDER BY screen_id, file, line
            """).forEach(arguments) { row in
            let id = row.int64("screen_id")
            guard scans[id] != nil else { return }
            scans[id]!.caps.append(StoredCap(file: try row["file"], line: try row["line"], cap: try row["cap"]))
        }
        try db.cachedStatement("SELECT screen_id, sign, count FROM scan_signs\(filter)").forEach(arguments) { row in
            let id = row.int64("screen_id")
            guard scans[id] != nil else { return }
            scans[id]!.signs[row.string("sign")] = row.int("count")
        }
        if detailed {
            try db.cachedStatement("""
                SELECT screen_id, \(StoredFinding.columns) FROM scan_findings\(filter) ORDER BY screen_id, file, line, col, rule, id
                """).forEach(arguments) { row in
                let id: Int64 = try row["screen_id"]
                guard scans[id] != nil else { return }
                scans[id]!.findings.append(try StoredFinding(row: row))
            }
        }
        return scans
    }
}
