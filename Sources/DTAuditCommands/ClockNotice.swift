import AuditLog
import AuditStore

extension Console {
    /// Tells, in one line on standard error, what the store says about this machine's clock
    /// (`AuditStore.clockFinding`). Nothing is refused: the line only asks for the clock to be set right.
    func warnClock(_ finding: ClockFinding?) {
        switch finding {
        case nil:
            return
        case .ahead(let skew, let teammate, let screen, let cell, let yours, let theirs):
            warn("this machine's clock seems to run \(ClockFinding.duration(skew)) ahead: \(safe(teammate)) recorded "
                 + "\(safe(screen)) \(cell.item) \(cell.size.id) after seeing your recording of \(yours.inLocalTime.minute) "
                 + "and dated theirs \(theirs.inLocalTime.minute); set the clock right (cells still follow what each person had seen)")
        case .later(let skew, let author, let at):
            warn("a record by \(safe(author)) is dated \(at.inLocalTime.minute), \(ClockFinding.duration(skew)) after this machine's clock: "
                 + "this clock runs behind or theirs ahead; what is recorded in sight of it still stands over it")
        }
    }
}
