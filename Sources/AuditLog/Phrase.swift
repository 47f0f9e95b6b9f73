/// A few words about a record, for `history`: words of our own, text that people gave (names,
/// notes, which a terminal must show safely, since they came from a file), and record ids (shown
/// short), each with an emphasis. The record says what it did; the command decides how it looks.
public struct Phrase: Sendable, Equatable {
    public enum Emphasis: Sendable, Equatable {
        case plain
        /// What the record is about (the app's name).
        case strong
        /// A change to a screen: added, edited, fixed.
        case change
        /// Something taken back or corrected.
        case correction
        /// Details that matter less (a fix's reference).
        case quiet
    }

    public enum Content: Sendable, Equatable {
        case words(String)
        /// Text from a person, as their record holds it.
        case given(String)
        /// A record's id.
        case id(String)
    }

    public struct Piece: Sendable, Equatable {
        public var content: Content
        public var emphasis: Emphasis
    }

    public private(set) var pieces: [Piece] = []

    public init() {}

    public init(_ words: String, _ emphasis: Emphasis = .plain) {
        say(words, emphasis)
    }

    public mutating func say(_ words: String, _ emphasis: Emphasis = .plain) {
        pieces.append(Piece(content: .words(words), emphasis: emphasis))
    }

    public mutating func quote(_ text: String, _ emphasis: Emphasis = .plain) {
        pieces.append(Piece(content: .given(text), emphasis: emphasis))
    }

    public mutating func cite(_ id: String, _ emphasis: Emphasis = .plain) {
        pieces.append(Piece(content: .id(id), emphasis: emphasis))
    }

    public mutating func append(_ other: Phrase) {
        pieces += other.pieces
    }

    /// Names the record `id` as a retraction or amendment speaks of it: what it was, then its id.
    mutating func cite(_ target: LogRecord?, id: String) {
        if let mention = target?.body.mention {
            append(mention)
            say(" ")
        }
        cite(id)
    }
}
