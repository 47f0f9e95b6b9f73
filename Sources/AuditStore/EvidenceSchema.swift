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
}
