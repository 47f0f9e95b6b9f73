import Evidence
import Platform
import SQLite

extension AuditStore {
    /// Refuses the database at `location` unless its schema is exactly what dtaudit's migrations
    /// make for its version: no trigger, view, table or index more, none less, none changed. A store
    /// that came from somewhere else (a folder a repository committed) could otherwise carry a
    /// trigger that rewrites what its user records. Reads the schema only; changes nothing.
    ///
    /// Every store a command finds by itself is checked, each time: a store at the current version
    /// whose schema has the digest of what the migrations make (`currentSchemaDigest`) passes
    /// after a read of its few schema rows; only any other is compared with the migrations' schema,
    /// which takes several times what a command does.
    public static func checkSchema(of location: StoreLocation) throws(StoreError) {
        let path = location.databasePath
        // What is not a database file (a folder in its place) is named as such when the store is opened.
        guard Files.status(path, followLinks: false)?.kind == .regular else { return }
        do {
            var changes = 0
            while true {
                // Read as it lies when nothing waits in a write-ahead log, so that a refused store
                // gets not even SQLite's files beside it; with a log, through it, where its changes are.
                let logged = Files.status(path + "-wal", followLinks: false) != nil
                let before = logged ? nil : Files.identity(path)
                do {
                    try check(location, mode: logged ? .readOnly : .immutable)
                    return
                } catch let error as SQLiteError where !logged && error.isDamaged && changes < 3 && Files.identity(path) != before {
                    // The file changed under a read as it lies: a command that finished writing
                    // folded its log back in meanwhile. Read again before calling the store damaged.
                    changes += 1
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw StoreError.from(error, path: path)
        } catch {
            throw StoreError.database(path: path, detail: String(describing: error))
        }
    }

    /// `checkSchema(of:)` reading the database in `mode`.
    private static func check(_ location: StoreLocation, mode: Database.Mode) throws {
        let path = location.databasePath
        let db = try Database(path: path, mode: mode)
        guard try db.applicationID() == Schema.applicationID else { throw StoreError.notAStore(path: path) }
        let version = try db.userVersion()
        if version > Schema.currentVersion { throw StoreError.newerSchema(path: path, found: version, known: Schema.currentVersion) }
        guard version >= 0 else { throw StoreError.damaged(path: path, detail: "schema version \(version), which no dtaudit writes") }
        let found = try SchemaObject.all(in: db)
        if version == Schema.currentVersion, SchemaObject.digest(found) == currentSchemaDigest { return }
        if let difference = try SchemaObject.difference(found: found, expected: expectedSchema(version: version)) {
            throw StoreError.foreignSchema(path: location.folder, object: difference)
        }
    }

    /// `SchemaObject.digest` of what the migrations make for `Schema.currentVersion`. A migration
    /// added changes it: `SchemaCheckTests` says the new value. A store whose digest differs is
    /// compared object by object, so a stale value costs time, never a wrong answer.
    static let currentSchemaDigest = "3710993af4c36c0caa817229effb5a0e9be797d84fed7951f28a818d21dc7c61"

    /// What dtaudit's migrations up to `version` make, built in memory.
    static func expectedSchema(version: Int) throws -> [SchemaObject] {
        let db = try Database(path: ":memory:", mode: .create)
        try db.setApplicationID(Schema.applicationID)
        try Schema.migrator.migrate(db, upTo: version)
        return try SchemaObject.all(in: db)
    }
}

/// One row of a database's `sqlite_master`: a table, index, view or trigger and the SQL that made it.
struct SchemaObject: Equatable {
    var type: String
    var name: String
    var table: String
    var sql: String?

    static func all(in db: Database) throws -> [SchemaObject] {
        try db.rows("SELECT type, name, tbl_name, sql FROM sqlite_master") { row in
            SchemaObject(type: try row["type"], name: try row["name"], table: try row["tbl_name"], sql: (try row["sql"] as String?).map(plain))
        }
    }

    /// A SHA-256 of the objects, in order of kind and name: two schemas with one digest are the same.
    static func digest(_ objects: [SchemaObject]) -> String {
        var digest = SHA256()
        for object in objects.sorted(by: { ($0.type, $0.name) < ($1.type, $1.name) }) {
            digest.update("\(object.type)\u{0}\(object.name)\u{0}\(object.table)\u{0}\(object.sql ?? "-")\u{0}\n")
        }
        return SHA256.hex(digest.finalize())
    }

    /// The SQL with its identifiers' quotes dropped and its spaces run together: what releases of
    /// SQLite may write differently for the same schema (a table renamed gets its name quoted).
    static func plain(_ sql: String) -> String {
        var result = ""
        var space = false
        for scalar in sql.unicodeScalars {
            if scalar == "\"" || scalar == "`" { continue }
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
                space = true
                continue
            }
            if space, !result.isEmpty { result.unicodeScalars.append(" ") }
            space = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The first way `found` differs from `expected`, in words ("a trigger 'x'"); nil when they agree.
    static func difference(found: [SchemaObject], expected: [SchemaObject]) -> String? {
        var wanted: [String: SchemaObject] = [:]
        for object in expected { wanted[object.type + " " + object.name] = object }
        for object in found.sorted(by: { ($0.type, $0.name) < ($1.type, $1.name) }) {
            guard let own = wanted.removeValue(forKey: object.type + " " + object.name) else {
                return "\(object.article) \(object.described) that dtaudit did not create"
            }
            if own != object { return "\(object.article) \(object.described) other than the one dtaudit makes" }
        }
        if let missing = wanted.values.sorted(by: { ($0.type, $0.name) < ($1.type, $1.name) }).first {
            return "no \(missing.described), which dtaudit makes"
        }
        return nil
    }

    /// "trigger 'name'", the name cut short and kept to plain characters: it comes from the file.
    var described: String {
        let shown = String(String.UnicodeScalarView(name.unicodeScalars.prefix(80).map { $0.value < 0x20 || $0.value == 0x7F || $0.value > 0x7E ? "?" : $0 }))
        return "\(kind) '\(shown)'"
    }

    private var kind: String { ["table", "index", "view", "trigger"].contains(type) ? type : "object" }

    private var article: String { kind == "index" || kind == "object" ? "an" : "a" }
}
