/// Ordered, named schema migrations. The number of migrations applied is kept in
/// `PRAGMA user_version`; each pending one runs in its own transaction, and a database whose
/// version is beyond the last known migration is refused untouched.
public struct Migrator: Sendable {
    public struct Migration: Sendable {
        public let name: String
        public let migrate: @Sendable (Database) throws -> Void
    }

    public private(set) var migrations: [Migration] = []

    public init() {}

    public mutating func register(_ name: String, _ migrate: @escaping @Sendable (Database) throws -> Void) {
        migrations.append(Migration(name: name, migrate: migrate))
    }

    /// The schema version the code writes: the number of registered migrations.
    public var currentVersion: Int { migrations.count }

    public struct NewerSchema: Error, Sendable {
        public let found: Int
        public let known: Int
    }

    /// A version no migration ever writes: the file was changed by hand or by another program.
    public struct InvalidVersion: Error, Sendable {
        public let found: Int
    }

    /// True when `database` has migrations pending.
    public func needsMigration(_ database: Database) throws -> Bool {
        let version = try checkedVersion(database)
        return version < currentVersion
    }

    private func checkedVersion(_ database: Database) throws -> Int {
        let version = try database.userVersion()
        if version > currentVersion { throw NewerSchema(found: version, known: currentVersion) }
        if version < 0 { throw InvalidVersion(found: version) }
        return version
    }

    /// Applies every pending migration in order, each in an immediate transaction that also moves
    /// `user_version`, so an interrupted run resumes at the first migration that did not commit.
    public func migrate(_ database: Database) throws {
        try migrate(database, upTo: currentVersion)
    }

    /// Applies the pending migrations up to `version` only: the schema a database of that version has.
    public func migrate(_ database: Database, upTo version: Int) throws {
        for (index, migration) in migrations.prefix(version).enumerated() {
            try database.transaction(.immediate) {
                // Re-read inside the write lock: another process may have migrated meanwhile.
                let version = try checkedVersion(database)
                guard version == index else { return }
                try migration.migrate(database)
                try database.setUserVersion(index + 1)
            }
        }
    }
}
