import Platform

/// What a `--fix` that writes files is about to do, written before it changes anything, so that the
/// run after one that was killed can put every file back. It lies at the scanned root as
/// `.dtaudit-fix.PID-RANDOM.tmp`, the form of every temporary file dtaudit writes, and grows in three
/// steps, each ended by a line that says it is whole:
///
/// 1. Before anything is written: each file to rewrite, the two names beside it where its new text
///    is staged and where its old text may be kept, and the version of it the scan read (device,
///    inode, size, time of last write to the nanosecond); `end COUNT` ends the list.
/// 2. Once every new text is staged: the version of each staged file; `placing COUNT` ends them.
///    No file is replaced before this line is written.
/// 3. Once every file is in place and checked: `done`. From then on the rewrite stands, and only its
///    leftovers remain to be removed.
///
/// A version is a file that nobody wrote to since: a replaced file whose place holds its staged
/// version was replaced by the fix, and the name holding its old version gets its place back.
struct FixJournal: Equatable {
    struct Entry: Equatable {
        /// The file, relative to the root.
        var target: String
        /// Names in the file's folder: where the new text is staged, and where the old is kept when
        /// the file system cannot swap two names in one step.
        var staged: String
        var backup: String
        /// The version the scan read.
        var old: FileIdentity
        /// The staged version, once known (step 2).
        var new: FileIdentity?
    }

    static let name = "dtaudit-fix"
    static let header = "dtaudit fix journal 2"

    var process: Int32
    /// The system's boot session when the journal was written (`System.bootSessionID`).
    var boot: String
    var entries: [Entry]
    /// Step 1 is whole.
    var complete = true
    /// Step 2 is whole: files may have been replaced.
    var placing = false
    var done = false

    /// The lines of step 1.
    var listing: [UInt8] {
        var lines = [Self.header, "process \(process)", "boot \(boot)"]
        for entry in entries {
            lines.append(["file", Self.hex(entry.target), Self.hex(entry.staged), Self.hex(entry.backup), Self.text(entry.old)].joined(separator: " "))
        }
        lines.append("end \(entries.count)")
        return Self.bytes(lines)
    }

    /// The lines of step 2.
    var stagedVersions: [UInt8] {
        Self.bytes(entries.map { "new " + ($0.new.map(Self.text) ?? "-") } + ["placing \(entries.count)"])
    }

    /// The whole journal as it stands.
    var rendered: [UInt8] {
        listing + (placing ? stagedVersions : []) + (done ? Self.bytes(["done"]) : [])
    }

    static func bytes(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

    static func text(_ identity: FileIdentity) -> String {
        "\(identity.device) \(identity.inode) \(identity.byteCount) \(identity.modifiedSeconds) \(identity.modifiedNanoseconds)"
    }

    static func identity(_ fields: ArraySlice<String>) -> FileIdentity? {
        guard fields.count == 5, let device = UInt64(fields[fields.startIndex]), let inode = UInt64(fields[fields.startIndex + 1]),
              let size = Int64(fields[fields.startIndex + 2]), let seconds = Int64(fields[fields.startIndex + 3]),
              let nanoseconds = Int64(fields[fields.startIndex + 4]) else { return nil }
        return FileIdentity(device: device, inode: inode, byteCount: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds)
    }

    /// Reads back the journal of process `process` (from its name); nil when it is not one. A
    /// journal cut off while a step was written reads as the steps before it.
    static func parse(_ bytes: [UInt8], process: Int32) -> FixJournal? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let opening = Array((header + "\nprocess \(process)\nboot ").utf8)
        // Cut off within its first lines (even empty): the boot line is not ended yet.
        if lines.count < 4 && (opening.starts(with: bytes) || (bytes.starts(with: opening) && lines.count == 3)) {
            return FixJournal(process: process, boot: "", entries: [], complete: false)
        }
        guard lines.count >= 4, lines[0] == header, lines[1] == "process \(process)", lines[2].hasPrefix("boot ") else { return nil }
        var journal = FixJournal(process: process, boot: String(lines[2].dropFirst(5)), entries: [], complete: false)
        // A line is whole only with the line break after it: the last element of the split is what
        // follows the last one.
        var k = 3
        while k + 1 < lines.count, lines[k].hasPrefix("file ") {
            let fields = lines[k].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 9, let target = unhex(fields[1]), let staged = unhex(fields[2]), let backup = unhex(fields[3]),
                  let old = identity(fields[4...]) else { return journal }
            journal.entries.append(Entry(target: target, staged: staged, backup: backup, old: old))
            k += 1
        }
        guard k + 1 < lines.count, lines[k] == "end \(journal.entries.count)" else { return journal }
        journal.complete = true
        k += 1
        var versions: [FileIdentity?] = []
        while k + 1 < lines.count, lines[k].hasPrefix("new ") {
            let fields = lines[k].split(separator: " ").map(String.init)
            versions.append(identity(fields.dropFirst()))
            k += 1
        }
        guard k + 1 < lines.count, lines[k] == "placing \(journal.entries.count)", versions.count == journal.entries.count else { return journal }
        for index in journal.entries.indices { journal.entries[index].new = versions[index] }
        journal.placing = true
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

    /// Where a file the plan names (relative to the root) lies.
    static func location(of target: String, root: String) -> String {
        (root == "/" ? "/" : root + "/") + target
    }

    /// The path of a name in the folder of `location`.
    static func sibling(_ name: String, of location: String) -> String {
        TemporaryFile.split(location).folder + name
    }

    /// Whether `target` names a file inside the root: a relative path of plain names (none empty,
    /// `.` or `..`).
    static func isInsideRoot(_ target: String) -> Bool {
        !target.hasPrefix("/") && target.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { ConfinedFolder.isPlainName(String($0)) }
    }

    /// The folders from the root to `target`'s, and its name.
    static func steps(of target: String) -> (folders: [String], name: String) {
        let parts = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return (Array(parts.dropLast()), parts.last ?? "")
    }

    /// Whether the entry names only what a fix of process `process` writes: a file inside the root
    /// and, beside it, temporary names of that process for that file.
    func isWellFormed(_ entry: Entry) -> Bool {
        guard Self.isInsideRoot(entry.target) else { return false }
        let name = Self.steps(of: entry.target).name
        return [entry.staged, entry.backup].allSatisfy { ConfinedFolder.isPlainName($0) && TemporaryFile.writer(of: $0, for: name) == process }
    }
}
