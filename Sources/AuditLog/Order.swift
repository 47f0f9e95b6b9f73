import DynamicType

/// When a record was made, as records are ordered everywhere: by time, then by id. Ids compare as
/// bytes (they are ASCII), the order SQLite's text comparison gives, so a store and a file agree.
public struct Stamp: Sendable, Hashable, Comparable {
    public var at: Timestamp
    public var id: String

    public init(at: Timestamp, id: String) {
        self.at = at
        self.id = id
    }

    public init(_ record: LogRecord) {
        self.init(at: record.at, id: record.id)
    }

    public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
        if lhs.at != rhs.at { return lhs.at < rhs.at }
        return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
    }
}

/// Where a record's line goes in the shared file: the audit's own records first, then each screen
/// in the order screens were added, its `screen` record first and the rest by stamp. A new record
/// only ever inserts a line, and records about different screens land in different places, so two
/// people's files merge line by line.
public struct LogPlace: Sendable, Hashable, Comparable {
    /// Empty for the audit's own records; the screen record's time and id for a screen's records.
    public var block: String
    /// 0 for the record that opens a block, 1 for the rest (in the audit's block: 0 for namings, 1 for checklists).
    public var rank: Int
    public var stamp: Stamp

    public init(block: String, rank: Int, stamp: Stamp) {
        self.block = block
        self.rank = rank
        self.stamp = stamp
    }

    /// The block of the screen added by a record with this stamp.
    public static func block(ofScreenAddedAt stamp: Stamp) -> String {
        stamp.at.iso8601 + " " + stamp.id
    }

    /// The place of `record`, given the stamp of the record that added its screen.
    public init(_ record: LogRecord, screenAdded: Stamp?) {
        let stamp = Stamp(record)
        if case .screen = record {
            self.init(block: LogPlace.block(ofScreenAddedAt: stamp), rank: 0, stamp: stamp)
        } else if record.screen != nil {
            self.init(block: screenAdded.map(LogPlace.block(ofScreenAddedAt:)) ?? "", rank: 1, stamp: stamp)
        } else {
            // The audit's own block: its namings first, then its checklists.
            self.init(block: "", rank: record.kind == .audit ? 0 : 1, stamp: stamp)
        }
    }

    public static func < (lhs: LogPlace, rhs: LogPlace) -> Bool {
        if lhs.block != rhs.block { return lhs.block.utf8.lexicographicallyPrecedes(rhs.block.utf8) }
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        return lhs.stamp < rhs.stamp
    }
}

/// A 64-bit FNV-1a hash of a record's line: the store keeps one per line, so that a sync can tell
/// a line it already has from a new or changed one without parsing it.
public enum LineDigest {
    /// The digest of a line's bytes, read in place.
    public static func of(_ line: String) -> Int64 {
        var line = line
        return line.withUTF8 { of($0) }
    }

    public static func of(_ bytes: some Sequence<UInt8>) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}
