import Output

/// One thing an automated run's judge saw fail, as the run recorded it: the elements involved
/// with their frames at the judged size and at Large, what is wrong in words, and the figure the
/// rule measured. Kept beside a recording's note, so that a person's correction of the words never
/// changes which elements failed, and every finding is kept whatever their number.
public struct RecordedFinding: Sendable, Equatable {
    public struct Element: Sendable, Equatable {
        public var type: String
        public var identifier: String
        public var label: String
        /// `[x, y, width, height]` at the judged size.
        public var frame: [Double]
        /// At Large (or in the run before the fix); nil when unmatched there.
        public var large: [Double]?

        public init(type: String, identifier: String, label: String, frame: [Double], large: [Double]?) {
            self.type = type
            self.identifier = identifier
            self.label = label
            self.frame = frame
            self.large = large
        }

        /// Identifier, else label: how reasons name an element.
        public var name: String { identifier.isEmpty ? label : identifier }
    }

    public var elements: [Element]
    public var detail: String
    /// What the rule measured (points of height, a ratio, points of overlap); nil when it measured none.
    public var figure: Double?

    public init(elements: [Element], detail: String, figure: Double? = nil) {
        self.elements = elements
        self.detail = detail
        self.figure = figure
    }

    /// The findings as the line's `findings` field holds them, and as stores keep them.
    public static func json(_ findings: [RecordedFinding]) -> String {
        var text = ByteText(capacity: 256)
        write(findings, into: &text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    static func write(_ findings: [RecordedFinding], into text: inout ByteText) {
        text.append("[")
        for (index, finding) in findings.enumerated() {
            if index > 0 { text.append(",") }
            text.append("{\"elements\":[")
            for (index, element) in finding.elements.enumerated() {
                if index > 0 { text.append(",") }
                text.append("{\"type\":")
                text.appendQuoted(element.type)
                text.append(",\"identifier\":")
                text.appendQuoted(element.identifier)
                text.append(",\"label\":")
                text.appendQuoted(element.label)
                text.append(",\"frame\":")
                number(element.frame, into: &text)
                if let large = element.large {
                    text.append(",\"large\":")
                    number(large, into: &text)
                }
                text.append("}")
            }
            text.append("],\"detail\":")
            text.appendQuoted(finding.detail)
            if let figure = finding.figure {
                text.append(",\"figure\":")
                text.append(canonical(figure))
            }
            text.append("}")
        }
        text.append("]")
    }

    private static func number(_ values: [Double], into text: inout ByteText) {
        text.append("[" + values.map(canonical).joined(separator: ",") + "]")
    }

    /// A number written one way only, so that a line reads back and writes again byte for byte.
    static func canonical(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Reads what `json` wrote; nil for text of another shape (a store's column is only ever written by `json`).
    public static func read(json: String) -> [RecordedFinding]? {
        guard let node = try? JSONReader.parse(Array(json.utf8)) else { return nil }
        return try? read(node, field: "findings", line: node.line)
    }

    static func read(_ node: JSONReader.Node, field: String, line: Int) throws(InterchangeError) -> [RecordedFinding] {
        guard case .array(let items) = node.value else { throw InterchangeError(line: node.line, "field '\(field)' must be an array, not \(node.kind)") }
        var findings: [RecordedFinding] = []
        findings.reserveCapacity(items.count)
        for item in items {
            var fields = try Fields(item, what: "a finding")
            var elements: [Element] = []
            for part in try fields.array("elements") {
                var element = try Fields(part, what: "a finding's element")
                let type = try element.string("type", maximumBytes: 200)
                let identifier = try element.string("identifier", allowEmpty: true, maximumBytes: 2_000)
                let label = try element.string("label", allowEmpty: true, maximumBytes: 2_000)
                let frame = try frameField(&element, "frame")!
                let large = try frameField(&element, "large", required: false)
                try element.finish()
                elements.append(Element(type: type, identifier: identifier, label: label, frame: frame, large: large))
            }
            let detail = try fields.string("detail", allowEmpty: true, maximumBytes: 2_000)
            var figure: Double?
            if let node = fields.take("figure") {
                guard case .number(let text) = node.value, let value = Double(text), value.isFinite else {
                    throw fields.problem("figure", "must be a number", at: node)
                }
                figure = value
            }
            try fields.finish()
            findings.append(RecordedFinding(elements: elements, detail: detail, figure: figure))
        }
        return findings
    }

    private static func frameField(_ fields: inout Fields, _ field: String, required: Bool = true) throws(InterchangeError) -> [Double]? {
        guard fields.has(field) else {
            if required { throw InterchangeError(line: fields.line, "\(fields.what) has no '\(field)' field") }
            return nil
        }
        let values = try fields.array(field)
        var frame: [Double] = []
        for value in values {
            guard case .number(let text) = value.value, let number = Double(text), number.isFinite else {
                throw fields.problem(field, "must hold four numbers", at: value)
            }
            frame.append(number)
        }
        guard frame.count == 4 else { throw fields.problem(field, "must hold four numbers (x, y, width, height), not \(frame.count)") }
        return frame
    }
}

extension Fields {
    /// An optional `findings` field; nil when the line has none (lines written before it).
    mutating func findings(_ field: String) throws(InterchangeError) -> [RecordedFinding]? {
        guard let node = take(field) else { return nil }
        return try RecordedFinding.read(node, field: field, line: node.line)
    }
}
