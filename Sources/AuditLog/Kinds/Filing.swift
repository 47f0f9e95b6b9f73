import DynamicType
import Output

/// What a tracker holds for one problem: the issue `dtaudit file` created, found, updated, closed
/// or reopened for it, or the row it exported. The problem's identity is kept twice, here and as a
/// marker in the issue itself, so that a filing record lost or not yet merged is recovered from
/// the tracker instead of filed again. The latest record of a problem and tracker says where its
/// issue stands; two records naming different issues for one problem (two clones that both filed
/// before their records met) keep the lower number, and the other is closed as its duplicate.
public struct Filing: LogRecordKind {
    /// Where the tracker's issue stands, as dtaudit last left or found it.
    public enum State: String, Sendable, CaseIterable {
        /// Open and filed: created, updated, reopened or found by its marker.
        case open
        /// Closed by dtaudit after a retest passed at every size it failed at.
        case closed
        /// Closed as not planned or labelled `wontfix` by a person: left alone from then on.
        case triaged
        /// Closed as the duplicate of another issue for the same problem.
        case duplicate
        /// Written as a row of a CSV file for a tracker imported by hand (Jira, Linear).
        case exported
    }

    /// The longest tracker name accepted (`github:OWNER/REPO`, `jira`, `linear`).
    public static let maximumTrackerBytes = 300

    public var id: String
    /// The problem's identity (`p-` and 24 hex digits), stable across renames, sizes and notes.
    public var problem: String
    /// `github:owner/repo` (lower case), `jira` or `linear`.
    public var tracker: String
    /// The issue's number; nil for a row exported to a file.
    public var issue: Int?
    public var url: String?
    public var state: State
    /// The checklist item, and the cells (a screen by id, at a size) it failed at when filed:
    /// what a retest must pass.
    public var item: String
    public var cells: [FiledCell]
    /// A digest of the issue text dtaudit last wrote: the text is written again only when the
    /// problem changes, so a person's edit stands until then.
    public var digest: String?
    public var by: String
    public var at: Timestamp

    public init(id: String, problem: String, tracker: String, issue: Int?, url: String?, state: State, item: String, cells: [FiledCell],
                digest: String?, by: String, at: Timestamp) {
        self.id = id
        self.problem = problem
        self.tracker = tracker
        self.issue = issue
        self.url = url
        self.state = state
        self.item = item
        // Each cell once, as the line is read back: what is written and what is read agree.
        var seen = Set<FiledCell>()
        self.cells = cells.filter { seen.insert($0).inserted }
        self.digest = digest
        self.by = by
        self.at = at
    }

    public static let kind = LogRecord.Kind.filing
    public static let tally = RecordTally("filing", "filings", rank: 11)
    /// The audit's own: a shared problem belongs to several screens, and a removed screen's
    /// filings still name its issue.
    public var screenID: String? { nil }
    public var record: LogRecord { .filing(self) }

    public func write(to line: inout LineWriter) {
        line.string("problem", problem)
        line.string("tracker", tracker)
        if let issue {
            line.key("issue")
            line.text.append(String(issue))
        }
        line.optional("url", url)
        line.string("state", state.rawValue)
        line.string("item", item)
        line.strings("cells", cells.map(\.text))
        line.optional("digest", digest)
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        let problem = try fields.id("problem")
        let tracker = try fields.line("tracker", maximumBytes: Filing.maximumTrackerBytes)
        var issue: Int?
        if let node = fields.take("issue") {
            guard case .number(let text) = node.value, let number = Int(text), number >= 1, number <= Int(Int32.max) else {
                throw fields.problem("issue", "must be a whole number from 1 to \(Int32.max)", at: node)
            }
            issue = number
        }
        let url = fields.has("url") ? try fields.line("url", maximumBytes: 2000) : nil
        let state = try fields.choice("state", State.self)
        let item = try fields.itemID("item")
        var cells: [FiledCell] = []
        for text in try fields.strings("cells", maximumBytes: Fields.maximumIDLength + 8) {
            guard let cell = FiledCell(text: text) else {
                throw fields.problem("cells", "holds '\(JSONReader.shown(text))', which is not a screen id and a size joined by @")
            }
            cells.append(cell)
        }
        let digest = try fields.optionalID("digest")
        self.init(id: id, problem: problem, tracker: tracker, issue: issue, url: url, state: state, item: item, cells: cells,
                  digest: digest, by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase("\(state.rawValue) ")
        phrase.quote(issue.map { "#\($0)" } ?? tracker)
        phrase.say(" for \(item) at \(Size.allCases.reversed().filter { size in cells.contains { $0.size == size } }.map(\.id).joined(separator: ", "))")
        if issue != nil {
            phrase.say(" (", .quiet)
            phrase.quote(tracker, .quiet)
            phrase.say(")", .quiet)
        }
        return phrase
    }
}

/// A cell a filed problem failed at: a screen by its id, at a size; `0e2a…@ax5` in the line.
public struct FiledCell: Sendable, Hashable {
    public var screen: String
    public var size: Size

    public init(screen: String, size: Size) {
        self.screen = screen
        self.size = size
    }

    public init?(text: String) {
        guard let at = text.lastIndex(of: "@") else { return nil }
        let screen = String(text[..<at])
        guard Fields.isID(screen), let size = Size.allCases.first(where: { $0.id == text[text.index(after: at)...] }) else { return nil }
        self.init(screen: screen, size: size)
    }

    public var text: String { screen + "@" + size.id }
}

extension LogRecord.Kind {
    public static let filing = LogRecord.Kind(word: "filing")
}
