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

/// A screen's details as its records fold: the `screen` record that added it and the `edit`
/// records after it, applied in stamp order. Each field, and each file pattern, is what the latest
/// record that set it says, so the same records give the same screen in any store, in any order.
public struct ScreenFold: Sendable, Equatable {
    public private(set) var screen: Screen
    public private(set) var removed = false
    /// When each field was last set, by its name in the records ("name", "owner", "files", ...).
    public private(set) var setAt: [String: Stamp] = [:]

    /// Folds `records` (the screen's own record and its edits, in any order); nil without the
    /// record that added the screen. Records of other kinds or screens are ignored.
    public init?(_ records: [LogRecord]) {
        var added: Screen?
        var sorted: [(Stamp, LogRecord)] = []
        for record in records {
            if case .screen(let screen) = record { added = screen }
            sorted.append((Stamp(record), record))
        }
        guard let added else { return nil }
        sorted.sort { $0.0 < $1.0 }
        screen = Screen(id: added.id, name: added.name, createdAt: added.createdAt, createdBy: added.createdBy)
        var files: [String: Bool] = [:]
        for (stamp, record) in sorted {
            switch record {
            case .screen(let details) where details.id == added.id:
                screen.name = details.name
                screen.flow = details.flow
                screen.critical = details.critical
                screen.owner = details.owner
                screen.notes = details.notes
                screen.triage = details.triage
                for field in ["name", "flow", "critical", "owner", "notes", "triage"] { setAt[field] = stamp }
                for pattern in details.files { files[pattern] = true }
                if !details.files.isEmpty { setAt["files"] = stamp }
            case .edit(let edit) where edit.screen == added.id:
                if let name = edit.name { screen.name = name }
                if let flow = edit.flow { screen.flow = flow }
                if let critical = edit.critical { screen.critical = critical }
                if let owner = edit.owner { screen.owner = owner }
                if let notes = edit.notes { screen.notes = notes }
                if let triage = edit.triage { screen.triage = triage }
                if let removed = edit.removed { self.removed = removed }
                for pattern in edit.addFiles { files[pattern] = true }
                for pattern in edit.removeFiles { files[pattern] = false }
                for field in edit.fields { setAt[field] = stamp }
            default:
                continue
            }
        }
        screen.files = files.filter(\.value).keys.sorted()
    }
}

/// Names people can type. Two screens added on two machines under the same name (in any case) both
/// stay; the one added first keeps the name and the others are shown as "Name (2)", "Name (3)", so
/// that every live screen has a name of its own. Renaming one settles it.
public enum ScreenNames {
    /// The name to show for each screen whose own name clashes, by screen id; screens missing keep
    /// their own name.
    public static func disambiguated(_ screens: [(id: String, name: String, createdAt: Timestamp)]) -> [String: String] {
        var byKey: [String: [(id: String, name: String, createdAt: Timestamp)]] = [:]
        for screen in screens { byKey[screen.name.lowercased(), default: []].append(screen) }
        var taken = Set(byKey.keys)
        var shown: [String: String] = [:]
        for key in byKey.keys.sorted() {
            guard let group = byKey[key], group.count > 1 else { continue }
            let ordered = group.sorted { Stamp(at: $0.createdAt, id: $0.id) < Stamp(at: $1.createdAt, id: $1.id) }
            var number = 2
            for screen in ordered.dropFirst() {
                var candidate = "\(screen.name) (\(number))"
                while taken.contains(candidate.lowercased()) {
                    number += 1
                    candidate = "\(screen.name) (\(number))"
                }
                taken.insert(candidate.lowercased())
                shown[screen.id] = candidate
                number += 1
            }
        }
        return shown
    }
}

/// Where a record's line goes in the shared file: the audit's own records first, then each screen
/// in the order screens were added, its `screen` record first and the rest by stamp. A new record
/// only ever inserts a line, and records about different screens land in different places, so two
/// people's files merge line by line.
public struct LogPlace: Sendable, Hashable, Comparable {
    /// Empty for the audit's own records; the screen record's time and id for a screen's records.
    public var block: String
    /// 0 for the record that opens a block, 1 for the rest.
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
        } else if let screenAdded {
            self.init(block: LogPlace.block(ofScreenAddedAt: screenAdded), rank: 1, stamp: stamp)
        } else {
            self.init(block: "", rank: 0, stamp: stamp)
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
    public static func of(_ bytes: some Sequence<UInt8>) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}
