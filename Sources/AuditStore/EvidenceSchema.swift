import SQLite

/// Schema migration 2: evidence files and what they show.
enum EvidenceSchema {
    @Sendable static func create(_ db: Database) throws {
        try db.execute("""
            -- Each evidence file once, named in .dtaudit/evidence/ by the SHA-256 of its bytes.
            CREATE TABLE evidence_files (
                hash TEXT PRIMARY KEY CHECK (length(hash) = 64),
                kind TEXT NOT NULL CHECK (kind IN ('png', 'jpeg', 'heic', 'pdf', 'mov', 'mp4')),
                bytes INTEGER NOT NULL CHECK (bytes >= 0),
                -- The file's name when it was first stored, for people.
                first_name TEXT NOT NULL,
                added_at TEXT NOT NULL,
                added_by TEXT NOT NULL
            ) WITHOUT ROWID;

            -- What a file shows. Attached with a result (record --evidence, audit): the recording it
            -- documents, with that recording's screen, item and size. Imported from a folder: a screen
            -- at one size (item NULL: the whole screen), with no recording.
            CREATE TABLE evidence_links (
                id INTEGER PRIMARY KEY,
                hash TEXT NOT NULL REFERENCES evidence_files(hash),
                screen_id INTEGER NOT NULL REFERENCES screens(id) ON DELETE CASCADE,
                size TEXT NOT NULL CHECK (size IN ('xs','s','m','l','xl','xxl','xxxl','ax1','ax2','ax3','ax4','ax5')),
                item TEXT REFERENCES items(id),
                recording_id INTEGER REFERENCES recordings(id) ON DELETE CASCADE,
                -- The file's name as it was attached this time.
                name TEXT NOT NULL,
                attached_by TEXT NOT NULL,
                attached_at TEXT NOT NULL
            );
            CREATE UNIQUE INDEX evidence_links_once ON evidence_links (screen_id, size, ifnull(item, ''), ifnull(recording_id, 0), hash);
            CREATE INDEX evidence_links_by_hash ON evidence_links (hash);
            CREATE INDEX evidence_links_by_recording ON evidence_links (recording_id);
            """)
    }

    /// Schema migration 6: element hierarchies (`xml`) are kept as evidence too. SQLite cannot change
    /// a CHECK, so the table is made again and filled; migrations run before foreign keys are on.
    @Sendable static func keepHierarchies(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE evidence_files_v6 (
                hash TEXT PRIMARY KEY CHECK (length(hash) = 64),
                kind TEXT NOT NULL CHECK (kind IN ('png', 'jpeg', 'heic', 'pdf', 'mov', 'mp4', 'xml')),
                bytes INTEGER NOT NULL CHECK (bytes >= 0),
                first_name TEXT NOT NULL,
                added_at TEXT NOT NULL,
                added_by TEXT NOT NULL
            ) WITHOUT ROWID;
            INSERT INTO evidence_files_v6 SELECT hash, kind, bytes, first_name, added_at, added_by FROM evidence_files;
            DROP TABLE evidence_files;
            ALTER TABLE evidence_files_v6 RENAME TO evidence_files;
            """)
    }
}
