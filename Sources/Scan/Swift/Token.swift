/// What a token is. Comments are tokens too, kept apart from the code tokens.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    /// `foo`, `$0`, `$binding`, or a backticked name such as `` `default` ``.
    case identifier
    /// `@ScaledMetric`, `@MainActor`: the `@` and the name.
    case attribute
    /// `#if`, `#Preview`, `#available`, `#selector`: the `#` and the name.
    case pound
    case integer
    case float
    /// A whole string literal, quotes, interpolations and raw-string hashes included.
    case string
    /// `#/.../#` or a bare `/.../` regex literal.
    case regex
    /// A run of operator characters: `+`, `==`, `->`, `...`, `..<`, `?`, `!`, `=`.
    case `operator`
    case leftParen
    case rightParen
    case leftBracket
    case rightBracket
    case leftBrace
    case rightBrace
    case comma
    case colon
    case semicolon
    case period
    /// `\` of a key path such as `\.dynamicTypeSize`.
    case backslash
    /// A lone `@` or `#`, or a byte that starts nothing Swift knows.
    case unknown
    /// `// ...` to the end of the line (doc comments `///` too).
    case lineComment
    /// `/* ... */`, nested comments included.
    case blockComment
}

/// One token: where it is in the file's bytes. Its line is found from the file's line starts
/// (`SourceLines.line(of:in:)`), only for the few tokens a report names: a scan holds about a
/// million tokens, and a line in each would be a quarter of their memory.
public struct Token: Sendable, Equatable {
    // Stored in this order so that a token packs into 12 bytes.
    public var kind: TokenKind
    public var flags: Flags
    /// The identifier when it is one the rules look for, else `.none`.
    var name: Name
    /// Byte offsets into the file's UTF-8 text, `end` exclusive.
    public var start: Int32
    public var end: Int32

    public struct Flags: OptionSet, Sendable, Equatable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A line break separates this token from the previous code token.
        public static let newlineBefore = Flags(rawValue: 1 << 0)
        /// White space or a comment directly precedes the token.
        public static let spaceBefore = Flags(rawValue: 1 << 1)
        /// The literal or comment reached the end of the line or file without its closing delimiter.
        public static let unterminated = Flags(rawValue: 1 << 2)
        /// A `"""` string literal.
        public static let multiline = Flags(rawValue: 1 << 3)
        /// A string literal that holds at least one `\(...)`.
        public static let interpolated = Flags(rawValue: 1 << 4)
        /// An identifier written between backticks.
        public static let backticked = Flags(rawValue: 1 << 5)
    }

    init(kind: TokenKind, name: Name = .none, start: Int32, end: Int32, flags: Flags = Flags()) {
        self.kind = kind
        self.name = name
        self.start = start
        self.end = end
        self.flags = flags
    }
}

/// The identifiers the rules look at, resolved once while lexing so that rules compare integers.
enum Name: UInt16, Sendable, CaseIterable {
    case none
    // Declarations and keywords.
    case `var`, `let`, `func`, `class`, `struct`, `enum`, `extension`, `actor`, `protocol`, `static`
    case `init`, `return`, `if`, `guard`, `else`, `in`, `case`, `import`, `typealias`, `some`, `any`
    case `self`, `super`, `true`, `false`, `nil`, `where`, `switch`, `for`, `while`, `subscript`
    case `private`, `fileprivate`, `internal`, `public`, `open`, `final`, `lazy`, `weak`, `unowned`
    case `override`, `mutating`, `nonisolated`, `dynamic`, `required`, `convenience`, `indirect`
    case get, set, willSet, didSet, then, with, apply, configure, `do`, `try`, await, forEach
    case IBOutlet, isActive, priority
    // SwiftUI fonts.
    case font, Font, system, size, custom, fixedSize, relativeTo, weight, design
    // UIKit fonts.
    case UIFont, systemFont, boldSystemFont, italicSystemFont, monospacedSystemFont, monospacedDigitSystemFont
    case ofSize, name, descriptor, withSize, fontDescriptor, familyName, fontName, UIFontDescriptor
    case labelFontSize, systemFontSize, buttonFontSize, smallSystemFontSize
    case UIFontMetrics, scaledFont, scaledValue, maximumPointSize, preferredFont, preferredFontDescriptor
    case forTextStyle, withTextStyle, textStyle, pointSize, lineHeight, capHeight, xHeight, ascender, descender
    case UIImage, SymbolConfiguration, NSAttributedString
    // Text behaviour.
    case minimumScaleFactor, adjustsFontSizeToFitWidth, lineLimit, numberOfLines
    case adjustsFontForContentSizeCategory, maximumContentSizeCategory, preferredContentSizeCategory
    case traitCollectionDidChange, registerForTraitChanges, UIContentSizeCategoryDidChange, contentSizeCategoryDidChange
    case didChangeNotification
    case dynamicTypeSize, sizeCategory, environment, compatibleWith, UITraitCollection, traitOverrides
    // Layout.
    case frame, height, maxHeight, minHeight, width, idealHeight, heightAnchor, constraint
    case equalToConstant, lessThanOrEqualToConstant, rowHeight, snp, makeConstraints, remakeConstraints
    case updateConstraints, equalTo, lessThanOrEqualTo, attributedText, intrinsicContentSize, constrainHeight
    case heightForRowAt
    // Good signs.
    case ScaledMetric, ViewThatFits, isAccessibilitySize, isAccessibilityCategory, AnyLayout
    // Previews.
    case Preview, PreviewProvider
    // Views.
    case Image, Text, Label, TextField, SecureField, TextEditor, Button, Link, Toggle, Picker, Stepper
    case DatePicker, Menu, NavigationLink, LabeledContent, ShareLink
    case HStack, VStack, ZStack, LazyVStack, LazyHStack, Group, Section, ForEach, GridRow
    case Spacer, Divider, Color, Rectangle, RoundedRectangle, Circle, Capsule, ProgressView, AsyncImage
    case titleLabel, textLabel, detailTextLabel
    case cgFloatType, doubleType, floatType, intType
    // Text styles.
    case largeTitle, title, title1, title2, title3, headline, subheadline, body, callout, footnote
    case caption, caption1, caption2, extraLargeTitle, extraLargeTitle2
    // Dynamic type sizes (SwiftUI) and content size categories (UIKit).
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    case extraSmall, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge, unspecified
    case DynamicTypeSize, ContentSizeCategory, UIContentSizeCategory
    // Spare names: a name a rule's trigger spells that the list above lacks takes the next of these
    // (`NameTable.triggerSpellings`), so that a new rule is found without a change here.
    case spare0, spare1, spare2, spare3, spare4, spare5, spare6, spare7
    case spare8, spare9, spare10, spare11, spare12, spare13, spare14, spare15

    /// The identifier's spelling.
    var spelling: String { NameTable.shared.spellings[Int(rawValue)] }

    /// One of the spare names, which the rules' own trigger names take.
    var isSpare: Bool { rawValue >= Name.spare0.rawValue }

    /// True for the eleven SwiftUI/UIKit text styles (and the visionOS extra large titles).
    var isTextStyle: Bool {
        switch self {
        case .largeTitle, .title, .title1, .title2, .title3, .headline, .subheadline, .body, .callout,
             .footnote, .caption, .caption1, .caption2, .extraLargeTitle, .extraLargeTitle2:
            true
        default:
            false
        }
    }

    /// The rank of a size among the twelve, 0 (xSmall) to 11 (AX5); nil for other names.
    var sizeRank: Int? {
        switch self {
        case .xSmall, .extraSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .xLarge, .extraLarge: 4
        case .xxLarge, .extraExtraLarge: 5
        case .xxxLarge, .extraExtraExtraLarge: 6
        case .accessibility1, .accessibilityMedium: 7
        case .accessibility2, .accessibilityLarge: 8
        case .accessibility3, .accessibilityExtraLarge: 9
        case .accessibility4, .accessibilityExtraExtraLarge: 10
        case .accessibility5, .accessibilityExtraExtraExtraLarge: 11
        default: nil
        }
    }
}

/// Maps identifier bytes to a `Name`. An identifier's length and three of its bytes (first, middle,
/// last) make a key that picks a slot of an open-addressing table; a slot whose key matches is
/// confirmed byte for byte. Most identifiers that are no name stop at the first empty slot.
final class NameTable: Sendable {
    static let shared = NameTable(extraSpellings: triggerSpellings(of: RuleUnit.all))

    /// The names the rules' Swift triggers spell that `Name` does not list, each once, in the
    /// rules' order: the spare names take them.
    static func triggerSpellings(of rules: [RuleUnit]) -> [String] {
        let listed = Set(Name.allCases.filter { !$0.isSpare }.map(NameTable.listedSpelling))
        var extra: [String] = []
        for rule in rules {
            for trigger in rule.swift {
                for name in trigger.names where !listed.contains(name) && !extra.contains(name) { extra.append(name) }
            }
        }
        return extra
    }

    struct Slot {
        /// 0 for an empty slot.
        var key: UInt32
        /// Where the name's spelling starts in `rows`.
        var row: UInt16
        /// The name itself, so that a hit needs no conversion from its raw value.
        var name: Name
    }

    let spellings: [String]
    /// Each name's spelling in a row of `width` bytes, zero padded.
    private let rows: [UInt8]
    private let slots: [Slot]
    /// The longest spelling: longer identifiers are no name.
    private let longest: Int

    static let width = 48
    private static let bits: UInt32 = 11
    /// A constant, so that the lexer's lookup shifts by an immediate.
    private static let shift: UInt32 = 32 - bits

    /// The spelling of each name but the spare ones (`none` for `.none`), by raw value: made once,
    /// as each takes the runtime's reflection, for both the rules' names and the table.
    private static let caseSpellings: [String] = Name.allCases.map { $0.isSpare ? "" : overrides[$0] ?? String(describing: $0) }

    static func listedSpelling(_ name: Name) -> String { caseSpellings[Int(name.rawValue)] }

    /// Names whose case cannot be spelled like the identifier.
    static let overrides: [Name: String] = [
        .cgFloatType: "CGFloat", .doubleType: "Double", .floatType: "Float", .intType: "Int",
    ]

    /// The names of the shared list, and `extraSpellings` in the spare names, in order.
    init(extraSpellings: [String]) {
        let spares = Name.allCases.filter(\.isSpare)
        precondition(extraSpellings.count <= spares.count,
                     "the rules' triggers spell \(extraSpellings.count) names the list lacks; add them to Name or add spare names")
        var spellings: [String] = []
        var rows: [UInt8] = []
        var longest = 0
        for name in Name.allCases {
            var spelling = name == .none ? "" : NameTable.listedSpelling(name)
            if name.isSpare {
                let k = Int(name.rawValue - Name.spare0.rawValue)
                spelling = k < extraSpellings.count ? extraSpellings[k] : ""
            }
            precondition(spelling.utf8.count < NameTable.width)
            spellings.append(spelling)
            rows += Array(spelling.utf8) + [UInt8](repeating: 0, count: NameTable.width - spelling.utf8.count)
            longest = max(longest, spelling.utf8.count)
        }
        precondition(rows.count <= Int(UInt16.max), "every row starts at an offset a slot can hold")
        let capacity = 1 << Int(NameTable.bits)
        var slots = [Slot](repeating: Slot(key: 0, row: 0, name: .none), count: capacity)
        for name in Name.allCases where name != .none && !spellings[Int(name.rawValue)].isEmpty {
            let start = Int(name.rawValue) * NameTable.width
            let end = start + spellings[Int(name.rawValue)].utf8.count
            let key = rows.withUnsafeBufferPointer { NameTable.key($0, start, end) }
            var slot = Int(NameTable.slot(key))
            while slots[slot].key != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Slot(key: key, row: UInt16(start), name: name)
        }
        self.spellings = spellings
        self.rows = rows
        self.slots = slots
        self.longest = longest
    }

    /// Length, first, middle and last byte of `p[start..<end]` (not empty).
    @inline(__always)
    static func key(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
        let length = end &- start
        return UInt32(truncatingIfNeeded: length) << 24 | UInt32(p[start]) << 16 | UInt32(p[start &+ length / 2]) << 8
            | UInt32(p[end &- 1])
    }

    @inline(__always)
    static func slot(_ key: UInt32) -> UInt32 {
        (key &* 0x9E37_79B1) >> NameTable.shift
    }

    /// The table's storage, borrowed for the duration of `body` (a lexer's run).
    func withLookup<R>(_ body: (Lookup) -> R) -> R {
        slots.withUnsafeBufferPointer { slots in
            rows.withUnsafeBufferPointer { rows in
                body(Lookup(slots: slots, rows: rows, longest: longest))
            }
        }
    }

    /// The name `p[start..<end]` spells, or `.none`.
    func lookup(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Name {
        withLookup { $0.name(p, start, end) }
    }

    struct Lookup {
        /// Whether the spelling in the row at `row` is `p[start..<start + length]`. The rows are
        /// zero padded to `width`, so whole words are compared: the identifier's own words, and for a
        /// short one a word that starts with it, masked to its length, where that word lies inside `p`.
        /// (Offsets here are within `p` or a row, so plain wrapping sums cannot overflow. The words
        /// read lie inside `p[start..<start + length]`, or inside `p` by the guard, and inside the
        /// row, which is `width` bytes, longer than any name: they are read unchecked.)
        @inline(__always)
        func matches(_ row: Int, _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
            if length < 8 {
                guard start &+ 8 <= p.count else { return matchesByteByByte(row, p, start, length) }
                let mask: UInt64 = (1 << UInt64(length &* 8)) &- 1
                return Byte.wordInside(p, start) & mask == Byte.wordInside(rows, row)
            }
            var k = 0
            while k &+ 8 <= length {
                if Byte.wordInside(p, start &+ k) != Byte.wordInside(rows, row &+ k) { return false }
                k &+= 8
            }
            // The last, overlapping word; the row's bytes after the spelling are zero and not read.
            return k == length || Byte.wordInside(p, start &+ length &- 8) == Byte.wordInside(rows, row &+ length &- 8)
        }

        /// `matches` for a short name at the very end of the input, where no whole word lies: rare,
        /// and kept out of line so that the usual case stays short.
        @inline(never)
        func matchesByteByByte(_ row: Int, _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
            var k = 0
            while k < length && rows[row + k] == p[start + k] { k += 1 }
            return k == length
        }

        let slots: UnsafeBufferPointer<Slot>
        let rows: UnsafeBufferPointer<UInt8>
        let longest: Int

        /// The first slot is read here, inline where the lexer meets a name: most identifiers stop
        /// at an empty slot or match the first one. Further slots are probed out of line.
        @inline(__always)
        func name(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Name {
            let length = end &- start
            guard length > 0 && length <= longest else { return .none }
            let key = NameTable.key(p, start, end)
            let slot = Int(NameTable.slot(key))
            let found = slots[slot]
            if found.key == 0 { return .none }
            if found.key == key && matches(Int(found.row), p, start, length) { return found.name }
            return probe(p, start, length, key, from: (slot &+ 1) & (slots.count &- 1))
        }

        @inline(never)
        func probe(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, _ key: UInt32, from first: Int) -> Name {
            let mask = slots.count &- 1
            var slot = first
            while true {
                let found = slots[slot]
                if found.key == 0 { return .none }
                if found.key == key && matches(Int(found.row), p, start, length) { return found.name }
                slot = (slot &+ 1) & mask
            }
        }
    }
}
