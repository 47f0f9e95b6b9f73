import Evidence
import Platform

/// What a `--fix` that writes files is about to do, written before it changes anything, so that the
/// run after one that was killed can put every file back: the journal names each file to rewrite,
/// where its new text waits and where its old one is kept, and the SHA-256 of both. It lies at the
/// scanned root as `.dtaudit-fix.PID-RANDOM.tmp`, the form of every temporary file dtaudit writes.
///
/// A journal is only complete with its last line, `end COUNT`; one without it was cut off before
/// any file was staged. Once every file is in place and checked, `done` is added: from then on the
/// rewrite stands, and only its leftovers remain to be removed.
struct FixJournal: Equatable {
    struct Entry: Equatable {
        /// The file, as the plan names it: relative to the root, or absolute.
        var target: String
        /// Names in the file's folder: where the new text is staged, and where the old is kept when
        /// the file system cannot swap two names in one step.
        var staged: String
        var backup: String
        var oldCount: Int
        var oldDigest: String
        var newCount: Int
        var newDigest: String
    }

    static let name = "dtaudit-fix"
    static let header = "dtaudit fix journal 1"

    var process: Int32
    /// The system's boot session when the journal was written (`System.bootSessionID`).
    var boot: String
    var entries: [Entry]
    var complete = true
    var done = false

    /// The journal's text; the paths in hexadecimal, so that no name can break a line.
    var rendered: [UInt8] {
        var lines = [Self.header, "process \(process)", "boot \(boot)"]
        for entry in entries {
            lines.append(["file", Self.hex(entry.target), Self.hex(entry.staged), Self.hex(entry.backup),
                          String(entry.oldCount), entry.oldDigest, String(entry.newCount), entry.newDigest].joined(separator: " "))
        }
        lines.append("end \(entries.count)")
        if done { lines.append("done") }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Reads back the journal of process `process` (from its name); nil when it is not one. A
    /// journal cut off while it was written reads as not `complete`, with the entries it holds.
    static func parse(_ bytes: [UInt8], process: Int32) -> FixJournal? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let opening = Array((header + "\nprocess \(process)\nboot ").utf8)
        // Cut off within its first lines (even empty): the boot line is not ended yet.
        if lines.count < 4 && (opening.starts(with: bytes) || (bytes.starts(with: opening) && lines.count == 3)) {
            return FixJournal(process: process, boot: "", entries: [], complete: false)
        }
        guard lines.count >= 4, lines[0] == header, lines[1] == "process \(process)", lines[2].hasPrefix("boot ") else { return nil }
        var journal = FixJournal(process: process, boot: String(lines[2].dropFirst(5)), entries: [], complete: false)
        var k = 3
        while k < lines.count, lines[k].hasPrefix("file ") {
            let fields = lines[k].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            // A line not ended by a line break was cut off.
            guard k + 1 < lines.count, fields.count == 8,
                  let target = unhex(fields[1]), let staged = unhex(fields[2]), let backup = unhex(fields[3]),
                  let oldCount = Int(fields[4]), let newCount = Int(fields[6]) else { return journal }
            journal.entries.append(Entry(target: target, staged: staged, backup: backup, oldCount: oldCount, oldDigest: fields[5],
                                         newCount: newCount, newDigest: fields[7]))
            k += 1
        }
        guard k + 1 < lines.count, lines[k] == "end \(journal.entries.count)" else { return journal }
        journal.complete = true
        journal.done = k + 2 < lines.count && lines[k + 1] == "done"
        return journal
    }

    static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        for byte in text.utf8 {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 15)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func unhex(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var result: [UInt8] = []
        for k in stride(from: 0, to: bytes.count, by: 2) {
            guard let high = value(bytes[k]), let low = value(bytes[k + 1]) else { return nil }
            result.append(high << 4 | low)
        }
        guard !result.contains(0) else { return nil }
        return String(validating: result, as: UTF8.self)
    }

    static func digest(_ bytes: [UInt8]) -> String { SHA256.hex(of: bytes) }

    /// Where a file the plan names lies.
    static func location(of target: String, root: String) -> String {
        target.hasPrefix("/") ? target : (root == "/" ? "/" : root + "/") + target
    }

    /// The path of a name in the folder of `location`.
    static func sibling(_ name: String, of location: String) -> String {
        TemporaryFile.split(location).folder + name
    }

    /// Whether the entry names only what a fix of process `process` writes: a file path without `..`
    /// and, beside it, temporary names of that process for that file.
    func isWellFormed(_ entry: Entry) -> Bool {
        let target = entry.target
        guard !target.isEmpty, !target.hasSuffix("/"), !target.split(separator: "/").contains("..") else { return false }
        let name = TemporaryFile.split(target).name
        return [entry.staged, entry.backup].allSatisfy { !$0.contains("/") && TemporaryFile.writer(of: $0, for: name) == process }
    }
}
