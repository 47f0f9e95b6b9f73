import Testing
@testable import AuditStore

/// Every kind of record the log reads, the store can fold: a kind without its fold would be read
/// from a file and then stop the import that brought it.
@Suite struct RecordKindTests {
    @Test func everyKindFoldsIntoTheStore() {
        for kind in LogRecord.kinds {
            #expect(kind is any StoreFoldable.Type, "the \(kind.kind) record has no fold into the store")
        }
    }

    @Test func everyKindIsFoundByItsWordAndCountedOnce() {
        let words = LogRecord.Kind.allCases.map(\.rawValue)
        let ranks = LogRecord.kinds.map { $0.tally.rank }
        #expect(Set(words).count == words.count)
        #expect(Set(ranks).count == words.count, "two kinds share a place in the sentence of import")
        for kind in LogRecord.Kind.allCases {
            let read = LogRecord.Kind(rawValue: kind.rawValue)
            let typeKind: LogRecord.Kind = kind.type.kind
            #expect(read == kind)
            #expect(typeKind == kind)
        }
        let end = LogRecord.Kind(rawValue: "end")
        #expect(end == nil)
    }
}
