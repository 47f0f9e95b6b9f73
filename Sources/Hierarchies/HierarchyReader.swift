import Platform
import StrictXML

/// Why a hierarchy file was refused, in one line.
public struct HierarchyError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// Reads element hierarchies in WebDriverAgent's page-source XML, which Appium's XCUITest driver
/// returns and the harness writes too:
///
///     <AppiumAUT primary-action="checkout.pay">
///       <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop"
///           enabled="true" visible="true" x="0" y="0" width="390" height="844">
///         <XCUIElementTypeWindow ...>
///
/// Each element's `type` (else its tag) is `XCUIElementType` and the type's name; `name` is the
/// identifier, else the label; `x`, `y`, `width` and `height` its frame in points; `visible`,
/// which only WebDriverAgent writes, may be left out. `primary-action` on the root, the harness's
/// addition, names the screen's primary action by identifier or label.
public struct HierarchyReader: Sendable {
    /// 16 MB: a page source of 20,000 elements, indented 200 deep, fits.
    public var maximumFileBytes = 16 << 20
    /// Frames beyond a million points are not of a screen.
    public var maximumCoordinate = 1_000_000.0
    /// A text view's whole document may be its value: one over the limit is left out of that
    /// element (read as empty) rather than refusing the file, and so the run.
    public var xml: XMLLimits = {
        var limits = XMLLimits()
        limits.droppableValues = ["value", "label", "name"]
        return limits
    }()

    public init() {}

    /// The hierarchy in the file at `path`; its size is checked before a byte of it is read.
    public func read(path: String) throws(HierarchyError) -> Hierarchy {
        try read(try bytes(path: path))
    }

    /// The bytes of the file at `path`, refused before a byte is read when it is over the limit.
    public func bytes(path: String) throws(HierarchyError) -> [UInt8] {
        guard let file = RegularFile(opening: path) else { throw HierarchyError("is not a readable file") }
        guard file.byteCount <= maximumFileBytes else {
            throw HierarchyError("is \(file.byteCount) bytes, more than the \(maximumFileBytes >> 20) MB a hierarchy may be")
        }
        var failed = false
        var tooLarge = false
        let limit = maximumFileBytes
        // One byte of room past the limit tells a file that grew since its size was read.
        let capacity = max(file.byteCount, 1) + 1
        let bytes = [UInt8](unsafeUninitializedCapacity: min(capacity, limit + 1)) { buffer, count in
            guard let read = file.read(into: UnsafeMutableRawBufferPointer(buffer)) else {
                failed = true
                return
            }
            count = read
            tooLarge = read > limit
        }
        if failed { throw HierarchyError("could not be read") }
        if tooLarge { throw HierarchyError("is more than the \(limit >> 20) MB a hierarchy may be") }
        return bytes
    }

    public func read(_ bytes: [UInt8]) throws(HierarchyError) -> Hierarchy {
        guard bytes.count <= maximumFileBytes else {
            throw HierarchyError("is \(bytes.count) bytes, more than the \(maximumFileBytes >> 20) MB a hierarchy may be")
        }
        var builder = Builder(maximumCoordinate: maximumCoordinate)
        let utf8 = try UTF16Source.utf8(bytes) ?? bytes
        do {
            try XMLScanner.scan(utf8, limits: xml, into: &builder)
        } catch {
            throw HierarchyError("is not a page source that can be read: \(error)")
        }
        guard !builder.elements.isEmpty else { throw HierarchyError("holds no XCUIElementType element") }
        return Hierarchy(elements: builder.elements, primaryAction: builder.primaryAction)
    }

    struct Builder: XMLHandler {
        let maximumCoordinate: Double
        var elements: [Element] = []
        var primaryAction: String?
        /// Open elements: their index in `elements` (-1 for the `AppiumAUT` wrapper) and depth.
        var open: [(index: Int, depth: Int)] = []
        /// The types met so far by their spelling: a page source has a handful, and looking each
        /// up again would build a string and search the table of roles per element.
        var types: [(spelling: [UInt8], type: ElementType)] = []

        init(maximumCoordinate: Double) {
            self.maximumCoordinate = maximumCoordinate
            elements.reserveCapacity(512)
        }

        mutating func startElement(_ tag: XMLStartTag) throws(XMLError) {
            if tag.depth == 0 && tag.named("AppiumAUT") {
                primaryAction = tag.attribute("primary-action")?.value
                open.append((-1, -1))
                return
            }
            if tag.depth == 0 && !tag.named("XCUIElementTypeApplication") {
                throw XMLError("the root is not <AppiumAUT> or <XCUIElementTypeApplication>", line: tag.line)
            }
            var typeBytes = tag.name
            var nameAttribute: XMLAttribute?, labelAttribute: XMLAttribute?, valueAttribute: XMLAttribute?
            var enabled = true
            var visible: Bool?
            var axes = Axes()
            for index in 0..<tag.attributeCount {
                let attribute = tag.attribute(at: index)
                // Told apart by length and first letter: a page source has about ten attributes an element.
                let name = attribute.name
                switch (name.count, name.first ?? 0) {
                case (1, UInt8(ascii: "x")): axes.read(0, attribute.rawValue)
                case (1, UInt8(ascii: "y")): axes.read(1, attribute.rawValue)
                case (5, UInt8(ascii: "w")) where attribute.named("width"): axes.read(2, attribute.rawValue)
                case (6, UInt8(ascii: "h")) where attribute.named("height"): axes.read(3, attribute.rawValue)
                case (4, UInt8(ascii: "t")) where attribute.named("type") && !attribute.rawValue.contains(UInt8(ascii: "&")):
                    typeBytes = attribute.rawValue
                case (4, UInt8(ascii: "n")) where attribute.named("name"): nameAttribute = attribute
                case (5, UInt8(ascii: "l")) where attribute.named("label"): labelAttribute = attribute
                case (5, UInt8(ascii: "v")) where attribute.named("value"): valueAttribute = attribute
                case (7, UInt8(ascii: "e")) where attribute.named("enabled"): enabled = !XMLTextBytes.isFalse(attribute.rawValue)
                case (7, UInt8(ascii: "v")) where attribute.named("visible"): visible = !XMLTextBytes.isFalse(attribute.rawValue)
                default: break
                }
            }
            let elementName = nameAttribute?.value ?? ""
            // WebDriverAgent writes the label again as the name when there is no identifier: one string for both.
            let label = labelAttribute.map { label in
                nameAttribute.map { XMLTextBytes.equal(label.rawValue, $0.rawValue) } == true ? elementName : label.value
            } ?? ""
            let parent = open.last.flatMap { $0.index >= 0 ? $0 : nil }
            let (frame, problem) = Self.frame(axes, limit: maximumCoordinate)
            let depth = parent.map { $0.depth + 1 } ?? 0
            elements.append(Element(type: type(typeBytes), name: elementName, label: label, value: valueAttribute?.value ?? "", frame: frame,
                                    frameProblem: problem, enabled: enabled, visible: visible, parent: parent?.index ?? -1, depth: depth))
            open.append((elements.count - 1, depth))
        }

        mutating func endElement() throws(XMLError) {
            open.removeLast()
        }

        static let axes = ["x", "y", "width", "height"]

        /// The type spelled by `bytes`, from the types met before where it is one of them.
        mutating func type(_ bytes: UnsafeBufferPointer<UInt8>) -> ElementType {
            for known in types where XMLTextBytes.equal(bytes, known.spelling) { return known.type }
            let type = Self.type(bytes)
            // A hostile file may spell thousands of types: the first few are remembered.
            if types.count < 32 { types.append((Array(bytes), type)) }
            return type
        }

        /// `XCUIElementTypeButton` (or `Button`) as a type, read from its bytes.
        static func type(_ bytes: UnsafeBufferPointer<UInt8>) -> ElementType {
            let prefix = ElementType.prefix.utf8
            if bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix) {
                return ElementType(name: String(decoding: bytes[prefix.count...], as: UTF8.self))
            }
            return ElementType(name: String(decoding: bytes, as: UTF8.self))
        }

        /// The four numbers of a frame as they are read, and what was written where one is not a number.
        struct Axes {
            var numbers: (Double?, Double?, Double?, Double?) = (nil, nil, nil, nil)
            var written: (String?, String?, String?, String?) = (nil, nil, nil, nil)
            var any = false

            mutating func read(_ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
                any = true
                var shown: String?
                let number = XMLTextBytes.number(bytes, written: &shown)
                switch slot {
                case 0: (numbers.0, written.0) = (number, shown)
                case 1: (numbers.1, written.1) = (number, shown)
                case 2: (numbers.2, written.2) = (number, shown)
                default: (numbers.3, written.3) = (number, shown)
                }
            }

            func number(_ slot: Int) -> (Double?, String?) {
                switch slot {
                case 0: (numbers.0, written.0)
                case 1: (numbers.1, written.1)
                case 2: (numbers.2, written.2)
                default: (numbers.3, written.3)
                }
            }
        }

        /// A frame from its four numbers, or why there is none.
        static func frame(_ axes: Axes, limit: Double) -> (Frame?, String?) {
            if !axes.any { return (nil, nil) }
            for slot in 0..<4 {
                let (found, written) = axes.number(slot)
                guard let number = found else {
                    let problem = written.map { "\(Self.axes[slot]) is not a number (\($0))" } ?? "\(Self.axes[slot]) is missing"
                    return (nil, problem)
                }
                if number.isNaN { return (nil, "\(Self.axes[slot]) is not a number (NaN)") }
                if !number.isFinite || number.magnitude > limit {
                    return (nil, "\(Self.axes[slot]) is beyond a million points (\(number))")
                }
                if slot >= 2 && number < 0 { return (nil, "\(Self.axes[slot]) is negative (\(Frame.points(number)))") }
            }
            guard let x = axes.numbers.0, let y = axes.numbers.1, let width = axes.numbers.2, let height = axes.numbers.3 else { return (nil, nil) }
            return (Frame(x: x, y: y, width: width, height: height), nil)
        }
    }
}
