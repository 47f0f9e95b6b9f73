import AuditLog
import SQLite

/// How records of one kind fold into the store's tables: the one fold of the audit, which every
/// view of it reads, a store's or a file's read without one (`AuditStore.scratch`). Each kind says
/// it beside the tables, one file a kind (`Folds/`); `LogApplier` hands it each new record and
/// settles at its end what several records decide together (`LogApplier.Unsettled`).
protocol StoreFoldable: LogRecordKind {
    /// What the record refers to that the store does not hold, besides its screen and its target,
    /// said as the end of a sentence ("refers to the item 'x', which ..."); nil when all is there.
    func missing(in fold: LogApplier) throws -> String?
    /// Folds a record new to the log. With `replacing`, its line takes the place of a larger line
    /// of the same id (`Clash`), whose effects `withdraw` undid first.
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws
    /// Undoes what its line did, before a smaller line of the same id takes its place.
    func withdraw(from fold: LogApplier) throws
}

extension StoreFoldable {
    func missing(in fold: LogApplier) throws -> String? { nil }
}

extension LogRecord {
    /// The record as its kind folds it into the store. `StoreFolding` answers every requirement of
    /// `LogRecordVisitor` only while every kind is `StoreFoldable`: a kind without its fold does
    /// not compile ("candidate would match if 'Kind' conformed to 'StoreFoldable'").
    var storeFold: any StoreFoldable { visit(StoreFolding()) }

    private struct StoreFolding: LogRecordVisitor {
        typealias Result = any StoreFoldable

        func visit<Record: StoreFoldable>(_ record: Record) -> any StoreFoldable { record }
    }
}

extension LogApplier {
    /// Where a recording's cell is, for the recording `uid` (a retraction's target, say).
    struct CellRef: Hashable {
        static let columns = "screen_id, item, size FROM recordings"

        var screen: Int64
        var item: String
        var size: String

        init(screen: Int64, item: String, size: String) {
            self.screen = screen
            self.item = item
            self.size = size
        }

        init(row: Row) throws {
            self.init(screen: try row["screen_id"], item: try row["item"], size: try row["size"])
        }
    }

    /// What the records added touch together, settled once at `finish`: the app's name, the
    /// checklist, screens' details and shown names, cells, corrected notes.
    struct Unsettled {
        var app = false
        var checklist = false
        var names = false
        var screens = Set<String>()
        var cells = Set<CellRef>()
        var corrections = Set<String>()
        /// A retraction's line was replaced: another may still take back what it named.
        var retractionsWithdrawn = false
    }
}
