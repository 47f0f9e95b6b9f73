/// How large a document may be in each direction. Each limit turns a hostile shape (nesting a
/// hundred thousand deep, a million elements, a megabyte-long attribute) into one clear error
/// before it costs time or memory.
public struct XMLLimits: Sendable, Equatable {
    /// Elements inside elements.
    public var maximumDepth = 256
    /// Start tags in the whole document.
    public var maximumElements = 20_000
    /// Attributes on one element.
    public var maximumAttributes = 64
    /// Bytes of one attribute value as written (before references are replaced).
    public var maximumValueBytes = 64 << 10
    /// Attributes whose value may be over `maximumValueBytes`: such a value is read to its end
    /// and left out (read as empty, `XMLAttribute.wasDropped`) instead of refusing the document.
    public var droppableValues: [String] = []
    /// Bytes of one element or attribute name.
    public var maximumNameBytes = 256

    public init() {}
}

/// Why a document was refused: one line, with the line of the document where it was seen.
public struct XMLError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// 1-based; nil when the problem is the document as a whole.
    public let line: Int?

    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    public var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}

/// One attribute of the start tag being read. Its bytes belong to the document: read them inside
/// the handler's call.
public struct XMLAttribute {
    public let name: UnsafeBufferPointer<UInt8>
    /// The value as written, between its quotes.
    public let rawValue: UnsafeBufferPointer<UInt8>
    /// The raw value holds a reference or a literal line break or tab to replace.
    let needsDecoding: Bool
    /// The value was over the limit and left out: `rawValue` is empty.
    public let wasDropped: Bool

    /// Whether the attribute's name is `text`.
    public func named(_ text: StaticString) -> Bool {
        XMLBytes.equal(name, text)
    }

    /// The value with its references replaced, as XML reads it (a literal tab or line break
    /// becomes a space; `&#10;` stays a line break).
    public var value: String {
        needsDecoding ? XMLBytes.decode(rawValue) : String(decoding: rawValue, as: UTF8.self)
    }
}

/// One start tag, as the handler sees it while it is read.
public struct XMLStartTag {
    public let name: UnsafeBufferPointer<UInt8>
    /// 0 for the root element.
    public let depth: Int
    /// 1-based line of its `<`.
    public var line: Int { XMLBytes.line(of: offset, in: document) }
    let offset: Int
    let document: UnsafeBufferPointer<UInt8>
    let spans: UnsafeBufferPointer<XMLScanner.AttributeSpan>

    public var attributeCount: Int { spans.count }

    public func attribute(at index: Int) -> XMLAttribute {
        let span = spans[index]
        return XMLAttribute(name: UnsafeBufferPointer(rebasing: document[span.name]),
                            rawValue: UnsafeBufferPointer(rebasing: document[span.value]),
                            needsDecoding: span.needsDecoding, wasDropped: span.dropped)
    }

    /// The attribute called `name`, if the tag has it.
    public func attribute(_ name: StaticString) -> XMLAttribute? {
        for index in 0..<spans.count {
            let attribute = attribute(at: index)
            if attribute.named(name) { return attribute }
        }
        return nil
    }

    /// Whether the element's name is `text`.
    public func named(_ text: StaticString) -> Bool { XMLBytes.equal(name, text) }
}

/// What a document is read into: the start and end of each element, in order.
public protocol XMLHandler {
    mutating func startElement(_ tag: XMLStartTag) throws(XMLError)
    mutating func endElement() throws(XMLError)
}
