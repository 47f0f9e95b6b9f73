import Foundation
import SQLite
import Testing
@testable import AuditStore
import DynamicType

/// A store found among a checkout's files is used only when its schema is what dtaudit's
/// migrations make for its version: nothing more, nothing less, nothing changed.
@Suite struct SchemaCheckTests {
    func location() throws -> StoreLocation {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)/.dtaudit").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return StoreLocation(folder: folder)
    }

    @Test func aStoreOfEveryVersionDtauditMadePasses() throws {
        let made = try AuditStore.create(at: try location(), app: "Trailhead", checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
        try AuditStore.checkSchema(of: made.location)
        for version in 0...Schema.currentVersion {
            let older = try location()
            do {
                let db = try Database(path: older.databasePath, mode: .create)
                try db.setApplicationID(Schema.applicationID)
                try Schema.migrator.migrate(db, upTo: version)
            }
            try AuditStore.checkSchema(of: older)
        }
    }

    @Test func anythingElseInTheSchemaIsNamed() throws {
        let cases = [
            ("CREATE TRIGGER keep_green AFTER INSERT ON recordings BEGIN UPDATE recordings SET status = 'pass' WHERE id = NEW.id; END",
             "a trigger 'keep_green' that dtaudit did not create"),
            ("CREATE TEMP TABLE scratch (x)", nil),
            ("DROP INDEX log_target", "no index 'log_target', which dtaudit makes"),
            ("CREATE VIEW \"odd\u{1B}[2Jname\" AS SELECT 1", "a view 'odd?[2Jname' that dtaudit did not create"),
        ]
        for (sql, named) in cases {
            let store = try AuditStore.create(at: try location(), app: "Trailhead", checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
            try store.db.execute(sql)
            do {
                try AuditStore.checkSchema(of: store.location)
                #expect(named == nil, "\(sql)")
            } catch StoreError.foreignSchema(let path, let object) {
                #expect(path == store.location.folder && object == named, "\(sql)")
            }
        }
    }

    @Test func quotesAndSpacesSQLiteMayWriteDifferentlyDoNotCount() {
        #expect(SchemaObject.plain("CREATE TABLE \"evidence_files\"(\n    hash TEXT\n)") == SchemaObject.plain("CREATE TABLE evidence_files( hash TEXT )"))
        #expect(SchemaObject.plain("SET status = 'pass'") != SchemaObject.plain("SET status = 'fail'"))
    }

    /// The digest a store of the current version is passed on without the slower comparison is
    /// that of what the migrations make: a migration added changes it, and this says the new one.
    @Test func theCurrentSchemasDigestIsWhatTheMigrationsMake() throws {
        let made = SchemaObject.digest(try AuditStore.expectedSchema(version: Schema.currentVersion))
        #expect(AuditStore.currentSchemaDigest == made, "set AuditStore.currentSchemaDigest to \"\(made)\"")
    }

    /// A setting dtaudit never writes is refused as it is read: above all a shared file outside the
    /// audit's folder, where sync would write.
    @Test func aSharedFileOutsideTheAuditIsRefused() throws {
        let store = try AuditStore.create(at: try location(), app: "Trailhead", checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
        try store.write { try store.setSharing(AuditStore.Sharing(file: "Exports/trailhead.json")) }
        #expect(try store.sharing()?.file == "Exports/trailhead.json")
        for planted in ["/etc/passwd", "../outside.json", "Exports/../../x.json", ".git/hooks/pre-commit", "Exports/a\u{1B}.json"] {
            try store.write { try store.setMeta("shared_file", planted) }
            #expect(throws: StoreError.self, "\(planted)") { try store.sharing() }
        }
    }
}
