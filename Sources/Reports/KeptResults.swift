import AuditLog
import AuditStore
import DynamicType

/// People's results a run disagreed with and did not replace: the run passed what they failed
/// with no fix since (Docs/judges.md, "Who decides"). Each holds while the person's recording
/// still stands in its cell; a later result or a take-back ends it.
public struct KeptResult: Sendable {
    public var screen: Screen
    /// The run's verdict, kept beside.
    public var dissent: Dissent
    /// The person's result that stands.
    public var person: Recording

    /// Those standing on `screens` (every live screen when nil), screen by screen, by run and cell.
    public static func standing(in store: AuditStore, screens: [Screen]? = nil) throws -> [KeptResult] {
        let dissents = try store.dissents()
        guard !dissents.isEmpty else { return [] }
        let shown = try screens ?? store.screens()
        var results: [KeptResult] = []
        for screen in shown {
            let mine = dissents.filter { $0.screen == screen.id }
            guard !mine.isEmpty else { continue }
            let standing = CellRule.standings(try store.recordings(of: screen))[screen.id] ?? [:]
            var seen = Set<CellKey>()
            for dissent in mine.reversed() {
                guard let person = standing[dissent.cell], person.id == dissent.kept, seen.insert(dissent.cell).inserted else { continue }
                results.append(KeptResult(screen: screen, dissent: dissent, person: person))
            }
        }
        return results
    }
}
