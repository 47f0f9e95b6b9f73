/// One attribute of a markup element, with the position of its name.
struct MarkupAttribute: Sendable {
    var name: String
    var value: String
    var offset: Int
}

/// One start tag of an XML document, with its parent.
struct MarkupElement: Sendable {
    var name: String
    var attributes: [MarkupAttribute]
    /// Byte offset of the `<`.
    var offset: Int
    var parent: Int
    var selfClosing: Bool

    func value(_ attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }

    func attribute(_ name: String) -> MarkupAttribute? {
        attributes.first { $0.name == name }
    }
}

/// A tolerant reader for the XML of `.xib` and `.storyboard` files. It never fails: a tag left open,
/// a missing quote or a stray `<` ends up as well-formed as the input allows.
///
/// It is not the strict reader (`StrictXML`) that every other XML file goes through, on purpose: a
/// scan reads the files a team has, half-merged and hand-edited ones too, and says where each
/// element and attribute stands to the byte, for findings and for the rewrites of `scan --fix`;
/// the strict reader stops at the first fault and keeps no places. Whether a file may be rewritten
/// is the strict reader's call (`Fix/WellFormedXML.swift`).
struct MarkupDocument: Sendable {
    let bytes: [UInt8]
    let lineStarts: [Int32]
    /// Where the bytes that continue a UTF-8 character are, in order: a column is then found in
    /// logarithmic time, so many findings on one huge line (a minified storyboard) stay cheap.
    let continuationBytes: [Int32]
    private(set) var elements: [MarkupElement] = []
    /// Comment text and the offset of its `<!--`.
    private(set) var comments: [(text: String, offset: Int)] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = bytes.withUnsafeBufferPointer { Lexer.lineStarts($0) }
        var continuations: [Int32] = []
        for (k, byte) in bytes.enumerated() where byte & 0xC0 == 0x80 { continuations.append(Int32(k)) }
        continuationBytes = continuations
        parse()
    }

    init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    var lineCount: Int {
        guard let last = lineStarts.last else { return 0 }
        return Int(last) == bytes.count && lineStarts.count > 1 ? lineStarts.count - 1 : lineStarts.count
    }

    /// The 1-based line of a byte offset.
    func line(of offset: Int) -> Int { SourceLines.line(of: offset, in: lineStarts) }

    /// The 1-based column of `offset` on its line, in Unicode scalars: its bytes from the line's
    /// start less the continuation bytes among them.
    func column(of offset: Int) -> Int {
        let line = line(of: offset)
        guard line >= 1 && line <= lineStarts.count else { return 1 }
        let start = Int(lineStarts[line - 1])
        let end = min(offset, bytes.count)
        guard end > start else { return 1 }
        return end - start - (countContinuations(before: end) - countContinuations(before: start)) + 1
    }

    /// How many continuation bytes lie before `offset`.
    private func countContinuations(before offset: Int) -> Int {
        var low = 0
        var high = continuationBytes.count
        while low < high {
            let middle = (low + high) / 2
            if Int(continuationBytes[middle]) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func lineText(_ line: Int) -> String { SourceLines.lineText(bytes: bytes, lineStarts: lineStarts, line: line) }

    private func starts(_ prefix: StaticString, at i: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            for k in 0..<count where bytes[i + k] != buffer[k] { return false }
            return true
        }
    }

    private func find(_ needle: StaticString, from i: Int) -> Int? {
        var j = i
        let first = needle.withUTF8Buffer { $0[0] }
        while j < bytes.count {
            if bytes[j] == first && starts(needle, at: j) { return j }
            j += 1
        }
        return nil
    }

    @inline(__always) private static func isSpace(_ c: UInt8) -> Bool {
        c == Byte.space || c == Byte.tab || c == Byte.newline || c == Byte.carriageReturn
    }

    private mutating func parse() {
        let n = bytes.count
        var stack: [Int] = []
        var i = 0
        while i < n {
            guard bytes[i] == Byte.less else {
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                let end = find("-->", from: i + 4) ?? n
                comments.append((String(decoding: bytes[(i + 4)..<end], as: UTF8.self), i))
                i = min(n, end + 3)
            } else if starts("<![CDATA[", at: i) {
                i = min(n, (find("]]>", from: i + 9) ?? n) + 3)
            } else if starts("<?", at: i) {
                i = min(n, (find("?>", from: i + 2) ?? n) + 2)
            } else if starts("<!", at: i) {
                i = min(n, (find(">", from: i + 2) ?? n) + 1)
            } else if i + 1 < n && bytes[i + 1] == Byte.slash {
                var j = i + 2
                while j < n && !MarkupDocument.isSpace(bytes[j]) && bytes[j] != Byte.greater && bytes[j] != Byte.less { j += 1 }
                let name = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                if let depth = stack.lastIndex(where: { elements[$0].name == name }) {
                    stack.removeSubrange(depth...)
                }
                while j < n && bytes[j] != Byte.greater && bytes[j] != Byte.less { j += 1 }
                i = j < n && bytes[j] == Byte.greater ? j + 1 : j
            } else {
                i = startTag(at: i, stack: &stack)
            }
        }
    }

    /// Reads the start tag at `i`; returns the offset after it.
    private mutating func startTag(at start: Int, stack: inout [Int]) -> Int {
        let n = bytes.count
        var j = start + 1
        while j < n && !MarkupDocument.isSpace(bytes[j]) && bytes[j] != Byte.greater && bytes[j] != Byte.slash
            && bytes[j] != Byte.less { j += 1 }
        guard j > start + 1 else { return start + 1 }
        let name = String(decoding: bytes[(start + 1)..<j], as: UTF8.self)
        var attributes: [MarkupAttribute] = []
        var selfClosing = false
        var closed = false
        while j < n {
            while j < n && MarkupDocument.isSpace(bytes[j]) { j += 1 }
            guard j < n else { break }
            let c = bytes[j]
            if c == Byte.greater {
                j += 1
                closed = true
                break
            }
            if c == Byte.slash {
                if j + 1 < n && bytes[j + 1] == Byte.greater {
                    selfClosing = true
                    closed = true
                    j += 2
                    break
                }
                j += 1
                continue
            }
            if c == Byte.less { break }
            let nameStart = j
            while j < n && !MarkupDocument.isSpace(bytes[j]) && bytes[j] != Byte.equals && bytes[j] != Byte.greater
                && bytes[j] != Byte.slash && bytes[j] != Byte.less { j += 1 }
            let attributeName = String(decoding: bytes[nameStart..<j], as: UTF8.self)
            while j < n && MarkupDocument.isSpace(bytes[j]) { j += 1 }
            var value = ""
            if j < n && bytes[j] == Byte.equals {
                j += 1
                while j < n && MarkupDocument.isSpace(bytes[j]) { j += 1 }
                if j < n && (bytes[j] == Byte.quote || bytes[j] == Byte.apostrophe) {
                    let quote = bytes[j]
                    let valueStart = j + 1
                    j += 1
                    while j < n && bytes[j] != quote { j += 1 }
                    value = MarkupDocument.decodeEntities(bytes[valueStart..<j])
                    if j < n { j += 1 }
                } else {
                    let valueStart = j
                    while j < n && !MarkupDocument.isSpace(bytes[j]) && bytes[j] != Byte.greater && bytes[j] != Byte.less { j += 1 }
                    value = MarkupDocument.decodeEntities(bytes[valueStart..<j])
                }
            }
            if nameStart == j { j += 1 }
            attributes.append(MarkupAttribute(name: attributeName, value: value, offset: nameStart))
        }
        let index = elements.count
        elements.append(MarkupElement(name: name, attributes: attributes, offset: start, parent: stack.last ?? -1,
                                      selfClosing: selfClosing || !closed))
        if closed && !selfClosing { stack.append(index) }
        return j
    }

    static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
        let text = String(decoding: bytes, as: UTF8.self)
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = after[after.index(after: amp)..<semicolon]
            var replacement: String?
            switch entity {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                }
            }
            if let replacement {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        result += rest
        return result
    }
}
