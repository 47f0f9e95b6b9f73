/// A strict, bounded reader of XML 1.0 in UTF-8, in one pass over the bytes and in linear time.
///
/// It reads elements and attributes; text, comments, CDATA sections and processing instructions
/// are checked and skipped. A document type declaration (`<!DOCTYPE`, and with it any `<!ENTITY`)
/// is refused outright, so no entity is ever declared, expanded or fetched: the only references
/// are XML's five (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`) and numeric ones. Whatever is not
/// well-formed stops the reading with an `XMLError` naming the line.
public enum XMLScanner {
    struct AttributeSpan {
        var name: Range<Int>
        var value: Range<Int>
        var needsDecoding: Bool
        var dropped = false
    }

    public static func scan<Handler: XMLHandler>(_ document: UnsafeBufferPointer<UInt8>, limits: XMLLimits = XMLLimits(),
                                                 into handler: inout Handler) throws(XMLError) {
        var reader = Reader(document: document, limits: limits)
        try reader.run(&handler)
    }

    public static func scan<Handler: XMLHandler>(_ document: [UInt8], limits: XMLLimits = XMLLimits(),
                                                 into handler: inout Handler) throws(XMLError) {
        try document.withUnsafeBufferPointer { (buffer) throws(XMLError) in
            try scan(buffer, limits: limits, into: &handler)
        }
    }

    /// Whether `document` is well-formed XML within `limits`, read for that alone.
    public static func isWellFormed(_ document: [UInt8], limits: XMLLimits = XMLLimits()) -> Bool {
        var nothing = Unread()
        do {
            try scan(document, limits: limits, into: &nothing)
            return true
        } catch {
            return false
        }
    }

    private struct Unread: XMLHandler {
        mutating func startElement(_ tag: XMLStartTag) throws(XMLError) {}
        mutating func endElement() throws(XMLError) {}
    }
}

extension XMLScanner {
    struct Reader {
        let d: UnsafeBufferPointer<UInt8>
        let n: Int
        let limits: XMLLimits
        var i = 0
        /// Open elements: where each name starts and how long it is.
        var stack: [(start: Int, count: Int)] = []
        var spans: [AttributeSpan] = []
        var elements = 0
        var rootClosed = false
        /// Where the document starts: after a byte order mark.
        var documentStart = 0

        init(document: UnsafeBufferPointer<UInt8>, limits: XMLLimits) {
            d = document
            n = document.count
            self.limits = limits
            stack.reserveCapacity(64)
            spans.reserveCapacity(16)
        }

        func fail(_ message: String, at offset: Int) -> XMLError {
            XMLError(message, line: XMLBytes.line(of: offset, in: d))
        }

        mutating func run<Handler: XMLHandler>(_ handler: inout Handler) throws(XMLError) {
            if n >= 2 && ((d[0] == 0xFE && d[1] == 0xFF) || (d[0] == 0xFF && d[1] == 0xFE)) {
                throw XMLError("is UTF-16; only UTF-8 is read")
            }
            if n >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF { i = 3 }
            documentStart = i
            while i < n {
                try text()
                guard i < n else { break }
                try markup(&handler)
            }
            if let open = stack.last {
                throw fail("the document ends inside <\(XMLBytes.shown(d, open.start, open.count))>", at: n)
            }
            guard rootClosed else { throw XMLError("holds no element") }
        }

        /// Character data up to the next `<`: only white space outside the root element.
        mutating func text() throws(XMLError) {
            while i < n {
                let c = d[i]
                if c == 0x3C { return }
                if c == 0x5D && XMLBytes.starts(d, at: i, with: "]]>") { throw fail("]]> in text", at: i) }
                if c == 0x26 {
                    guard !stack.isEmpty else { throw fail("text outside the root element", at: i) }
                    i = try XMLBytes.reference(d, at: i, end: n).end
                    continue
                }
                if c < 0x20 && c != 0x09 && c != 0x0A && c != 0x0D { throw fail("a control character (byte \(c))", at: i) }
                if stack.isEmpty && c != 0x20 && c != 0x09 && c != 0x0A && c != 0x0D {
                    throw fail("text outside the root element", at: i)
                }
                i += 1
            }
        }

        mutating func markup<Handler: XMLHandler>(_ handler: inout Handler) throws(XMLError) {
            guard i + 1 < n else { throw fail("the document ends inside a tag", at: i) }
            switch d[i + 1] {
            case 0x3F: // <?
                // The XML declaration (`<?xml ...?>`) only opens the document.
                if XMLBytes.starts(d, at: i, with: "<?xml"), i + 5 < n, XMLBytes.isSpace(d[i + 5]) || d[i + 5] == 0x3F, i != documentStart {
                    throw fail("an XML declaration after the document's start", at: i)
                }
                i = try skip(past: "?>", from: i + 2, what: "a processing instruction")
            case 0x21: // <!
                if XMLBytes.starts(d, at: i, with: "<!--") {
                    // `--` ends a comment: only `-->` may follow it.
                    let end = try skip(past: "--", from: i + 4, what: "a comment")
                    guard end < n, d[end] == 0x3E else { throw fail("-- inside a comment", at: end - 2) }
                    i = end + 1
                } else if XMLBytes.starts(d, at: i, with: "<![CDATA[") {
                    guard !stack.isEmpty else { throw fail("a CDATA section outside the root element", at: i) }
                    i = try skip(past: "]]>", from: i + 9, what: "a CDATA section")
                } else if XMLBytes.starts(d, at: i, with: "<!DOCTYPE") {
                    throw fail("a DOCTYPE declaration is refused: no entity is declared, expanded or fetched here", at: i)
                } else {
                    throw fail("a markup declaration (<!...) outside a DOCTYPE is not XML", at: i)
                }
            case 0x2F: // </
                try endTag(&handler)
            default:
                try startTag(&handler)
            }
        }

        /// The offset after the first `terminator` at or after `from`.
        func skip(past terminator: StaticString, from: Int, what: String) throws(XMLError) -> Int {
            var k = from
            let first = terminator.utf8Start.pointee
            while k < n {
                if d[k] == first && XMLBytes.starts(d, at: k, with: terminator) { return k + terminator.utf8CodeUnitCount }
                k += 1
            }
            throw fail("\(what) is never closed", at: from)
        }

        /// A name at `i`; returns its end.
        func name(at start: Int) throws(XMLError) -> Int {
            guard start < n, XMLBytes.isNameStart(d[start]) else { throw fail("a name is missing or starts with a wrong character", at: start) }
            var k = start + 1
            while k < n && XMLBytes.isNameByte(d[k]) { k += 1 }
            guard k - start <= limits.maximumNameBytes else {
                throw fail("a name longer than \(limits.maximumNameBytes) bytes", at: start)
            }
            return k
        }

        mutating func skipSpace() -> Bool {
            let start = i
            while i < n && XMLBytes.isSpace(d[i]) { i += 1 }
            return i > start
        }

        mutating func endTag<Handler: XMLHandler>(_ handler: inout Handler) throws(XMLError) {
            let start = i
            let nameEnd = try name(at: i + 2)
            guard let open = stack.last else { throw fail("a closing tag with nothing open", at: start) }
            let closing = UnsafeBufferPointer(rebasing: d[(i + 2)..<nameEnd])
            let opened = UnsafeBufferPointer(rebasing: d[open.start..<(open.start + open.count)])
            guard closing.elementsEqual(opened) else {
                throw fail("</\(XMLBytes.shown(d, i + 2, nameEnd - i - 2))> closes <\(XMLBytes.shown(d, open.start, open.count))>", at: start)
            }
            i = nameEnd
            _ = skipSpace()
            guard i < n, d[i] == 0x3E else { throw fail("a closing tag without its >", at: start) }
            i += 1
            stack.removeLast()
            if stack.isEmpty { rootClosed = true }
            try handler.endElement()
        }

        mutating func startTag<Handler: XMLHandler>(_ handler: inout Handler) throws(XMLError) {
            let start = i
            if rootClosed { throw fail("a second root element", at: start) }
            let nameEnd = try name(at: i + 1)
            elements += 1
            if elements > limits.maximumElements { throw fail("more than \(limits.maximumElements) elements", at: start) }
            if stack.count >= limits.maximumDepth { throw fail("elements nested more than \(limits.maximumDepth) deep", at: start) }
            i = nameEnd
            spans.removeAll(keepingCapacity: true)
            var selfClosing = false
            while true {
                let spaced = skipSpace()
                guard i < n else { throw fail("the document ends inside a tag", at: start) }
                if d[i] == 0x3E {
                    i += 1
                    break
                }
                if d[i] == 0x2F {
                    guard i + 1 < n, d[i + 1] == 0x3E else { throw fail("a / inside a tag", at: i) }
                    i += 2
                    selfClosing = true
                    break
                }
                guard spaced else { throw fail("attributes without white space between them", at: i) }
                try attribute()
            }
            stack.append((start + 1, nameEnd - start - 1))
            let name = UnsafeBufferPointer(rebasing: d[(start + 1)..<nameEnd])
            let depth = stack.count - 1
            try spans.withUnsafeBufferPointer { (buffer) throws(XMLError) in
                try handler.startElement(XMLStartTag(name: name, depth: depth, offset: start, document: d, spans: buffer))
            }
            if selfClosing {
                stack.removeLast()
                if stack.isEmpty { rootClosed = true }
                try handler.endElement()
            }
        }

        mutating func attribute() throws(XMLError) {
            let nameStart = i
            let nameEnd = try name(at: i)
            guard spans.count < limits.maximumAttributes else {
                throw fail("more than \(limits.maximumAttributes) attributes on one element", at: nameStart)
            }
            let count = nameEnd - nameStart
            for span in spans where span.name.count == count && d[span.name.lowerBound] == d[nameStart]
                && UnsafeBufferPointer(rebasing: d[span.name]).elementsEqual(UnsafeBufferPointer(rebasing: d[nameStart..<nameEnd])) {
                throw fail("the attribute \(XMLBytes.shown(d, nameStart, count)) appears twice", at: nameStart)
            }
            i = nameEnd
            _ = skipSpace()
            guard i < n, d[i] == 0x3D else { throw fail("an attribute without =", at: nameStart) }
            i += 1
            _ = skipSpace()
            guard i < n, d[i] == 0x22 || d[i] == 0x27 else { throw fail("an attribute value without quotes", at: nameStart) }
            let quote = d[i]
            i += 1
            let valueStart = i
            var needsDecoding = false
            // Where a value reaches past its limit: the plain bytes before it are passed over in a
            // tight loop, and each other byte is looked at as below.
            var plainEnd = min(n, valueStart + limits.maximumValueBytes + 1)
            var dropped = false
            while true {
                while i < plainEnd {
                    let c = d[i]
                    if c == quote || c == 0x3C || c == 0x26 || c < 0x20 { break }
                    i += 1
                }
                guard i < n else { throw fail("an attribute value is never closed", at: valueStart) }
                let c = d[i]
                if c == quote { break }
                if i - valueStart > limits.maximumValueBytes && !dropped {
                    guard droppable(nameStart..<nameEnd) else {
                        throw fail("an attribute value longer than \(limits.maximumValueBytes) bytes", at: valueStart)
                    }
                    // Still read to its end, so the document is checked whole, then left out.
                    dropped = true
                    plainEnd = n
                    continue
                }
                switch c {
                case 0x3C: throw fail("a < inside an attribute value", at: i)
                case 0x26:
                    i = try XMLBytes.reference(d, at: i, end: n).end
                    needsDecoding = true
                    continue
                case 0x09, 0x0A, 0x0D: needsDecoding = true
                case ..<0x20: throw fail("a control character (byte \(c))", at: i)
                default: break
                }
                i += 1
            }
            if i - valueStart > limits.maximumValueBytes && !dropped {
                guard droppable(nameStart..<nameEnd) else {
                    throw fail("an attribute value longer than \(limits.maximumValueBytes) bytes", at: valueStart)
                }
                dropped = true
            }
            spans.append(AttributeSpan(name: nameStart..<nameEnd, value: dropped ? valueStart..<valueStart : valueStart..<i,
                                       needsDecoding: needsDecoding && !dropped, dropped: dropped))
            i += 1
        }

        /// Whether the attribute named by these bytes may lose a value over the limit.
        func droppable(_ name: Range<Int>) -> Bool {
            limits.droppableValues.contains { UnsafeBufferPointer(rebasing: d[name]).elementsEqual($0.utf8) }
        }
    }
}
