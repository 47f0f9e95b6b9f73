import AuditLog
import DynamicType

extension AuditStore {
    /// Puts `checklist` in use from now on, in one write of its own: a checklist record, dated
    /// after every record the store holds when a teammate's clock ran ahead by no more than the
    /// clock check's tolerance (`ownTime`), so that it is the audit's latest adoption everywhere.
    @discardableResult
    public func adoptChecklist(_ checklist: Checklist, by author: String) throws -> ChecklistAdoption {
        let author = try InputRules.name(author, what: "the author's name")
        return try write {
            let latest = try db.first("SELECT max(at) AS latest FROM log") { $0.optionalString("latest") } ?? nil
            let adoption = ChecklistAdoption(id: makeID(), checklist: checklist, by: author, at: Self.ownTime(after: latest, now: .now()))
            try append([.checklist(adoption)])
            return adoption
        }
    }
}
