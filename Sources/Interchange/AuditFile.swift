import AuditLog
import AuditStore

/// The shared audit file: one JSON document, one record per line.
///
///     {"format":3,"needs":"0.3.0","records":[
///     {"record":"audit","id":"...","app":"Trailhead","by":"Mei Chen","at":"..."},
///     {"record":"checklist","id":"...","name":"dynamic-type",...},
///     {"record":"screen","id":"...","name":"Checkout",...},
///     {"record":"recording","id":"...","screen":"...",...},
///     {"record":"end"}
///     ]}
///
/// Lines come in `LogPlace` order, every record line ends with a comma, and the last two lines
/// never change, so a union of two files (git's `merge=union`, or both sides of a conflict) is
/// still a file this reader takes: the first line changes only between releases, and every header
/// line a union holds is read (`AuditFileHeader`). Lines of git's conflict markers are skipped:
/// with immutable records, both sides of a conflict are simply both true.
public struct AuditFile: Sendable {
    /// The version of the layout this code writes: format 2's lines under a header that names the
    /// oldest release that reads them (`AuditFileHeader`).
    public static let formatVersion = 3
    /// The oldest release that reads what this code writes: the first to read `follows` and `round`.
    public static let needs = "0.3.0"
    public static let header = "{\"format\":3,\"needs\":\"\(needs)\",\"records\":["
    public static let footer = "{\"record\":\"end\"}\n]}\n"
    /// Files larger than this are refused before they are read.
    public static let maximumBytes = 256 << 20

    /// The format the file was written in: 1 (converted as it is read), 2 or 3; the lowest of a union's.
    public var format: Int
    /// Each id once, with the line it was read from (0 for a format 1 file). Where one id came
    /// on two lines, the smaller line.
    public var records: [(record: LogRecord, line: Int)]
    /// Ids found on two lines that differ.
    public var clashes: [String] = []
    /// Lines of git's conflict markers that were skipped.
    public var conflictMarkers = 0
    /// Lines a store already had, byte for byte, left unread (see `read(_:known:)`).
    public var known = 0
    /// Whether format 1 and format 2 lines were merged in one file (teammates who upgraded apart).
    public var mixedFormats = false

    /// Reads a file of either format held in memory: every record once (where one id came on two
    /// lines, `Clash` settles or refuses it). With `known` (a store's ids and line digests), a line
    /// the store already has is counted in `known` and not parsed.
    public static func read(_ bytes: [UInt8], known: [String: Int64]? = nil) throws(InterchangeError) -> AuditFile {
        if bytes.count > maximumBytes {
            throw InterchangeError(line: 1, "the file is \(bytes.count >> 20) MB; an audit file is at most \(maximumBytes >> 20) MB")
        }
        var given = false
        var file = AuditFile(format: 2, records: [])
        var index: [String: Int] = [:]
        do {
            let summary = try scan(chunks: { buffer in
                if given { return false }
                given = true
                buffer.append(contentsOf: bytes)
                return !bytes.isEmpty
            }, known: known) { record, number in
                if let earlier = index[record.id] {
                    let kept = file.records[earlier].record
                    if kept == record { return }
                    guard Clash.isSettleable(kept, record) else {
                        throw InterchangeError(line: number, Clash.refusal(kept, record, where: "on line \(file.records[earlier].line)"))
                    }
                    file.clashes.append(record.id)
                    if record.line.utf8.lexicographicallyPrecedes(kept.line.utf8) { file.records[earlier] = (record, number) }
                    return
                }
                index[record.id] = file.records.count
                file.records.append((record, number))
            }
            file.format = summary.format
            file.conflictMarkers = summary.conflictMarkers
            file.known = summary.known
            file.mixedFormats = summary.mixedFormats
        } catch let error as InterchangeError {
            throw error
        } catch {
            throw InterchangeError(line: 1, "\(error)")
        }
        return file
    }

    /// What reading a file found besides its records.
    public struct Summary: Sendable {
        public var format = AuditFile.formatVersion
        public var conflictMarkers = 0
        /// Lines left unread because the store had them byte for byte.
        public var known = 0
        /// Whether the file held both format 1 and format 2 lines (`format` is then 1).
        public var mixedFormats = false

        public init(format: Int = AuditFile.formatVersion, conflictMarkers: Int = 0, known: Int = 0, mixedFormats: Bool = false) {
            self.format = format
            self.conflictMarkers = conflictMarkers
            self.known = known
            self.mixedFormats = mixedFormats
        }
    }

    /// Reads a file of either format from `source` (which appends the next chunk to its argument
    /// and returns false at the end), handing `body` each record as its line is read, so that the
    /// file is never held whole: a large import takes the memory of a chunk and a record.
    /// Records come in file order, as often as the file holds them. With `known`, lines a store
    /// holds byte for byte are counted, not parsed. A format 1 file is converted whole.
    /// Records are taken whatever their time: no clock, however wrong, may stop a sync, and no time
    /// keeps a cell (`CellRule` orders a cell by what each author had seen before it asks a clock).
    public static func scan(chunks source: @escaping (inout [UInt8]) -> Bool, known: [String: Int64]? = nil,
                            body: (LogRecord, Int) throws -> Void) throws -> Summary {
        var lines = LineReader(source: source)
        var summary = Summary()
        guard var first = lines.next() else { throw InterchangeError(line: 1, "the file is empty") }
        if first.starts(with: [0xEF, 0xBB, 0xBF]) { first = first.dropFirst(3) }
        while let last = first.last, last == 0x0D || last == 0x20 { first = first.dropLast() }
        // A plain merge of a format 1 file and its format 2 conversion starts with a conflict marker.
        var firstNumber = 1
        while isConflictMarker(first), let next = lines.next() {
            summary.conflictMarkers += 1
            firstNumber += 1
            first = next
            while let last = first.last, last == 0x0D || last == 0x20 { first = first.dropLast() }
        }
        guard let opening = try AuditFileHeader.read(first, number: firstNumber) else {
            // Format 1: one JSON document in any layout, which its own reader takes whole, with any
            // format 2 lines a union with a teammate's upgraded file added.
            summary.format = 1
            try readMixed(FormatOneFeed(lines: lines, first: first, number: firstNumber), into: &summary, body: body)
            return summary
        }
        summary.format = opening.format
        var lineNumber = firstNumber
        var ended = false
        var closed = false
        var screens: Set<String> = []
        while var line = lines.next() {
            lineNumber += 1
            while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
            if line.isEmpty { continue }
            if isConflictMarker(line) {
                summary.conflictMarkers += 1
                continue
            }
            if !ended, FormatOneFeed.isFormatOneHeader(line) {
                // A union of this file with a teammate's format 1 file, from before they upgraded.
                summary.format = 1
                try readMixed(FormatOneFeed(lines: lines, first: line, number: lineNumber, formatTwoScreens: screens),
                              into: &summary, body: body)
                return summary
            }
            // A union with a file another release wrote, or the other side of a conflict: its header too
            // says which release reads it.
            if !ended, let other = try AuditFileHeader.read(line, number: lineNumber) {
                summary.format = min(summary.format, other.format)
                continue
            }
            if line.starts(with: "{\"record\":\"screen\",".utf8), let id = quickID(line) { screens.insert(id) }
            if closed { throw InterchangeError(line: lineNumber, "text after the closing ]} line") }
            if !ended && line.elementsEqual("]}".utf8) {
                throw InterchangeError(line: lineNumber, "the records end without the closing {\"record\":\"end\"} line; the file looks cut short")
            }
            if ended {
                guard line.elementsEqual("]}".utf8) else {
                    throw InterchangeError(line: lineNumber, "a record after the closing {\"record\":\"end\"} line")
                }
                closed = true
                continue
            }
            if let known, let id = quickID(line), let digest = known[id] {
                var body = line
                if body.last == UInt8(ascii: ",") { body = body.dropLast() }
                if LineDigest.of(body) == digest {
                    summary.known += 1
                    continue
                }
            }
            switch try RecordReader.read(line: line, number: lineNumber) {
            case .end: ended = true
            case .record(let record): try body(record, lineNumber)
            }
        }
        if !ended || !closed {
            throw InterchangeError(line: lineNumber, "the file ends without the closing {\"record\":\"end\"} and ]} lines; it looks cut short")
        }
        return summary
    }

    /// Reads the rest of a file through `feed`: its format 1 part converted, then its format 2 lines.
    private static func readMixed(_ feed: FormatOneFeed, into summary: inout Summary,
                                  body: (LogRecord, Int) throws -> Void) throws {
        let formatOne: FormatOne
        do {
            formatOne = try FormatOneReader.read(chunks: feed.read)
        } catch {
            throw feed.failure ?? error
        }
        if let failure = feed.failure { throw failure }
        summary.conflictMarkers += feed.conflictMarkers
        summary.mixedFormats = feed.mixed
        for record in formatOne.records() {
            try body(record, 0)
        }
        for (record, line) in feed.formatTwo {
            try body(record, line)
        }
    }

    /// `<<<<<<< ours`, `=======`, `>>>>>>> theirs` and diff3's `||||||| base`.
    static func isConflictMarker(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.count >= 7, let first = line.first, [0x3C, 0x3D, 0x3E, 0x7C].contains(first) else { return false }
        let run = line.prefix(7)
        guard run.allSatisfy({ $0 == first }) else { return false }
        return line.count == 7 || (first != 0x3D && line[line.startIndex + 7] == 0x20)
    }

    /// The id of a canonical line, read without parsing it: `{"record":"kind","id":"ID",`.
    static func quickID(_ line: ArraySlice<UInt8>) -> String? {
        let marker = Array("\",\"id\":\"".utf8)
        guard line.starts(with: "{\"record\":\"".utf8) else { return nil }
        var index = line.startIndex + 11
        while index < line.endIndex, line[index] != 0x22 { index += 1 }
        guard line[index...].starts(with: marker) else { return nil }
        let start = index + marker.count
        guard let end = line[start...].firstIndex(of: 0x22) else { return nil }
        return String(decoding: line[start..<end], as: UTF8.self)
    }
}

/// Splits chunks of a file into lines, holding one chunk and the line that runs over it.
struct LineReader {
    let source: (inout [UInt8]) -> Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(source: @escaping (inout [UInt8]) -> Bool) {
        self.source = source
    }

    /// The next line without its line break, or nil at the end.
    mutating func next() -> ArraySlice<UInt8>? {
        while true {
            if let end = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<end]
                start = end + 1
                return line
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            if !source(&buffer) { ended = true }
        }
    }
}

/// Writes the shared file: the header, each record's line with its comma, the footer.
public enum AuditFileWriter {
    /// The store's log, streamed; `sink` receives pieces that end at line ends. `startingBlock` is
    /// told where each block (the audit's own records, then each screen's) starts: its byte offset
    /// and line number.
    public static func write(store: AuditStore, startingBlock: ((_ offset: Int, _ line: Int) -> Void)? = nil,
                             to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        buffer.append(contentsOf: AuditFile.header.utf8)
        buffer.append(0x0A)
        var count = 0
        var flushed = 0
        try store.forEachLine(startingBlock: { startingBlock?(flushed + buffer.count, count + 2) }) { line in
            buffer.append(contentsOf: line)
            buffer.append(0x2C)
            buffer.append(0x0A)
            count += 1
            if buffer.count >= 1 << 16 {
                try buffer.withUnsafeBufferPointer { try sink($0) }
                flushed += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: AuditFile.footer.utf8)
        try buffer.withUnsafeBufferPointer { try sink($0) }
        return count
    }

    /// Records held in memory (a merge of files), put in file order.
    public static func text(_ records: [LogRecord]) -> String {
        var added: [String: Stamp] = [:]
        for case .screen(let screen) in records { added[screen.id] = Stamp(at: screen.createdAt, id: screen.id) }
        let placed = records.map { record in
            (place: LogPlace(record, screenAdded: record.kind == .screen ? nil : record.screen.flatMap { added[$0] }), line: record.line)
        }.sorted { $0.place < $1.place }
        var text = AuditFile.header + "\n"
        for entry in placed { text += entry.line + ",\n" }
        return text + AuditFile.footer
    }
}
