import AuditLog
import Platform

/// The merge driver's usual case, made in one pass over the three versions, a chunk of each in
/// memory: every version written as a store writes it (canonical lines in `LogPlace` order), so
/// the union in that order is a merge of three sorted runs. A line that two or three versions
/// share sits at the head of each of them at once and is compared as bytes: it came from a file
/// both sides already took, so it is not read again, only its place is taken from where a
/// canonical line keeps its kind, id, screen and time. A line only one version has (what the
/// merge brings) is read and checked as `RecordReader` checks it, and must be canonical.
///
/// For versions stores wrote, the result is byte for byte what `MergeDriver.unionOfRecords`
/// writes. Whatever this pass cannot be sure of (a line out of order, two lines under one id, a new
/// line that is not canonical, a format 1 part, conflict markers, damage) makes it give up, and the
/// caller merges record by record.
enum OrderedMerge {
    /// Merges the versions `sources` gives (each appends its next chunk and returns false at the
    /// end), handing `sink` the merged file in pieces. False when it gave up: what `sink` got then
    /// is to be thrown away.
    static func merge(_ sources: [(inout [UInt8]) -> Bool], into sink: @escaping (UnsafeRawBufferPointer) -> Void) -> Bool {
        var merge = Run(sink: sink)
        return merge.run(sources.map(Side.init))
    }

    /// Where a record goes, as `LogPlace` orders it, without making its block's text per record.
    struct Place {
        /// The block of the screen it belongs to; nil for the audit's own block.
        var block: Block?
        var rank: Int
        var stamp: Stamp

        /// -1, 0 or 1 as `LogPlace` orders the two.
        static func order(_ a: Place, _ b: Place) -> Int {
            if a.block?.serial != b.block?.serial {
                guard let x = a.block else { return -1 }
                guard let y = b.block else { return 1 }
                return x.text.lexicographicallyPrecedes(y.text) ? -1 : 1
            }
            if a.rank != b.rank { return a.rank < b.rank ? -1 : 1 }
            if a.stamp.at != b.stamp.at { return a.stamp.at < b.stamp.at ? -1 : 1 }
            if a.stamp.id == b.stamp.id { return 0 }
            return a.stamp.id.utf8.lexicographicallyPrecedes(b.stamp.id.utf8) ? -1 : 1
        }
    }

    /// A screen's block: its text as `LogPlace.block(ofScreenAddedAt:)` makes it, once per screen.
    struct Block {
        let serial: Int
        let text: [UInt8]
    }

    static let header = Array(AuditFile.header.utf8)
    static let endLine = Array("{\"record\":\"end\"}".utf8)
    static let closing = Array("]}".utf8)
    static let footer = Array(AuditFile.footer.utf8)
    static let opening = Array("{\"record\":\"".utf8)
    static let idKey = Array("\",\"id\":\"".utf8)
    static let screenKey = Array("\",\"screen\":\"".utf8)
    static let atKey = Array(",\"at\":".utf8)
    static let newline: [UInt8] = [0x0A]

    /// One version, read a line at a time.
    final class Side {
        let lines: Lines
        /// The place of the line at the head, once known.
        var place: Place?
        var previous: Place?
        var done = false
        /// Its head is the line being written.
        var taken = false

        init(_ source: @escaping (inout [UInt8]) -> Bool) {
            lines = Lines(source: source)
        }

        /// The head line without its comma.
        var content: Range<Int> { lines.line.lowerBound..<(lines.line.upperBound - 1) }

        func sameLine(as other: Side) -> Bool {
            lines.buffer.withUnsafeBytes { a in
                other.lines.buffer.withUnsafeBytes { b in
                    ByteComparison.same(UnsafeRawBufferPointer(rebasing: a[lines.line]), UnsafeRawBufferPointer(rebasing: b[other.lines.line]))
                }
            }
        }

        func lineIs(_ bytes: [UInt8]) -> Bool {
            lines.buffer.withUnsafeBytes { a in
                bytes.withUnsafeBytes { ByteComparison.same(UnsafeRawBufferPointer(rebasing: a[lines.line]), $0) }
            }
        }
    }

    private struct Run {
        let sink: (UnsafeRawBufferPointer) -> Void
        var blocks: [String: Block] = [:]
        /// Screens a record named before any version's line had added them: such a record was
        /// placed in the audit's block, which is right only if no version adds the screen.
        var unplacedScreens: Set<String> = []
        /// The ids written, by digest: one seen again, under any line, is left to the record merge.
        var ids: Set<Int64> = []
        var canonical = ByteText(capacity: 1 << 12)

        init(sink: @escaping (UnsafeRawBufferPointer) -> Void) {
            self.sink = sink
        }

        mutating func run(_ all: [Side]) -> Bool {
            var sides: [Side] = []
            for side in all {
                guard side.lines.advance() else { continue }
                if side.lineIs(OrderedMerge.header) {
                    guard side.lines.brokenAtEnd, side.lines.advance(), side.lines.brokenAtEnd, openHead(side) else { return false }
                    sides.append(side)
                } else if !side.lines.restIsBlank() {
                    return false
                }
            }
            write(OrderedMerge.header)
            write(OrderedMerge.newline)
            while true {
                var least: Side?
                for side in sides where !side.done {
                    if side.place == nil {
                        if let twin = sides.first(where: { $0 !== side && !$0.done && $0.place != nil && $0.sameLine(as: side) }) {
                            side.place = twin.place
                        } else if sides.contains(where: { $0 !== side && !$0.done && $0.sameLine(as: side) }), let place = glance(side) {
                            side.place = place
                        } else {
                            guard let place = read(side) else { return false }
                            side.place = place
                        }
                        if let previous = side.previous, Place.order(previous, side.place!) >= 0 { return false }
                    }
                    if let current = least, Place.order(side.place!, current.place!) >= 0 { continue }
                    least = side
                }
                guard let first = least, let place = first.place else { break }
                // The versions that hold the line: the same place must be the same bytes.
                for side in sides where side !== first && !side.done && Place.order(side.place!, place) == 0 {
                    guard side.sameLine(as: first) else { return false }
                    side.taken = true
                }
                first.taken = true
                var id = place.stamp.id
                guard ids.insert(id.withUTF8 { LineDigest.of($0) }).inserted else { return false }
                first.lines.buffer.withUnsafeBytes { sink(UnsafeRawBufferPointer(rebasing: $0[first.lines.line])) }
                write(OrderedMerge.newline)
                for side in sides where side.taken {
                    side.taken = false
                    side.previous = place
                    side.place = nil
                    guard side.lines.advance(), side.lines.brokenAtEnd, openHead(side) else { return false }
                }
            }
            write(OrderedMerge.footer)
            return true
        }

        /// Checks the head of a side that moved on: a record line with its comma, or the end lines
        /// that close the file (then the side is done).
        private func openHead(_ side: Side) -> Bool {
            guard side.lineIs(OrderedMerge.endLine) else {
                let line = side.lines.line
                return line.count > 1 && side.lines.buffer[line.upperBound - 1] == UInt8(ascii: ",")
            }
            guard side.lines.advance(), side.lines.brokenAtEnd, side.lineIs(OrderedMerge.closing), !side.lines.advance() else { return false }
            side.done = true
            return true
        }

        /// The head line read as a record: its place, or nil when it is not a canonical record line.
        private mutating func read(_ side: Side) -> Place? {
            guard case .record(let record)? = try? RecordReader.read(line: side.lines.buffer[side.content], number: 0) else { return nil }
            canonical.removeAll()
            record.write(into: &canonical)
            let same = canonical.bytes.withUnsafeBytes { written in
                side.lines.buffer.withUnsafeBytes { ByteComparison.same(written, UnsafeRawBufferPointer(rebasing: $0[side.content])) }
            }
            guard same else { return nil }
            if case .screen = record { return place(stamp: Stamp(record), addsScreen: true, screen: nil, isNaming: false) }
            return place(stamp: Stamp(record), addsScreen: false, screen: record.screen, isNaming: record.kind == .audit)
        }

        /// The place of a record with `stamp`: one that adds a screen opens the screen's block; one
        /// of a screen goes in its block, or in the audit's when no version adds that screen.
        private mutating func place(stamp: Stamp, addsScreen: Bool, screen: String?, isNaming: Bool) -> Place? {
            if addsScreen {
                guard !unplacedScreens.contains(stamp.id) else { return nil }
                let block = blocks[stamp.id] ?? Block(serial: blocks.count, text: Array(LogPlace.block(ofScreenAddedAt: stamp).utf8))
                blocks[stamp.id] = block
                return Place(block: block, rank: 0, stamp: stamp)
            }
            if let screen {
                if let block = blocks[screen] { return Place(block: block, rank: 1, stamp: stamp) }
                unplacedScreens.insert(screen)
                return Place(block: nil, rank: 1, stamp: stamp)
            }
            return Place(block: nil, rank: isNaming ? 0 : 1, stamp: stamp)
        }

        /// The place of a canonical line read from its bytes: `{"record":"KIND","id":"ID",` at its
        /// start, `"screen":"ID",` next for a screen's records, `"at":"TIME"}` at its end. Nil for
        /// any other shape (the line is then read whole).
        private mutating func glance(_ side: Side) -> Place? {
            let found = side.lines.buffer.withUnsafeBufferPointer { all -> (kind: Kind, id: String, screen: String?, at: Timestamp)? in
                let line = UnsafeBufferPointer(rebasing: all[side.content])
                var offset = 0
                func expect(_ text: [UInt8]) -> Bool {
                    guard offset + text.count <= line.count, line[offset..<(offset + text.count)].elementsEqual(text) else { return false }
                    offset += text.count
                    return true
                }
                func word() -> UnsafeBufferPointer<UInt8>? {
                    let start = offset
                    while offset < line.count, line[offset] != 0x22 { offset += 1 }
                    guard offset < line.count else { return nil }
                    return UnsafeBufferPointer(rebasing: line[start..<offset])
                }
                guard expect(OrderedMerge.opening), let kindWord = word(), let kind = Kind(kindWord), expect(OrderedMerge.idKey),
                      let id = word(), Kind.isID(id) else { return nil }
                var screen: String?
                if kind == .screenRecord {
                    guard expect(OrderedMerge.screenKey), let word = word(), Kind.isID(word) else { return nil }
                    screen = String(decoding: word, as: UTF8.self)
                }
                // `,"at":"TIME"}`, the time holding no quote.
                guard line.count > offset + 10, line[line.count - 1] == 0x7D, line[line.count - 2] == 0x22 else { return nil }
                var quote = line.count - 3
                while quote > offset, line[quote] != 0x22 { quote -= 1 }
                guard quote - 6 > offset, line[(quote - 6)..<quote].elementsEqual(OrderedMerge.atKey),
                      let at = Timestamp(iso8601Bytes: UnsafeBufferPointer(rebasing: line[(quote + 1)..<(line.count - 2)])) else { return nil }
                return (kind, String(decoding: id, as: UTF8.self), screen, at)
            }
            guard let found else { return nil }
            return place(stamp: Stamp(at: found.at, id: found.id), addsScreen: found.kind == .addsScreen, screen: found.screen,
                         isNaming: found.kind == .naming)
        }

        private func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { sink($0) }
        }
    }

    /// What a line's `record` word says about its place.
    enum Kind {
        case naming, checklist, addsScreen, screenRecord

        init?(_ word: UnsafeBufferPointer<UInt8>) {
            switch String(decoding: word, as: UTF8.self) {
            case "audit": self = .naming
            case "checklist": self = .checklist
            case "screen": self = .addsScreen
            case "edit", "recording", "fix", "evidence", "retract", "amend": self = .screenRecord
            default: return nil
            }
        }

        /// As `Fields.isID` checks an id, on its bytes.
        static func isID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            !bytes.isEmpty && bytes.count <= Fields.maximumIDLength && bytes.allSatisfy { byte in
                (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
            }
        }
    }
}

/// A version's lines, a chunk at a time: the current line is a range of `buffer`, good until the
/// next `advance()`.
final class Lines {
    private let source: (inout [UInt8]) -> Bool
    private(set) var buffer: [UInt8] = []
    private(set) var line: Range<Int> = 0..<0
    private var next = 0
    private var ended = false
    /// Whether the current line ended with a line break.
    private(set) var brokenAtEnd = true

    init(source: @escaping (inout [UInt8]) -> Bool) {
        self.source = source
    }

    /// Moves to the next line; false at the end.
    func advance() -> Bool {
        while true {
            let found = buffer.withUnsafeBytes { ByteComparison.firstOccurrence(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: $0[next...])) }
            if let found {
                line = next..<(next + found)
                next += found + 1
                return true
            }
            if ended {
                guard next < buffer.count else { return false }
                line = next..<buffer.count
                next = buffer.count
                brokenAtEnd = false
                return true
            }
            if next > 0 {
                buffer.removeSubrange(0..<next)
                next = 0
                line = 0..<0
            }
            if !source(&buffer) { ended = true }
        }
    }

    /// Whether the current line and all after it hold nothing but spaces and line breaks (a
    /// version the record merge skips as empty).
    func restIsBlank() -> Bool {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }
        guard buffer[line].allSatisfy(blank) else { return false }
        while advance() {
            guard buffer[line].allSatisfy(blank) else { return false }
        }
        return true
    }
}
