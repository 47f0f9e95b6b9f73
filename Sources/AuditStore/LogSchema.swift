import AuditLog
import DynamicType
import Evidence
import SQLite

/// Schema migration 4: the audit becomes a log of immutable records (`AuditLog`), and the tables
/// before it become what the log folds to. A store of schema 3 is converted the way a format 1
/// file is (`FormatOne`), so that two teammates who upgrade separately get the same records.
enum LogSchema {
    @Sendable static func migrate(_ db: Database) throws {
        let before = try FormatOneReading.read(db)
        try db.execute("""
            -- Every record of the audit, as the line the shared file holds for it. The other tables
            -- are what these records fold to; a merge is a union of lines by id.
            CREATE TABLE log (
                seq INTEGER PRIMARY KEY,
                uid TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                -- The screen's id for a screen's records (NULL for the audit's own); the record a
                -- retraction or amendment names.
                screen TEXT,
                target TEXT,
                at TEXT NOT NULL,
                by TEXT NOT NULL,
                -- Where the line goes in the file (LogPlace): within the audit's records or a screen's,
                -- by rank (the record that opens the block first), then time, then id.
                rank INTEGER NOT NULL,
                line TEXT NOT NULL,
                -- FNV-1a of the line, so that a sync tells a line it has from a new one without parsing it.
                digest INTEGER NOT NULL
            );
            -- A screen's records, put in file order when read (a few hundred at a time); screens
            -- themselves go in the order they were added.
            CREATE INDEX log_screen ON log (screen);
            CREATE INDEX log_target ON log (target) WHERE target IS NOT NULL;

            -- Screens gain their stable id. `given_name` is the name their records fold to; `name` is
            -- the one shown, the same unless two live screens were given one name (ScreenNames).
            CREATE TABLE screens_v4 (
                id INTEGER PRIMARY KEY,
                uid TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                given_name TEXT NOT NULL,
                flow TEXT,
                critical INTEGER NOT NULL DEFAULT 0,
                owner TEXT,
                notes TEXT,
                triage TEXT CHECK (triage IN ('unsupported', 'broken', 'supported')),
                removed INTEGER NOT NULL DEFAULT 0,
                created_at TEXT NOT NULL,
                created_by TEXT NOT NULL
            );
            INSERT INTO screens_v4 (id, uid, name, name_key, given_name, flow, critical, owner, notes, triage, created_at, created_by)
                SELECT id, 'v4-pending-' || id, name, name_key, name, flow, critical, owner, notes, triage, created_at, created_by FROM screens;
            DROP TABLE screens;
            ALTER TABLE screens_v4 RENAME TO screens;
            CREATE INDEX screens_by_key ON screens (name_key) WHERE removed = 0;

            -- Recordings gain `retracted`: taken back by a retraction, kept for history, left out of
            -- every state. The size check no longer lists the sizes with IN, which made SQLite build
            -- a temporary table for every insert.
            CREATE TABLE recordings_v4 (
                id INTEGER PRIMARY KEY,
                uid TEXT NOT NULL UNIQUE,
                screen_id INTEGER NOT NULL REFERENCES screens(id) ON DELETE CASCADE,
                item TEXT NOT NULL REFERENCES items(id),
                size TEXT NOT NULL CHECK (instr(' xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5 ', ' ' || size || ' ') > 0),
                status TEXT NOT NULL CHECK (status = 'pass' OR status = 'fail' OR status = 'na' OR status = 'untested'),
                note TEXT,
                recorded_by TEXT NOT NULL,
                recorded_at TEXT NOT NULL,
                retracted INTEGER NOT NULL DEFAULT 0
            );
            INSERT INTO recordings_v4 (id, uid, screen_id, item, size, status, note, recorded_by, recorded_at)
                SELECT id, uid, screen_id, item, size, status, note, recorded_by, recorded_at FROM recordings;
            DROP TABLE recordings;
            ALTER TABLE recordings_v4 RENAME TO recordings;
            CREATE INDEX recordings_by_screen ON recordings (screen_id, recorded_at);
            -- Listings of every recording come oldest first, ties broken by id, without a sort.
            CREATE INDEX recordings_by_time ON recordings (recorded_at, uid);
            ALTER TABLE fixes ADD COLUMN retracted INTEGER NOT NULL DEFAULT 0;
            CREATE TRIGGER recordings_update_cells AFTER INSERT ON recordings WHEN NEW.retracted = 0
            BEGIN
                INSERT INTO cells (screen_id, item, size, recording_id, status, recorded_at, uid)
                VALUES (NEW.screen_id, NEW.item, NEW.size, NEW.id, NEW.status, NEW.recorded_at, NEW.uid)
                ON CONFLICT (screen_id, item, size) DO UPDATE SET
                    recording_id = excluded.recording_id,
                    status = excluded.status,
                    recorded_at = excluded.recorded_at,
                    uid = excluded.uid
                WHERE excluded.recorded_at > cells.recorded_at
                   OR (excluded.recorded_at = cells.recorded_at AND excluded.uid > cells.uid);
            END;

            -- The note of a recording or fix as its latest amendment says ("latest" as for cells).
            CREATE TABLE corrections (
                target TEXT PRIMARY KEY,
                note TEXT,
                at TEXT NOT NULL,
                uid TEXT NOT NULL
            ) WITHOUT ROWID;

            -- Items of every checklist the audit used: recordings of an item a later checklist
            -- dropped keep their reference. `current` marks the checklist in use.
            ALTER TABLE items ADD COLUMN current INTEGER NOT NULL DEFAULT 1;

            -- Each link is an evidence record now; two people may attach one file to one cell.
            ALTER TABLE evidence_links ADD COLUMN uid TEXT;
            DROP INDEX evidence_links_once;
            CREATE INDEX evidence_links_by_place ON evidence_links (screen_id, size, item);
            """)
        guard let before else { return }
        let records = before.format.records()
        let rowIDs = before.screenRowIDs
        for record in records {
            if case .screen(let screen) = record, let row = rowIDs[screen.key] {
                try db.run("UPDATE screens SET uid = ? WHERE id = ?", [screen.id, row])
            }
            if case .evidence(let evidence) = record, let link = before.linkIDs[evidence.id] {
                try db.run("UPDATE evidence_links SET uid = ? WHERE id = ?", [evidence.id, link])
            }
        }
        try db.run("DELETE FROM evidence_links WHERE uid IS NULL")
        for record in records { try LogTable.insert(record, line: record.line, into: db) }
    }
}

extension LogSchema {
    /// Recordings gain what their author had seen of their cell (`Recording.follows`, `round`), and
    /// a cell's standing recording is the highest by round, then time, then id (`CellRule`).
    /// Every recording before it has round 0, so no cell changes.
    @Sendable static func orderCellsByRound(_ db: Database) throws {
        try db.execute("""
            ALTER TABLE recordings ADD COLUMN follows TEXT;
            ALTER TABLE recordings ADD COLUMN round INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE cells ADD COLUMN round INTEGER NOT NULL DEFAULT 0;
            -- The highest recording of a cell, as a new one there asks for it.
            CREATE INDEX recordings_by_cell ON recordings (screen_id, item, size, round, recorded_at, uid);
            DROP TRIGGER recordings_update_cells;
            CREATE TRIGGER recordings_update_cells AFTER INSERT ON recordings WHEN NEW.retracted = 0
            BEGIN
                INSERT INTO cells (screen_id, item, size, recording_id, status, recorded_at, uid, round)
                VALUES (NEW.screen_id, NEW.item, NEW.size, NEW.id, NEW.status, NEW.recorded_at, NEW.uid, NEW.round)
                ON CONFLICT (screen_id, item, size) DO UPDATE SET
                    recording_id = excluded.recording_id,
                    status = excluded.status,
                    recorded_at = excluded.recorded_at,
                    uid = excluded.uid,
                    round = excluded.round
                WHERE (excluded.round, excluded.recorded_at, excluded.uid) > (cells.round, cells.recorded_at, cells.uid);
            END;
            """)
    }
}

extension LogSchema {
    /// What every recording reads comes from an index alone: a screen's latest times (its records
    /// by screen, time and author, which also serve whatever the index by screen served) and the
    /// clock check's walk over the latest recordings made in sight of another, which are few among
    /// the latest recordings, so the walk no longer visits every recording of its window.
    @Sendable static func indexWhatARecordingReads(_ db: Database) throws {
        try db.execute("""
            CREATE INDEX log_screen_times ON log (screen, at, by);
            DROP INDEX log_screen;
            CREATE INDEX recordings_following ON recordings (recorded_at, uid) WHERE follows IS NOT NULL;
            """)
    }
}

/// A schema 3 store's contents, read the way format 1 exported them.
private struct FormatOneReading {
    var format: FormatOne
    /// Each screen's row id, by its name in lower case.
    var screenRowIDs: [String: Int64]
    /// Each evidence link's row id, by the id its record gets.
    var linkIDs: [String: Int64]

    static func read(_ db: Database) throws -> FormatOneReading? {
        func meta(_ key: String) throws -> String? {
            try db.first("SELECT value FROM meta WHERE key = ?", [key]) { $0.string(0) }
        }
        guard let app = try meta("app") else { return nil }
        let items = try db.rows("SELECT id, title, how_to_check, sizes, severity, scaling, fix, wcag FROM items ORDER BY position") { row in
            ChecklistItem(id: row.string(0), title: row.string(1), howToCheck: row.string(2),
                          sizes: row.string(3).split(separator: ",").compactMap { Size(name: $0) },
                          severity: Severity(rawValue: row.string(4)) ?? .major, scaling: row.bool(5),
                          fix: row.optionalString(6).flatMap(FixType.init(rawValue:)), wcag: row.string(7).split(separator: ",").map(String.init))
        }
        let checklist = Checklist(name: try meta("checklist_name") ?? "", title: try meta("checklist_title") ?? "",
                                  version: try meta("checklist_version") ?? "", summary: try meta("checklist_summary") ?? "",
                                  items: items, source: try meta("checklist_source") ?? "")
        let epoch = Timestamp(milliseconds: 0)
        var names: [Int64: String] = [:]
        var rowIDs: [String: Int64] = [:]
        var files: [Int64: [String]] = [:]
        try db.makeStatement("SELECT screen_id, pattern FROM screen_files").forEach { files[$0.int64(0), default: []].append($0.string(1)) }
        let screens = try db.rows("SELECT id, name, flow, critical, owner, notes, triage, created_at, created_by FROM screens") { row in
            names[row.int64(0)] = row.string(1)
            rowIDs[row.string(1).lowercased()] = row.int64(0)
            return Screen(id: "", name: row.string(1), flow: row.optionalString(2), critical: row.bool(3), owner: row.optionalString(4),
                          notes: row.optionalString(5), triage: row.optionalString(6).flatMap(Category.init(rawValue:)),
                          files: files[row.int64(0)] ?? [], createdAt: Timestamp(iso8601: row.string(7)) ?? epoch, createdBy: row.string(8))
        }
        let recordings = try db.rows("SELECT uid, screen_id, item, size, status, note, recorded_by, recorded_at FROM recordings") { row in
            Recording(id: row.string(0), screen: names[row.int64(1)] ?? "", item: row.string(2), size: Size(name: row.string(3)) ?? .default,
                      status: ResultStatus(rawValue: row.string(4)) ?? .untested, note: row.optionalString(5), by: row.string(6),
                      at: Timestamp(iso8601: row.string(7)) ?? epoch)
        }
        var fixItems: [Int64: [String]] = [:]
        let position = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        try db.makeStatement("SELECT fix_id, item FROM fix_items").forEach { fixItems[$0.int64(0), default: []].append($0.string(1)) }
        let fixes = try db.rows("SELECT id, uid, screen_id, type, note, ref, fixed_by, fixed_at FROM fixes") { row in
            Fix(id: row.string(1), screen: names[row.int64(2)] ?? "", type: FixType(rawValue: row.string(3)) ?? .custom,
                items: (fixItems[row.int64(0)] ?? []).sorted { (position[$0] ?? .max, $0) < (position[$1] ?? .max, $1) },
                note: row.optionalString(4), ref: row.optionalString(5), by: row.string(6), at: Timestamp(iso8601: row.string(7)) ?? epoch)
        }
        var format = FormatOne(app: app, createdAt: Timestamp(iso8601: try meta("created_at") ?? "") ?? epoch, createdBy: try meta("created_by") ?? "",
                               checklist: checklist, screens: screens, recordings: recordings, fixes: fixes)
        // Links become evidence records; which link each record came from is found by its id.
        var linkIDs: [String: Int64] = [:]
        try db.makeStatement("""
            SELECT l.id, l.hash, f.kind, f.bytes, l.screen_id, l.size, l.item, r.uid, l.name, l.attached_by, l.attached_at
            FROM evidence_links l JOIN evidence_files f ON f.hash = l.hash LEFT JOIN recordings r ON r.id = l.recording_id
            """).forEach { row in
            guard let screen = names[row.int64(4)], let kind = MediaKind(rawValue: row.string(2)), let size = Size(name: row.string(5)) else { return }
            let attachment = EvidenceAttachment(id: "", screen: screen, size: size, item: row.optionalString(6), recording: row.optionalString(7),
                                                hash: row.string(1), kind: kind, bytes: row.int64(3), name: row.string(8), by: row.string(9),
                                                at: Timestamp(iso8601: row.string(10)) ?? epoch)
            format.evidence.append(attachment)
            linkIDs[FormatOne.converted(attachment).id] = row.int64(0)
        }
        return FormatOneReading(format: format, screenRowIDs: rowIDs, linkIDs: linkIDs)
    }
}
