/// A strict JSON parser that remembers the line every value starts on, so that a problem in an
/// import file is reported as "line 12: ...". It refuses what a hostile file could use to hurt:
/// nesting deeper than `maximumDepth`, strings longer than `maximumStringBytes`, duplicated keys,
/// unescaped control characters, invalid UTF-8 and lone surrogates.
public struct JSONReader {
    public static let maximumDepth = 32
    public static let maximumStringBytes = 1 << 20

    /// A parsed value and the line it starts on (1-based).
    public struct Node: Sendable {
        public enum Value: Sendable {
            case null
            case bool(Bool)
            /// The number as written, converted by the reader that knows what it should be.
            case number(String)
            case string(String)
            case array([Node])
            case object([(key: String, value: Node)])
        }

        public var value: Value
        public var line: Int

        /// A short description of the value's kind, for messages ("a string", "an array").
        public var kind: String {
            switch value {
            case .null: "null"
            case .bool: "true or false"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    public struct SyntaxError: Error, Sendable, Equatable {
        public let line: Int
        public let message: String
        /// The input ended before the document did: the file was cut short.
        public let truncated: Bool
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document; nothing but white space may follow it.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Node {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipSpace()
        if reader.index == bytes.count {
            throw SyntaxError(line: 1, message: "the file is empty", truncated: true)
        }
        let node = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.index < bytes.count {
            throw reader.error("unexpected text after the end of the document")
        }
        return node
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(line: line, message: message, truncated: false)
    }

    private func endOfInput(_ what: String) -> SyntaxError {
        SyntaxError(line: line, message: "the file ends inside \(what); it looks cut short", truncated: true)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(SyntaxError) -> Node {
        if depth > JSONReader.maximumDepth {
            throw error("values are nested more than \(JSONReader.maximumDepth) levels deep")
        }
        skipSpace()
        guard index < bytes.count else { throw endOfInput("a value") }
        let start = line
        switch bytes[index] {
        case UInt8(ascii: "{"): return Node(value: try object(depth: depth), line: start)
        case UInt8(ascii: "["): return Node(value: try array(depth: depth), line: start)
        case UInt8(ascii: "\""): return Node(value: .string(try string()), line: start)
        case UInt8(ascii: "t"): try literal("true"); return Node(value: .bool(true), line: start)
        case UInt8(ascii: "f"): try literal("false"); return Node(value: .bool(false), line: start)
        case UInt8(ascii: "n"): try literal("null"); return Node(value: .null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Node(value: .number(try number()), line: start)
        default: throw error("unexpected character \(describe(bytes[index])) where a value should start")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count else { throw endOfInput("the word '\(word)'") }
            guard bytes[index] == byte else { throw error("unexpected character \(describe(bytes[index])); did you mean '\(word)'?") }
            index += 1
        }
    }

    private mutating func number() throws(SyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        guard index < bytes.count else { throw endOfInput("a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("a number needs digits after '-'")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("a number needs digits in its exponent") }
        }
        if index - start > 40 { throw error("a number longer than 40 characters") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(SyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var byteCount = 0
        while true {
            guard index < bytes.count else { throw endOfInput("a string") }
            let byte = bytes[index]
            if byteCount > JSONReader.maximumStringBytes {
                throw error("a string longer than \(JSONReader.maximumStringBytes / 1024) KB")
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw endOfInput("a string") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let first = try hex4()
                    if (0xD800...0xDBFF).contains(first) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a \\u escape holds half of a surrogate pair")
                        }
                        index += 2
                        let second = try hex4()
                        guard (0xDC00...0xDFFF).contains(second) else { throw error("a \\u escape holds half of a surrogate pair") }
                        let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        scalars.append(Unicode.Scalar(combined)!)
                    } else if (0xDC00...0xDFFF).contains(first) {
                        throw error("a \\u escape holds half of a surrogate pair")
                    } else {
                        scalars.append(Unicode.Scalar(first)!)
                    }
                default:
                    throw error("unknown escape '\\\(describe(escaped, quoted: false))' in a string")
                }
                byteCount += 1
            case 0x00..<0x20:
                throw error(byte == 0x0A ? "a string runs past the end of its line (a quote is missing)" : "a string holds an unescaped control character")
            case 0x00..<0x80:
                scalars.append(Unicode.Scalar(byte))
                index += 1
                byteCount += 1
            default:
                let (scalar, length) = try utf8Scalar()
                scalars.append(scalar)
                index += length
                byteCount += length
            }
        }
    }

    /// Decodes the multi-byte UTF-8 sequence at `index`, refusing overlong and invalid forms.
    private func utf8Scalar() throws(SyntaxError) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: throw error("the file is not valid UTF-8 text")
        }
        guard index + length <= bytes.count else { throw endOfInput("a string") }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { throw error("the file is not valid UTF-8 text") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw error("the file is not valid UTF-8 text") }
        return (scalar, length)
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endOfInput("a string") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> Node.Value {
        index += 1
        var elements: [Node] = []
        skipSpace()
        guard index < bytes.count else { throw endOfInput("an array") }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw endOfInput("an array") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error("a comma before ']' (JSON allows no trailing comma)") }
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' in an array, found \(describe(bytes[index]))")
            }
        }
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> Node.Value {
        index += 1
        var members: [(key: String, value: Node)] = []
        var keys = Set<String>()
        skipSpace()
        guard index < bytes.count else { throw endOfInput("an object") }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count else { throw endOfInput("an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted field name, found \(describe(bytes[index]))")
            }
            let key = try string()
            if !keys.insert(key).inserted {
                throw error("the field '\(Self.shown(key))' appears twice in one object")
            }
            skipSpace()
            guard index < bytes.count else { throw endOfInput("an object") }
            guard bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the field name '\(Self.shown(key))'") }
            index += 1
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw endOfInput("an object") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                throw error("expected ',' or '}' after the field '\(Self.shown(key))', found \(describe(bytes[index]))")
            }
        }
    }

    private func describe(_ byte: UInt8, quoted: Bool = true) -> String {
        let text: String
        if byte >= 0x21 && byte < 0x7F {
            text = String(Unicode.Scalar(byte))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
        }
        return quoted ? "'\(text)'" : text
    }

    /// A value from the file made safe and short enough to quote in a one-line message.
    public static func shown(_ text: String, limit: Int = 40) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit { return result + "…" }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }
}
