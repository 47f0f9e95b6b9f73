import AuditLog
import AuditStore

/// The shared audit file: one JSON document, one record per line.
///
///     {"format":2,"records":[
///     {"record":"audit","id":"...","app":"Trailhead","by":"Mei Chen","at":"..."},
///     {"record":"checklist","id":"...","name":"dynamic-type",...},
///     {"record":"screen","id":"...","name":"Checkout",...},
///     {"record":"recording","id":"...","screen":"...",...},
///     {"record":"end"}
///     ]}
///
/// Lines come in `LogPlace` order, every record line ends with a comma, and the first and last
/// two lines never change, so a union of two files (git's `merge=union`, or both sides of a
/// conflict) is still a file this reader takes. Lines of git's conflict markers are skipped: with
/// immutable records, both sides of a conflict are simply both true.
public struct AuditFile: Sendable {
    /// The version of the layout this code writes.
    public static let formatVersion = 2
    public static let header = "{\"format\":2,\"records\":["
    public static let footer = "{\"record\":\"end\"}\n]}\n"
    /// Files larger than this are refused before they are read.
    public static let maximumBytes = 256 << 20

    /// The format the file was written in: 1 (converted as it is read) or 2.
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
    /// The id of every record the file holds, read or not.
    public var ids = Set<String>()

    /// Reads a file of either format. With `known` (a store's ids and line digests), a line the
    /// store already has is counted in `known` and not parsed: what makes a sync with nothing new
    /// quick.
    public static func read(_ bytes: [UInt8], known: [String: Int64]? = nil) throws(InterchangeError) -> AuditFile {
        if bytes.count > maximumBytes {
            throw InterchangeError(line: 1, "the file is \(bytes.count >> 20) MB; an audit file is at most \(maximumBytes >> 20) MB")
        }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let firstEnd = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
        var first = bytes[start..<firstEnd]
        while let last = first.last, last == 0x0D || last == 0x20 { first = first.dropLast() }
        if first.elementsEqual(header.utf8) {
            return try readLines(bytes, from: firstEnd, known: known)
        }
        let records = try FormatOneReader.read(bytes).records()
        var file = AuditFile(format: 1, records: records.map { ($0, 0) })
        file.ids = Set(records.map(\.id))
        return file
    }

    private static func readLines(_ bytes: [UInt8], from start: Int, known: [String: Int64]?) throws(InterchangeError) -> AuditFile {
        var file = AuditFile(format: 2, records: [])
        var index: [String: Int] = [:]
        var lineNumber = 1
        var position = start
        var ended = false
        var closed = false
        while position < bytes.count {
            // position is at the "\n" that ends the previous line.
            position += 1
            lineNumber += 1
            let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.endIndex
            var line = bytes[position..<end]
            position = end
            while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
            if line.isEmpty { continue }
            if isConflictMarker(line) {
                file.conflictMarkers += 1
                continue
            }
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
                    file.known += 1
                    file.ids.insert(id)
                    continue
                }
            }
            switch try RecordReader.read(line: line, number: lineNumber) {
            case .end:
                ended = true
            case .record(let record):
                file.ids.insert(record.id)
                if let earlier = index[record.id] {
                    let kept = file.records[earlier].record
                    if kept == record { continue }
                    guard Clash.isSettleable(kept, record) else {
                        throw InterchangeError(line: lineNumber, Clash.refusal(kept, record, where: "on line \(file.records[earlier].line)"))
                    }
                    file.clashes.append(record.id)
                    if record.line.utf8.lexicographicallyPrecedes(kept.line.utf8) { file.records[earlier] = (record, lineNumber) }
                    continue
                }
                index[record.id] = file.records.count
                file.records.append((record, lineNumber))
            }
        }
        if !ended || !closed {
            throw InterchangeError(line: lineNumber, "the file ends without the closing {\"record\":\"end\"} and ]} lines; it looks cut short")
        }
        return file
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

/// Writes the shared file: the header, each record's line with its comma, the footer.
public enum AuditFileWriter {
    /// The store's log, streamed; `sink` receives pieces that end at line ends.
    public static func write(store: AuditStore, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        buffer.append(contentsOf: AuditFile.header.utf8)
        buffer.append(0x0A)
        var count = 0
        try store.forEachLine { line in
            buffer.append(contentsOf: line)
            buffer.append(0x2C)
            buffer.append(0x0A)
            count += 1
            if buffer.count >= 1 << 16 {
                try buffer.withUnsafeBufferPointer { try sink($0) }
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
