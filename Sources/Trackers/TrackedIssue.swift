import AuditLog

/// An issue as the tracker lists it, with the marker its body carries.
public struct TrackedIssue: Sendable, Equatable {
    public var number: Int
    /// The tracker's own id of the issue (what marks another as its duplicate).
    public var id: Int64
    public var title: String
    public var body: String?
    public var url: String
    public var isOpen: Bool
    /// `completed`, `not_planned`, `duplicate`, `reopened`, or nil.
    public var stateReason: String?
    public var labels: [String]
    public var closedAt: Timestamp?

    public init(number: Int, id: Int64, title: String, body: String?, url: String, isOpen: Bool, stateReason: String? = nil,
                labels: [String] = [], closedAt: Timestamp? = nil) {
        self.number = number
        self.id = id
        self.title = title
        self.body = body
        self.url = url
        self.isOpen = isOpen
        self.stateReason = stateReason
        self.labels = labels
        self.closedAt = closedAt
    }

    public var marker: Marker? { IssueText.readMarker(body) }

    /// Closed as not planned, or labelled `wontfix`: a person decided, and dtaudit leaves it alone.
    public var isTriaged: Bool {
        (!isOpen && stateReason == "not_planned") || labels.contains { $0.lowercased() == "wontfix" }
    }

    public var isClosedAsDuplicate: Bool { !isOpen && stateReason == "duplicate" }
}
