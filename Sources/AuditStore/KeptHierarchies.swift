import AuditLog
import DynamicType
import Evidence

/// The Large hierarchies that runs leave as evidence, kept so that a run after a fix can be
/// compared with the last run before it (`default-unchanged`).
extension AuditStore {
    /// What the last run before a screen's latest fix left at Large: its hierarchy and, where the
    /// same import attached one, its Large screenshot.
    public struct RunBeforeFix: Sendable {
        public var hierarchy: EvidenceLink
        public var screenshot: EvidenceLink?
        /// Where the stored files are.
        public var hierarchyPath: String
        public var screenshotPath: String?
    }

    /// Nil when the screen has no live fix, or no run before its latest fix kept a Large hierarchy.
    public func runBeforeLatestFix(of screen: Screen) throws -> RunBeforeFix? {
        try read {
            guard let fixedAt = try db.first("""
                SELECT max(f.fixed_at) AS fixed_at FROM fixes f JOIN screens s ON s.id = f.screen_id WHERE f.retracted = 0 AND s.uid = ?
                """, [screen.id], { $0.optionalString("fixed_at") }) ?? nil else { return nil }
            guard let hierarchy = try db.first("""
                SELECT \(EvidenceLink.columns) WHERE s.uid = ? AND l.size = 'l' AND f.kind = ? AND l.attached_at < ?
                ORDER BY l.attached_at DESC, l.uid DESC LIMIT 1
                """, [screen.id, MediaKind.hierarchy.rawValue, fixedAt], EvidenceLink.init(row:)) else { return nil }
            // The run's screenshot at Large came in with the same import, at the same time.
            let screenshot = try db.first("""
                SELECT \(EvidenceLink.columns) WHERE s.uid = ? AND l.size = 'l' AND f.kind = 'png' AND l.item IS NULL AND l.attached_at = ?
                ORDER BY l.uid LIMIT 1
                """, [screen.id, hierarchy.attachedAt.iso8601], EvidenceLink.init(row:))
            return RunBeforeFix(hierarchy: hierarchy, screenshot: screenshot, hierarchyPath: location.path(of: hierarchy.file),
                                screenshotPath: screenshot.map { location.path(of: $0.file) })
        }
    }
}
