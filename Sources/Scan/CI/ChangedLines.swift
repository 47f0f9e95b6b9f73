import Dispatch
import Output
import Platform

/// The lines of each file that differ from a git ref, for `scan --changed-since REF`: what a pull
/// request adds or changes. Files git does not track yet count as changed whole.
public struct ChangedLines: Sendable, Equatable {
    public enum Lines: Sendable, Equatable {
        case all
        case ranges([ClosedRange<Int>])
    }

    /// By path relative to the scanned root.
    public var files: [String: Lines]

    public init(files: [String: Lines]) { self.files = files }

    /// Whether line `line` of `file` is new or changed.
    public func contains(file: String, line: Int) -> Bool {
        switch files[file] {
        case nil: false
        case .all: true
        case let .ranges(ranges): ranges.contains { $0.contains(line) }
        }
    }

    /// Asks git in `root` (a folder of a checkout) what changed since `ref`, in the working tree.
    public static func since(_ ref: String, in root: String) throws(ChangedLinesError) -> ChangedLines {
        // A ref that looks like an option would be taken as one.
        guard !ref.isEmpty, !ref.hasPrefix("-"), !ref.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .badRef(ref)
        }
        guard Subprocess.output(of: "git", ["-C", root, "rev-parse", "--verify", "--quiet", ref + "^{commit}"]) != nil else {
            throw .badRef(ref)
        }
        let answers = SourceScanner.inParallel([
            ["-C", root, "-c", "core.quotepath=off", "diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-renames",
             "--relative", ref, "--"],
            ["-C", root, "ls-files", "--others", "--exclude-standard", "-z"],
        ]) { Subprocess.output(of: "git", $0) }
        guard let diff = answers[0], let untracked = answers[1] else { throw .gitFailed(root) }
        var changes = parse(diff: diff)
        for path in untracked.split(separator: "\0") { changes.files[String(path)] = .all }
        return changes
    }

    /// What the commit `ref` names changed, relative to `root` (a folder of a checkout), and the
    /// commit's id; nil when `ref` names no commit git knows there (a pull request's name, a ticket).
    public static func commit(_ ref: String, in root: String) -> (commit: String, changes: ChangedLines)? {
        guard !ref.isEmpty, !ref.hasPrefix("-"), !ref.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }),
              let id = Subprocess.output(of: "git", ["-C", root, "rev-parse", "--verify", "--quiet", ref + "^{commit}"])?
                  .split(whereSeparator: { $0 == "\n" }).first.map(String.init), !id.isEmpty,
              let diff = Subprocess.output(of: "git", ["-C", root, "-c", "core.quotepath=off", "show", "--format=", "--unified=0", "--no-color",
                                                       "--no-ext-diff", "--no-renames", "--relative", id, "--"]) else { return nil }
        return (id, parse(diff: diff))
    }

    /// `since(ref, in: root)` asked on another thread, so that git compares while the scan reads:
    /// in an Xcode build phase the two together must stay under a fifth of a second.
    public final class Pending: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<ChangedLines, ChangedLinesError>?

        public init(_ ref: String, in root: String) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                do throws(ChangedLinesError) {
                    result = .success(try ChangedLines.since(ref, in: root))
                } catch {
                    result = .failure(error)
                }
                done.signal()
            }
        }

        /// The answer, once git has given it.
        public func value() throws(ChangedLinesError) -> ChangedLines {
            done.wait()
            done.signal()
            return try result!.get()
        }
    }

    /// The new side of a `--unified=0` diff: each `+++ b/PATH` and the `@@ -a,b +c,d @@` hunks after it.
    static func parse(diff: String) -> ChangedLines {
        var files: [String: Lines] = [:]
        var current: String?
        var ranges: [ClosedRange<Int>] = []
        func finish() {
            if let current, !ranges.isEmpty { files[current] = .ranges(ranges) }
            ranges = []
        }
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                finish()
                let name = line.dropFirst(4)
                if name == "/dev/null" {
                    current = nil
                } else {
                    let path = unquoted(name)
                    current = path.hasPrefix("b/") ? String(path.dropFirst(2)) : path
                }
            } else if line.hasPrefix("@@ "), current != nil, let range = newRange(line) {
                if let range { ranges.append(range) }
            }
        }
        finish()
        return ChangedLines(files: files)
    }

    /// `+c,d` of a hunk header as lines c...c+d-1; nil inside when the hunk only removes lines.
    private static func newRange(_ header: Substring) -> ClosedRange<Int>?? {
        guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        let parts = plus.dropFirst().split(separator: ",")
        guard let start = Int(parts[0]) else { return nil }
        let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        return .some(count == 0 ? nil : start...(start + count - 1))
    }

    /// A path as git writes it: as it is, or in double quotes with C escapes (octal bytes for UTF-8).
    static func unquoted(_ name: Substring) -> String {
        guard name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 else { return String(name) }
        var bytes: [UInt8] = []
        var iterator = Array(name.utf8.dropFirst().dropLast()).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\"), let next = iterator.next() else {
                bytes.append(byte)
                continue
            }
            switch next {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(next - UInt8(ascii: "0"))
                var after: UInt8?
                // git writes three digits; a byte that is not one is kept after the value.
                for _ in 0..<2 {
                    guard let digit = iterator.next() else { break }
                    guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else {
                        after = digit
                        break
                    }
                    value = value * 8 + Int(digit - UInt8(ascii: "0"))
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
                if let after { bytes.append(after) }
            default: bytes.append(next)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why the changed lines could not be found, in one line.
public enum ChangedLinesError: Error, Sendable, Equatable, CustomStringConvertible {
    case badRef(String)
    case gitFailed(String)

    public var description: String {
        switch self {
        case let .badRef(ref): "--changed-since: '\(JSONReader.shown(ref))' is not a commit git knows here"
        case let .gitFailed(root): "--changed-since: git could not compare the files in \(JSONReader.shown(root))"
        }
    }
}
