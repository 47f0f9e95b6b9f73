/// What a rewrite asks of a whole file, each worked out once, in one pass, the first time it is
/// asked: a rewrite per finding that searched the file again would make `--fix` quadratic in the
/// findings of one file.
final class SourceIndex {
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private var trimmedLineEnds: [Int: Int] = [:]

    /// Where a line ends without its trailing white space, worked out once a line: every finding on
    /// one line asks the same.
    func trimmedLineEnd(_ line: Int, _ compute: () -> Int) -> Int {
        if let end = trimmedLineEnds[line] { return end }
        let end = compute()
        trimmedLineEnds[line] = end
        return end
    }

    /// Whether the file says `import UIKit` anywhere.
    lazy var importsUIKit: Bool = firstOffset(of: Array("import UIKit".utf8), from: 0) != nil

    /// The names declared or assigned as a label, text field or text view: the identifiers written
    /// just before `: UILabel`, ` = UITextView` and the like (with or without the spaces).
    private lazy var textHolders: SuffixIndex = {
        var names: [ArraySlice<UInt8>] = []
        for type in ["UILabel", "UITextField", "UITextView"] {
            let needle = Array(type.utf8)
            var from = 0
            while let at = firstOffset(of: needle, from: from) {
                from = at + 1
                for separator in [": ", " = ", ":", "="] {
                    let separator = Array(separator.utf8)
                    guard at >= separator.count, bytes[at - separator.count..<at].elementsEqual(separator) else { continue }
                    names.append(run(endingAt: at - separator.count) { Self.isIdentifierByte($0) })
                }
            }
        }
        return SuffixIndex(names)
    }()

    /// The receivers written before `.adjustsFontForContentSizeCategory`.
    private lazy var liveUpdaters: SuffixIndex = {
        var receivers: [ArraySlice<UInt8>] = []
        let needle = Array(".adjustsFontForContentSizeCategory".utf8)
        var from = 0
        while let at = firstOffset(of: needle, from: from) {
            from = at + 1
            receivers.append(run(endingAt: at) { Self.isIdentifierByte($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "?") })
        }
        return SuffixIndex(receivers)
    }()

    /// Whether the file holds `name` followed by one of the separators and a text view's type: a
    /// declaration like `let name: UILabel` or an assignment `name = UITextField(...)`.
    func declaresTextHolder(_ name: String) -> Bool {
        let name = Array(name.utf8)
        // A name is an identifier: what is written before a separator is read as one.
        guard !name.isEmpty, name.allSatisfy(Self.isIdentifierByte) else { return false }
        return textHolders.hasEntry(endingWith: name)
    }

    /// Whether the file already writes `receiver.adjustsFontForContentSizeCategory`.
    func setsLiveUpdate(_ receiver: String) -> Bool {
        let receiver = Array(receiver.utf8)
        guard !receiver.isEmpty else { return false }
        return liveUpdaters.hasEntry(endingWith: receiver)
    }

    /// The bytes that match `accepts` running back from `end`.
    private func run(endingAt end: Int, _ accepts: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        var start = end
        while start > 0 && accepts(bytes[start - 1]) { start -= 1 }
        return bytes[start..<end]
    }

    /// Where `needle` first occurs at or after `from`.
    func firstOffset(of needle: [UInt8], from: Int) -> Int? {
        SourceText.find(needle, in: bytes, from: from)
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }
}

/// Byte strings, answering whether one of them ends with a given string in a binary search: each is
/// kept reversed and the reversed strings sorted, so that the strings ending with a suffix are the
/// reversed ones starting with it, which lie together.
struct SuffixIndex {
    private let reversed: [[UInt8]]

    init(_ entries: [ArraySlice<UInt8>]) {
        reversed = Set(entries.map { Array($0.reversed()) }).sorted { $0.lexicographicallyPrecedes($1) }
    }

    func hasEntry(endingWith suffix: [UInt8]) -> Bool {
        let key = Array(suffix.reversed())
        // The first reversed entry not before the key: it starts with the key if any does.
        var low = 0
        var high = reversed.count
        while low < high {
            let middle = (low + high) / 2
            if reversed[middle].lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return low < reversed.count && reversed[low].starts(with: key)
    }
}
