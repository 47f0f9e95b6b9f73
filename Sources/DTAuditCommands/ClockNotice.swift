import AuditLog
import AuditStore
import Interchange
import Output

extension Console {
    /// After an import or sync took records in: every record it brought is looked at, and what the
    /// store now says about the clock, each told once.
    func warnClockAfterTakingIn(_ report: ImportReport?) {
        guard let store = try? openStore(), let author = try? author(nil),
              let findings = try? store.clockFindingsToTell(for: author, brought: report?.outcome.latestAdded) else { return }
        for finding in findings { warnClock(finding) }
    }

    /// Tells, in one line on standard error, what the store says about this machine's clock
    /// (`AuditStore.clockFinding`). Nothing is refused: the line names the clock that seems wrong,
    /// or both when nothing tells which, and asks for it to be set right.
    func warnClock(_ finding: ClockFinding?) {
        let stands = "cells still follow what each person had seen"
        switch finding {
        case nil:
            return
        case .ahead(let skew, let teammate, let screen, let cell, let yours, let theirs, let others, let blame):
            let gap = ClockFinding.duration(skew)
            let saw = "\(safe(teammate)) recorded \(safe(screen)) \(cell.item) \(cell.size.id) after seeing your recording of \(yours.inLocalTime.minute) "
                + "and dated theirs \(theirs.inLocalTime.minute)"
            switch blame {
            case .thisClock:
                warn("this machine's clock seems to run \(gap) ahead: \(saw), and \(counted(others, "more teammate")) did the same; "
                     + "set the clock right (\(stands))")
            case .teammate:
                warn("\(safe(teammate))'s clock seems to run \(gap) behind: \(saw), and theirs runs behind another teammate's too; "
                     + "they hear of it when they sync (\(stands))")
            case .either:
                warn("this machine's clock and \(safe(teammate))'s are \(gap) apart: \(saw); one of the two is wrong, and only a third "
                     + "clock can tell which: whoever's it is, set it right (\(stands))")
            }
        case .later(let skew, let author, let at, let others, let blame):
            let gap = ClockFinding.duration(skew)
            switch blame {
            case .thisClock:
                warn("this machine's clock seems to run \(gap) behind: records by \(safe(author)) and \(counted(others, "more teammate")) "
                     + "are dated after it, the latest \(at.inLocalTime.minute); set the clock right (what is recorded in sight of them still stands over them)")
            case .teammate:
                warn("\(safe(author))'s clock seems to run \(gap) ahead: a record of theirs is dated \(at.inLocalTime.minute), \(gap) after this "
                     + "machine's clock, and theirs runs ahead of another teammate's too; what is recorded in sight of it still stands over it")
            case .either:
                warn("a record by \(safe(author)) is dated \(at.inLocalTime.minute), \(gap) after this machine's clock: this clock runs behind "
                     + "or theirs ahead; what is recorded in sight of it still stands over it")
            }
        case .brought(let skew, let record, let yours):
            let gap = ClockFinding.duration(skew)
            let kind = record.kind.rawValue
            if yours {
                let takeBack = [.recording, .fix, .evidence].contains(record.kind) ? ", and 'dtaudit retract \(record.id.prefix(8))' takes it back everywhere" : ""
                warn("a \(kind) signed with your name (\(safe(record.by))) that this store did not make is dated \(record.at.inLocalTime.minute), "
                     + "\(gap) after this machine's clock: if you did not make it on another machine, somebody signed it for you; "
                     + "'dtaudit history --each' shows it\(takeBack)")
            } else {
                warn("a \(kind) by \(safe(record.by)) is dated \(record.at.inLocalTime.minute), \(gap) after this machine's clock: this clock runs "
                     + "behind or theirs ahead; what is recorded in sight of it still stands over it")
            }
        }
    }
}
