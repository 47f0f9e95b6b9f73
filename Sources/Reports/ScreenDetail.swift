import AuditLog
import AuditStore
import DynamicType
import Scan

/// What `screen show` shows of one screen: where it stands, each cell with its note and author,
/// its evidence, the fields set on two sides, and its file patterns that match no source file.
public struct ScreenDetail: Sendable {
    public var state: ScreenState
    public var checklist: Checklist
    public var evidence: ScreenEvidence
    public var concurrentEdits: [ConcurrentEdit]
    /// Patterns of `--file` that match no source file under the repository.
    public var unmatchedFiles: [String]
    /// The failures runs recorded, across the audit, so that shared UI names its other screens.
    public var judged: JudgedProblems { open.judged }
    /// The problems on this screen, counted as every view counts them.
    public var problems: [OpenProblems.Problem] { open.on([state.screen.name]) }
    private var open: OpenProblems

    public init(_ screen: Screen, in store: AuditStore) throws {
        let (snapshot, evidence, edits) = try store.read {
            (try store.snapshot(only: screen, detailed: true), try store.evidence(of: screen), try store.concurrentEdits(of: screen))
        }
        guard let state = snapshot.screens.first else { throw InputError("the screen '\(screen.name)' is not in this store") }
        self.state = state
        checklist = snapshot.checklist
        self.evidence = evidence
        concurrentEdits = edits
        unmatchedFiles = FilePatterns.unmatched(screen.files, root: store.location.root)
        open = try OpenProblems(store: store, states: [state])
    }
}
