import AuditStore
import DynamicType

/// Reads a store's screens and history in the order `AuditDocument(store:)` puts them in, for
/// exports that write straight from the store instead of building the document: screens by name,
/// and each screen's recordings and fixes by time, then id.
public enum StoreHistory {
    /// Every screen in document order with its id, and each screen's fixes in document order.
    public static func screensAndFixes(of store: AuditStore) throws -> (screens: [(id: Int64, record: ScreenRecord)], fixes: [Int64: [FixRecord]]) {
        let stored = try store.screens()
        var screens = stored.map { screen in
            (id: screen.id, record: ScreenRecord(name: screen.name, flow: screen.flow, critical: screen.critical, owner: screen.owner,
                                                 notes: screen.notes, triage: screen.triage, files: screen.files,
                                                 createdAt: screen.createdAt, createdBy: screen.createdBy))
        }
        screens.sort { ($0.record.key, $0.record.name) < ($1.record.key, $1.record.name) }
        let names = Dictionary(stored.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var fixes = try store.fixes().map { fix in
            (screenID: fix.screenID, record: FixRecord(id: fix.uid, screen: names[fix.screenID] ?? "", type: fix.type, items: fix.items,
                                                       note: fix.note, ref: fix.ref, by: fix.by, at: fix.at))
        }
        fixes.sort { ($0.record.at, $0.record.id) < ($1.record.at, $1.record.id) }
        var byScreen: [Int64: [FixRecord]] = [:]
        for fix in fixes { byScreen[fix.screenID, default: []].append(fix.record) }
        return (screens, byScreen)
    }

    /// One screen's recordings as lines the caller writes, put in document order: by time, then
    /// by id as strings compare. The store's index gives that order for every recording dtaudit
    /// writes; anything else (a time in another form, an id that is not ASCII) is sorted here.
    /// Reused from screen to screen, so that its buffers are allocated once.
    public struct ScreenRecordings {
        public struct Entry {
            var at: Int64
            var uid: Range<Int>
            var uidIsASCII: Bool
            /// Where the recording's line lies in `lines`.
            public var line: Range<Int>
        }

        public private(set) var lines = ByteText()
        public private(set) var entries: [Entry] = []
        /// Indexes of `entries` in document order.
        public private(set) var order: [Int] = []
        private var uids: [UInt8] = []

        public init() {}

        /// Reads the recordings of one screen, calling `line` to write each one's line.
        public mutating func read(screenID: Int64, from store: AuditStore,
                                  line: (borrowing StoredRecording, inout ByteText) throws -> Void) throws {
            lines.removeAll()
            entries.removeAll(keepingCapacity: true)
            uids.removeAll(keepingCapacity: true)
            var inOrder = true
            try store.forEachRecording(screenID: screenID) { recording in
                let uidStart = uids.count
                uids.append(contentsOf: recording.uid)
                let lineStart = lines.count
                try line(recording, &lines)
                let entry = Entry(at: recording.at.milliseconds, uid: uidStart..<uids.count,
                                  uidIsASCII: ByteText.isASCII(recording.uid), line: lineStart..<lines.count)
                if inOrder, let previous = entries.last, !isBefore(previous, entry) { inOrder = false }
                entries.append(entry)
            }
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: entries.indices)
            if !inOrder {
                var sorted = order
                order = []
                sorted.sort { isBefore(entries[$0], entries[$1]) }
                order = sorted
            }
        }

        /// Whether the recording at `index` comes before `fix` in the screen's story.
        public func isBefore(_ index: Int, _ fix: FixRecord) -> Bool {
            let entry = entries[index]
            if entry.at != fix.at.milliseconds { return entry.at < fix.at.milliseconds }
            return uids.withUnsafeBufferPointer { buffer in
                let uid = UnsafeBufferPointer(rebasing: buffer[entry.uid])
                if entry.uidIsASCII && fix.id.utf8.allSatisfy({ $0 < 0x80 }) {
                    return uid.lexicographicallyPrecedes(fix.id.utf8)
                }
                return String(decoding: uid, as: UTF8.self) < fix.id
            }
        }

        /// `(a.at, a.id) < (b.at, b.id)`, with ids compared as the strings read from the store.
        private func isBefore(_ a: Entry, _ b: Entry) -> Bool {
            if a.at != b.at { return a.at < b.at }
            return uids.withUnsafeBufferPointer { buffer in
                let first = UnsafeBufferPointer(rebasing: buffer[a.uid])
                let second = UnsafeBufferPointer(rebasing: buffer[b.uid])
                if a.uidIsASCII && b.uidIsASCII { return first.lexicographicallyPrecedes(second) }
                return String(decoding: first, as: UTF8.self) < String(decoding: second, as: UTF8.self)
            }
        }
    }
}
