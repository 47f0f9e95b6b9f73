/// A strict JSON parser that remembers the line every value starts on, so that a problem in an
/// import file is reported as "line 12: ...". It refuses what a hostile file could use to hurt:
/// nesting deeper than `maximumDepth`, strings longer than `maximumStringBytes`, duplicated keys,
/// unescaped control characters, invalid UTF-8 and lone surrogates.
public struct JSONReader {
    /// The bytes read and not yet dropped; `index` is the next one to parse. When input comes in
    /// chunks, `fill()` appends the next chunk and drops what lies behind `index` (and `mark`).
    private var bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Where the number being read starts; kept in the buffer when a chunk is dropped.
    private var mark: Int?
    /// Appends the next chunk of input to its argument; false when the input has ended.
    private let source: ((inout [UInt8]) -> Bool)?
    /// Receives each element of the root object's "records" array instead of the tree keeping it.
    private let recordHandler: ((Node) -> Void)?
    private var streamedRecords = 0
    private var lastRecordLine: Int?

    private init(bytes: [UInt8], source: ((inout [UInt8]) -> Bool)? = nil, records: ((Node) -> Void)? = nil) {
        self.bytes = bytes
        self.source = source
        self.recordHandler = records
    }

    /// Parses one JSON document; nothing but white space may follow it.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Node {
        var reader = JSONReader(bytes: bytes)
        return try reader.document()
    }

    /// Parses one document that starts on line `firstLine` of a larger file, such as one record line.
    public static func parse(_ bytes: [UInt8], firstLine: Int) throws(SyntaxError) -> Node {
        var reader = JSONReader(bytes: bytes)
        reader.line = firstLine
        return try reader.document()
    }

    /// What `parse(reading:records:)` found: the document, with its "records" array left empty
    /// when its elements went to the handler, and how many there were.
    public struct StreamedDocument {
        public var root: Node
        /// The number of records handed over, and the line the last one starts on; nil when the
        /// root object had no "records" array to stream.
        public var records: (count: Int, lastLine: Int?)?
    }

    /// Parses one JSON document read in chunks from `source`, which appends the next chunk to its
    /// argument and returns false at the end of the input. Each element of the root object's
    /// "records" array goes to `records` as soon as it is read and is not kept, so a large file
    /// never sits in memory whole, as bytes or as a tree. Errors are exactly those `parse(_:)`
    /// reports for the same bytes; the handler has seen the records before the error.
    public static func parse(reading source: @escaping (inout [UInt8]) -> Bool,
                             records: @escaping (Node) -> Void) throws(SyntaxError) -> StreamedDocument {
        var reader = JSONReader(bytes: [], source: source, records: records)
        reader.bytes.reserveCapacity(JSONReader.chunkSize)
        let root = try reader.document()
        return StreamedDocument(root: root, records: reader.streamedArray ? (reader.streamedRecords, reader.lastRecordLine) : nil)
    }

    /// How much a source is asked for at a time.
    public static let chunkSize = 1 << 16
    private var streamedArray = false

    private mutating func document() throws(SyntaxError) -> Node {
        if ensure(3), bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3 }
        skipSpace()
        if !more() {
            throw SyntaxError(line: 1, message: "the file is empty", truncated: true)
        }
        let node = try value(depth: 0)
        skipSpace()
        if more() {
            throw error("unexpected text after the end of the document")
        }
        return node
    }

    /// Whether a byte is there to read at `index`, reading the next chunk when needed.
    @inline(__always)
    private mutating func more() -> Bool {
        index < bytes.count || fill()
    }

    /// Whether `count` bytes are there to read from `index` on.
    private mutating func ensure(_ count: Int) -> Bool {
        while bytes.count - index < count {
            if !fill() { return false }
        }
        return true
    }

    /// Reads the next chunk, dropping the bytes already parsed; false at the end of the input.
    @inline(never)
    private mutating func fill() -> Bool {
        guard let source else { return false }
        let keep = min(index, mark ?? index)
        if keep > 0 {
            bytes.removeSubrange(0..<keep)
            index -= keep
            if mark != nil { mark! -= keep }
        }
        let before = bytes.count
        while bytes.count == before {
            if !source(&bytes) { return bytes.count > before }
        }
        return true
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(line: line, message: message, truncated: false)
    }

    private func endOfInput(_ what: String) -> SyntaxError {
        SyntaxError(line: line, message: "the file ends inside \(what); it looks cut short", truncated: true)
    }

    private mutating func skipSpace() {
        while more() {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int, streaming: Bool = false) throws(SyntaxError) -> Node {
        if depth > JSONReader.maximumDepth {
            throw error("values are nested more than \(JSONReader.maximumDepth) levels deep")
        }
        skipSpace()
        guard more() else { throw endOfInput("a value") }
        let start = line
        switch bytes[index] {
        case UInt8(ascii: "{"): return Node(value: try object(depth: depth), line: start)
        case UInt8(ascii: "["): return Node(value: try array(depth: depth, streaming: streaming), line: start)
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
            guard more() else { throw endOfInput("the word '\(word)'") }
            guard bytes[index] == byte else { throw error("unexpected character \(describe(bytes[index])); did you mean '\(word)'?") }
            index += 1
        }
    }

    private mutating func number() throws(SyntaxError) -> String {
        mark = index
        defer { mark = nil }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            var count = 0
            while more(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index += 1
                count += 1
            }
            return count
        }
        guard more() else { throw endOfInput("a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("a number needs digits after '-'")
        }
        if more(), bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("a number needs digits after '.'") }
        }
        if more(), bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if more(), bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("a number needs digits in its exponent") }
        }
        let start = mark!
        if index - start > 40 { throw error("a number longer than 40 characters") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(SyntaxError) -> String {
        index += 1
        // Most strings are printable ASCII without escapes, all in the buffer: take them in one go.
        let first = index
        let limit = min(bytes.count, first + JSONReader.maximumStringBytes)
        var end = first
        while end < limit {
            let byte = bytes[end]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            end += 1
        }
        if end < limit, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
            return String(decoding: bytes[first..<end], as: UTF8.self)
        }
        var scalars = String(decoding: bytes[first..<end], as: UTF8.self).unicodeScalars
        var byteCount = end - first
        index = end
        while true {
            guard more() else { throw endOfInput("a string") }
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
                guard more() else { throw endOfInput("a string") }
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
                        guard ensure(2), bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
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
    private mutating func utf8Scalar() throws(SyntaxError) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: throw error("the file is not valid UTF-8 text")
        }
        guard ensure(length) else { throw endOfInput("a string") }
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
            guard more() else { throw endOfInput("a string") }
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

    /// An array; when `streaming`, its elements go to the record handler and are not kept.
    private mutating func array(depth: Int, streaming: Bool = false) throws(SyntaxError) -> Node.Value {
        index += 1
        var elements: [Node] = []
        if streaming { streamedArray = true }
        skipSpace()
        guard more() else { throw endOfInput("an array") }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            let element = try value(depth: depth + 1)
            if streaming, let recordHandler {
                streamedRecords += 1
                lastRecordLine = element.line
                recordHandler(element)
            } else {
                elements.append(element)
            }
            skipSpace()
            guard more() else { throw endOfInput("an array") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipSpace()
                if more(), bytes[index] == UInt8(ascii: "]") { throw error("a comma before ']' (JSON allows no trailing comma)") }
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
        // Repeated keys are found by comparing with the few before; a set only for large objects.
        var keys: Set<String>?
        skipSpace()
        guard more() else { throw endOfInput("an object") }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard more() else { throw endOfInput("an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted field name, found \(describe(bytes[index]))")
            }
            let key = try string()
            let repeated: Bool
            if members.count < 16 {
                repeated = members.contains { $0.key == key }
            } else {
                if keys == nil { keys = Set(members.map(\.key)) }
                repeated = !keys!.insert(key).inserted
            }
            if repeated {
                throw error("the field '\(Self.shown(key))' appears twice in one object")
            }
            skipSpace()
            guard more() else { throw endOfInput("an object") }
            guard bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the field name '\(Self.shown(key))'") }
            index += 1
            let streaming = depth == 0 && recordHandler != nil && key == "records"
            members.append((key, try value(depth: depth + 1, streaming: streaming)))
            skipSpace()
            guard more() else { throw endOfInput("an object") }
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
}
