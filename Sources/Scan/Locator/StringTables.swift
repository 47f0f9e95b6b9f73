import Output

/// An app's string tables read backwards: from a text a person sees on screen to the keys that
/// produce it. `*.lproj/*.strings` (UTF-8 or UTF-16) and `.xcstrings` catalogs are read in the
/// development language (`en`, `Base`, a catalog's source language); a value's format specifiers
/// (`%@`, `%d`, `%1$@`, `%.2f`) match any text, so `Pay %@` finds `Pay $12.00`. A key of an Interface
/// Builder file's table (`abc-12-xyz.text` in `Main.strings`) names the element of that id.
struct StringTables: Sendable {
    struct Entry: Sendable {
        var key: String
        var value: String
        /// The table's file, relative to the root.
        var table: String
    }

    private(set) var entries: [Entry] = []

    /// The most entries kept, whatever the tables hold: a hostile catalog cannot grow this without end.
    static let maximumEntries = 200_000

    init() {}

    /// The tables among `files` (path relative to the root, bytes).
    init(files: [(path: String, bytes: [UInt8])]) {
        for (path, bytes) in files where entries.count < StringTables.maximumEntries {
            if path.hasSuffix(".xcstrings") {
                addCatalog(bytes, table: path)
            } else if path.hasSuffix(".strings"), StringTables.isDevelopmentTable(path) {
                addStrings(bytes, table: path)
            }
        }
    }

    /// Whether a `.strings` file is in the development language's folder: `en.lproj`, `Base.lproj`,
    /// `en-US.lproj`, or no `.lproj` at all.
    static func isDevelopmentTable(_ path: String) -> Bool {
        let folders = path.split(separator: "/").dropLast()
        guard let lproj = folders.last(where: { $0.hasSuffix(".lproj") }) else { return true }
        let language = lproj.dropLast(6)
        return language == "en" || language == "Base" || language.hasPrefix("en-") || language.hasPrefix("en_")
    }

    /// The keys whose value is `text`, or matches it where a format specifier stands.
    func keys(showing text: String) -> [Entry] {
        entries.filter { $0.value == text || (StringTables.hasSpecifier($0.value) && StringTables.matches(text, format: $0.value)) }
    }

    // MARK: Reading

    mutating func addStrings(_ bytes: [UInt8], table: String) {
        let text = StringTables.decode(bytes)
        var scanner = StringsScanner(Array(text.unicodeScalars))
        while let (key, value) = scanner.next(), entries.count < StringTables.maximumEntries {
            entries.append(Entry(key: key, value: value, table: table))
        }
    }

    mutating func addCatalog(_ bytes: [UInt8], table: String) {
        guard let root = try? JSONReader.parse(bytes), case let .object(fields) = root.value else { return }
        var source = "en"
        if let language = fields.first(where: { $0.key == "sourceLanguage" }), case let .string(name) = language.value.value { source = name }
        guard let strings = fields.first(where: { $0.key == "strings" }), case let .object(keys) = strings.value.value else { return }
        for (key, node) in keys where entries.count < StringTables.maximumEntries {
            var values: [String] = []
            if case let .object(parts) = node.value,
               let localizations = parts.first(where: { $0.key == "localizations" }), case let .object(languages) = localizations.value.value,
               let own = languages.first(where: { $0.key == source }) {
                StringTables.collectValues(own.value, into: &values, depth: 0)
            }
            // A key with no value in the source language shows itself (SwiftUI's `Text("Pay now")`).
            if values.isEmpty { values = [key] }
            for value in values { entries.append(Entry(key: key, value: value, table: table)) }
        }
    }

    /// Every `stringUnit` value under a localization, its plural and device variations included.
    static func collectValues(_ node: JSONReader.Node, into values: inout [String], depth: Int) {
        guard depth < 8, case let .object(fields) = node.value else { return }
        for (key, child) in fields {
            if key == "value", case let .string(text) = child.value {
                values.append(text)
            } else {
                collectValues(child, into: &values, depth: depth + 1)
            }
        }
    }

    /// A `.strings` file's text: UTF-16 when it starts with a byte order mark (as Xcode writes
    /// them), else UTF-8.
    static func decode(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var k = 2
            while k + 1 < bytes.count {
                units.append(little ? UInt16(bytes[k]) | UInt16(bytes[k + 1]) << 8 : UInt16(bytes[k]) << 8 | UInt16(bytes[k + 1]))
                k += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    // MARK: Format specifiers

    static func hasSpecifier(_ value: String) -> Bool {
        value.utf8.contains(UInt8(ascii: "%"))
    }

    /// Whether `text` is what `format` makes with some arguments: each specifier stands for any
    /// text of at least one character, `%%` for a percent sign, the rest must be equal.
    static func matches(_ text: String, format: String) -> Bool {
        let parts = pieces(of: format)
        guard parts.count > 1 else { return text == parts.first }
        return matches(text, pieces: parts)
    }

    /// Whether `text` is the `parts` with at least one character between each two.
    static func matches(_ text: String, pieces parts: [String]) -> Bool {
        guard parts.count > 1 else { return text == parts.first }
        let scalars = Array(text.unicodeScalars)
        var position = 0
        for (k, piece) in parts.enumerated() {
            let literal = Array(piece.unicodeScalars)
            if k == 0 {
                guard scalars.starts(with: literal) else { return false }
                position = literal.count
                continue
            }
            if k == parts.count - 1 {
                // The last piece ends the text, after at least one character for the specifier.
                guard scalars.count - literal.count > position, Array(scalars[(scalars.count - literal.count)...]) == literal else { return false }
                return true
            }
            // A middle piece: its first place after at least one character.
            guard let found = firstIndex(of: literal, in: scalars, from: position + 1) else { return false }
            position = found + literal.count
        }
        return false
    }

    /// The literal pieces between a format's specifiers (`Pay %@ now` is `Pay `, ` now`).
    static func pieces(of format: String) -> [String] {
        var parts: [String] = []
        var current = ""
        let scalars = Array(format.unicodeScalars)
        var k = 0
        while k < scalars.count {
            guard scalars[k] == "%" else {
                current.unicodeScalars.append(scalars[k])
                k += 1
                continue
            }
            if k + 1 < scalars.count, scalars[k + 1] == "%" {
                current.unicodeScalars.append("%")
                k += 2
                continue
            }
            // `%`, then position (`1$`), flags, width, precision, length, and the conversion.
            var j = k + 1
            while j < scalars.count, "0123456789$#-+ .'hlqLzjt".unicodeScalars.contains(scalars[j]) { j += 1 }
            guard j < scalars.count, "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(scalars[j]) else {
                current.unicodeScalars.append(scalars[k])
                k += 1
                continue
            }
            parts.append(current)
            current = ""
            k = j + 1
        }
        parts.append(current)
        return parts
    }

    private static func firstIndex(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start <= haystack.count ? start : nil }
        var k = start
        while k + needle.count <= haystack.count {
            if haystack[k] == needle[0] && Array(haystack[k..<(k + needle.count)]) == needle { return k }
            k += 1
        }
        return nil
    }
}

/// Reads `"key" = "value";` pairs from the text of a `.strings` file, passing over comments.
struct StringsScanner {
    private let scalars: [Unicode.Scalar]
    private var k = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func next() -> (String, String)? {
        while true {
            skipSpaceAndComments()
            guard k < scalars.count else { return nil }
            guard let key = quoted() else { skipLine(); continue }
            skipSpaceAndComments()
            guard k < scalars.count, scalars[k] == "=" else { skipLine(); continue }
            k += 1
            skipSpaceAndComments()
            guard let value = quoted() else { skipLine(); continue }
            skipSpaceAndComments()
            if k < scalars.count, scalars[k] == ";" { k += 1 }
            return (key, value)
        }
    }

    private mutating func skipSpaceAndComments() {
        while k < scalars.count {
            let c = scalars[k]
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" {
                k += 1
            } else if c == "/", k + 1 < scalars.count, scalars[k + 1] == "/" {
                skipLine()
            } else if c == "/", k + 1 < scalars.count, scalars[k + 1] == "*" {
                k += 2
                while k + 1 < scalars.count && !(scalars[k] == "*" && scalars[k + 1] == "/") { k += 1 }
                k = min(scalars.count, k + 2)
            } else {
                return
            }
        }
    }

    private mutating func skipLine() {
        while k < scalars.count && scalars[k] != "\n" { k += 1 }
    }

    /// A `"quoted"` string with its escapes undone, or an unquoted word of letters, digits and `._-`.
    private mutating func quoted() -> String? {
        guard k < scalars.count else { return nil }
        var result = ""
        if scalars[k] != "\"" {
            while k < scalars.count, scalars[k].properties.isAlphabetic || ("0"..."9").contains(scalars[k]) || "._-".unicodeScalars.contains(scalars[k]) {
                result.unicodeScalars.append(scalars[k])
                k += 1
            }
            return result.isEmpty ? nil : result
        }
        k += 1
        while k < scalars.count {
            let c = scalars[k]
            if c == "\"" {
                k += 1
                return result
            }
            if c == "\\", k + 1 < scalars.count {
                let escaped = scalars[k + 1]
                switch escaped {
                case "n": result.unicodeScalars.append("\n")
                case "t": result.unicodeScalars.append("\t")
                case "r": result.unicodeScalars.append("\r")
                case "U", "u":
                    var value: UInt32 = 0
                    var j = k + 2
                    while j < scalars.count && j < k + 6, let digit = Int(String(scalars[j]), radix: 16) {
                        value = value * 16 + UInt32(digit)
                        j += 1
                    }
                    if let scalar = Unicode.Scalar(value) { result.unicodeScalars.append(scalar) }
                    k = j
                    continue
                default: result.unicodeScalars.append(escaped)
                }
                k += 2
                continue
            }
            result.unicodeScalars.append(c)
            k += 1
        }
        return nil
    }
}
