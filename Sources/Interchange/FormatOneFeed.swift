import AuditLog

/// Hands the format 1 reader its document, a line at a time, from a file that may also hold
/// format 2 lines.
///
/// Teammates who upgrade apart make such files: one dtaudit still appends format 1 lines while
/// another has written the file in format 2, and git's `merge=union` keeps both sides' lines, so the
/// file has two headers and two kinds of record lines, interleaved hunk by hunk. Each side's lines
/// keep their order, and a side's lines all come after its header. Once the format 2 header has
/// been seen, every record line that reads as format 2 is that side's, set apart in `formatTwo`,
/// except a recording or fix that names a screen no format 2 line has added (format 1 names
/// screens, format 2 gives their ids, and a format 2 side always adds a screen before recording on
/// it): those go to the format 1 reader with the lines format 2 cannot read (items, screens and
/// checklists without ids). The closing lines, headers after the first and git's conflict markers
/// become blank lines, and the document is closed at the end, so the reader sees one format 1
/// document whose lines keep the numbers they have in the file.
final class FormatOneFeed {
    private var lines: LineReader
    /// The number of the last line read from the file.
    private var number: Int
    /// What is ready for the reader and not yet handed over.
    private var pending: [UInt8]
    private var formatOneHeader: [UInt8]?
    private var formatTwoScreens: Set<String>
    private var closed = false
    /// Whether a format 2 header line was seen: from then on, lines are told apart.
    private(set) var mixed: Bool
    /// The format 2 records, with their lines, in file order.
    private(set) var formatTwo: [(record: LogRecord, line: Int)] = []
    private(set) var conflictMarkers = 0
    /// A problem found while feeding, which the reader cannot be told about.
    private(set) var failure: InterchangeError?

    /// Starts at `first`, the file's line `number`: the format 1 header, or its first line in
    /// another layout. In a file that began in format 2, `formatTwoScreens` are the ids of the screens
    /// its lines added so far.
    init(lines: LineReader, first: ArraySlice<UInt8>, number: Int, formatTwoScreens: Set<String>? = nil) {
        self.lines = lines
        self.number = number
        mixed = formatTwoScreens != nil
        self.formatTwoScreens = formatTwoScreens ?? []
        pending = [UInt8](repeating: 0x0A, count: number - 1)
        if mixed || Self.isFormatOneHeader(first) { formatOneHeader = Array(first) }
        // Each later line brings the line break before it, so that a file whose last line has no
        // break reads to its last line, and a problem at its end is reported there.
        pending += first
    }

    /// `{"format":1,...,"records":[` on one line, as dtaudit wrote it.
    static func isFormatOneHeader(_ line: ArraySlice<UInt8>) -> Bool {
        line.starts(with: "{\"format\":1,".utf8) && line.reversed().starts(with: "[:\"sdrocer\"".utf8)
    }

    /// The reader's source: appends the next lines and returns false at the end.
    func read(into buffer: inout [UInt8]) -> Bool {
        while pending.count < 1 << 16, !closed {
            guard var line = lines.next() else {
                if mixed { pending += "\n{\"record\":\"end\"}\n]}\n".utf8 }
                closed = true
                break
            }
            number += 1
            pending.append(0x0A)
            while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
            if mixed || AuditFileHeader.looksLikeOne(line) || AuditFile.isConflictMarker(line) {
                route(line)
            } else {
                pending += line
            }
        }
        guard !pending.isEmpty else { return false }
        buffer += pending
        pending.removeAll(keepingCapacity: true)
        return true
    }

    /// Puts one line of a mixed file where it belongs; a line that is not the format 1 reader's
    /// leaves a blank line in its place.
    private func route(_ line: ArraySlice<UInt8>) {
        if AuditFileHeader.looksLikeOne(line) {
            mixed = true
            do {
                _ = try AuditFileHeader.read(line, number: number)
            } catch {
                if failure == nil { failure = error }
            }
            return
        }
        if line.isEmpty || line.elementsEqual("]}".utf8) || line.elementsEqual("{\"record\":\"end\"}".utf8)
            || line.elementsEqual("{\"record\":\"end\"},".utf8) {
            return
        }
        if AuditFile.isConflictMarker(line) {
            conflictMarkers += 1
            return
        }
        if Self.isFormatOneHeader(line) {
            if let formatOneHeader, !line.elementsEqual(formatOneHeader) {
                if failure == nil {
                    failure = InterchangeError(line: number, "a second format 1 header that differs from the first; the file joins two format 1 audits")
                }
                return
            }
            if formatOneHeader == nil {
                formatOneHeader = Array(line)
                pending += line
            }
            return
        }
        if case .record(let record)? = try? RecordReader.read(line: line, number: number) {
            let sharedKind = record.kind == .recording || record.kind == .fix
            if !sharedKind || record.screen.map(formatTwoScreens.contains) == true {
                if record.kind == .screen { formatTwoScreens.insert(record.id) }
                formatTwo.append((record, number))
                return
            }
        }
        pending += line
    }
}
