import SQLite

/// The store's schema, as ordered migrations. Never edit a released migration: add the next one.
enum Schema {
    /// `PRAGMA application_id`: "DTAu", which tells a dtaudit store from any other SQLite file.
    static let applicationID: Int32 = 0x4454_4175

    static let migrator: Migrator = {
        var migrator = Migrator()
        migrator.register("create the audit store") { db in
            try db.execute("""
                CREATE TABLE meta (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;

                -- The checklist the audit runs against, copied in at init so that later edits of the
                -- file never rewrite history.
                CREATE TABLE items (
                    id TEXT PRIMARY KEY,
                    position INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    how_to_check TEXT NOT NULL,
                    sizes TEXT NOT NULL,
                    severity TEXT NOT NULL,
                    scaling INTEGER NOT NULL,
                    fix TEXT,
                    wcag TEXT NOT NULL
                ) WITHOUT ROWID;

                CREATE TABLE screens (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    -- Lower-cased name: two screens may not differ only in case.
                    name_key TEXT NOT NULL UNIQUE,
                    flow TEXT,
                    critical INTEGER NOT NULL DEFAULT 0,
                    owner TEXT,
                    notes TEXT,
                    triage TEXT CHECK (triage IN ('unsupported', 'broken', 'supported')),
                    created_at TEXT NOT NULL,
                    created_by TEXT NOT NULL
                );

                CREATE TABLE screen_files (
                    screen_id INTEGER NOT NULL REFERENCES screens(id) ON DELETE CASCADE,
                    pattern TEXT NOT NULL,
                    PRIMARY KEY (screen_id, pattern)
                ) WITHOUT ROWID;

                -- Every recording is kept; a cell's status is its latest recording.
                CREATE TABLE recordings (
                    id INTEGER PRIMARY KEY,
                    uid TEXT NOT NULL UNIQUE,
                    screen_id INTEGER NOT NULL REFERENCES screens(id) ON DELETE CASCADE,
                    item TEXT NOT NULL REFERENCES items(id),
                    size TEXT NOT NULL CHECK (size IN ('xs','s','m','l','xl','xxl','xxxl','ax1','ax2','ax3','ax4','ax5')),
                    status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'na', 'untested')),
                    note TEXT,
                    recorded_by TEXT NOT NULL,
                    recorded_at TEXT NOT NULL
                );
                CREATE INDEX recordings_by_screen ON recordings (screen_id, recorded_at);
                CREATE INDEX recordings_by_time ON recordings (recorded_at);

                -- The latest recording of each cell, kept current by the trigger below so that
                -- status never scans the whole history. "Latest" is by time, then by id, so that
                -- stores merged in any order agree.
                CREATE TABLE cells (
                    screen_id INTEGER NOT NULL REFERENCES screens(id) ON DELETE CASCADE,
                    item TEXT NOT NULL,
                    size TEXT NOT NULL,
                    recording_id INTEGER NOT NULL,
                    status TEXT NOT NULL,
                    recorded_at TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    PRIMARY KEY (screen_id, item, size)
                ) WITHOUT ROWID;

                CREATE TRIGGER recordings_update_cells AFTER INSERT ON recordings
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

                CREATE TABLE fixes (
                    id INTEGER PRIMARY KEY,
                    uid TEXT NOT NULL UNIQUE,
                    screen_id INTEGER NOT NULL REFERENCES screens(id) ON DELETE CASCADE,
                    type TEXT NOT NULL CHECK (type IN ('scroll', 'stack-flip', 'text-style', 'custom')),
                    note TEXT,
                    ref TEXT,
                    fixed_by TEXT NOT NULL,
                    fixed_at TEXT NOT NULL
                );
                CREATE INDEX fixes_by_screen ON fixes (screen_id, fixed_at);

                -- The items a fix addresses: their failed cells must be checked again.
                CREATE TABLE fix_items (
                    fix_id INTEGER NOT NULL REFERENCES fixes(id) ON DELETE CASCADE,
                    item TEXT NOT NULL REFERENCES items(id),
                    PRIMARY KEY (fix_id, item)
                ) WITHOUT ROWID;
                """)
        }
        migrator.register("record static scans") { db in
            try db.execute("""
                -- Each `dtaudit scan --record`: when, by whom, what it read and what it found in all.
                -- Runs are kept when a later scan replaces a screen's findings: they are small.
                CREATE TABLE scans (
                    id INTEGER PRIMARY KEY,
                    scanned_at TEXT NOT NULL,
                    scanned_by TEXT NOT NULL,
                    -- The folder file paths are relative to, and the paths scanned below it, one a line.
                    root TEXT NOT NULL,
                    paths TEXT NOT NULL,
                    files INTEGER NOT NULL,
                    lines INTEGER NOT NULL,
                    -- Findings that count, those a dtaudit:ignore comment covers, and those in previews.
                    findings INTEGER NOT NULL,
                    suppressed INTEGER NOT NULL,
                    previews INTEGER NOT NULL,
                    tool TEXT NOT NULL
                );

                -- Each screen's latest scan: the run, and how much of it was the screen's own code.
                CREATE TABLE screen_scans (
                    screen_id INTEGER PRIMARY KEY REFERENCES screens(id) ON DELETE CASCADE,
                    scan_id INTEGER NOT NULL REFERENCES scans(id),
                    files INTEGER NOT NULL,
                    lines INTEGER NOT NULL
                );

                -- The findings of a screen's latest scan in its files, suppressed ones with their reason.
                -- Findings in preview-only code are not kept.
                CREATE TABLE scan_findings (
                    id INTEGER PRIMARY KEY,
                    screen_id INTEGER NOT NULL REFERENCES screen_scans(screen_id) ON DELETE CASCADE,
                    rule TEXT NOT NULL,
                    severity TEXT NOT NULL CHECK (severity IN ('critical', 'major', 'minor')),
                    confidence TEXT NOT NULL CHECK (confidence IN ('high', 'medium', 'low')),
                    file TEXT NOT NULL,
                    line INTEGER NOT NULL,
                    col INTEGER NOT NULL,
                    message TEXT NOT NULL,
                    -- The checklist item the finding maps to; not a reference, a team's checklist may lack it.
                    item TEXT NOT NULL,
                    suppression TEXT CHECK (suppression IN ('line', 'file')),
                    suppression_reason TEXT
                );
                CREATE INDEX scan_findings_by_screen ON scan_findings (screen_id, file, line, col);

                -- How often each good sign (text styles, @ScaledMetric, ...) appears in a screen's files.
                CREATE TABLE scan_signs (
                    screen_id INTEGER NOT NULL REFERENCES screen_scans(screen_id) ON DELETE CASCADE,
                    sign TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (screen_id, sign)
                ) WITHOUT ROWID;
                """)
        }
        migrator.register("store evidence files and what they show", EvidenceSchema.create)
        migrator.register("keep the audit as a log of records", LogSchema.migrate)
        // Which automated run made a recording (nil: a person); no earlier record can name one.
        migrator.register("mark recordings that an automated run made") { db in
            try db.execute("ALTER TABLE recordings ADD COLUMN run TEXT")
        }
        migrator.register("order each cell by what its recordings' authors had seen", LogSchema.orderCellsByRound)
        migrator.register("keep element hierarchies as evidence", EvidenceSchema.keepHierarchies)
        migrator.register("index what a new recording reads", LogSchema.indexWhatARecordingReads)
        // How far a capped text size still grows (`AX3`, `xxxLarge`, `1.25x`), for the Larger Text claim;
        // findings of scans recorded before have none.
        migrator.register("keep how far a capped text size still grows") { db in
            try db.execute("""
                ALTER TABLE scan_findings ADD COLUMN cap TEXT;
                CREATE INDEX scan_findings_capped ON scan_findings (screen_id) WHERE cap IS NOT NULL;
                """)
        }
        // What a run's judge saw fail, as `RecordedFinding.json` writes it; recordings before it have none.
        migrator.register("keep what runs' judges saw fail as data") { db in
            try db.execute("ALTER TABLE recordings ADD COLUMN findings TEXT")
        }
        // The recordings runs made, few beside people's in most audits: the views that tell what
        // runs found standing start from them instead of every failed cell (AuditStore.judgedFailures).
        migrator.register("index the recordings runs made") { db in
            try db.execute("CREATE INDEX recordings_made_by_runs ON recordings (id) WHERE run IS NOT NULL")
        }
        // The automated run that attached a piece of evidence (nil: a person), so that captions name it.
        migrator.register("keep which run attached each piece of evidence") { db in
            try db.execute("ALTER TABLE evidence_links ADD COLUMN run TEXT")
        }
        return migrator
    }()

    static var currentVersion: Int { migrator.currentVersion }
}
