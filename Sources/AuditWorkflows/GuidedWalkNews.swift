import AuditLog
import AuditStore
import DynamicType

/// What others record on the screen while a walk is open: a `git pull` and `dtaudit sync` in
/// another terminal, a teammate's run. The walk looks before each check and before saving each
/// answer, so that no answer is recorded over a result the auditor was never shown.
extension GuidedWalk {
    /// What the walk knows besides the store: where it last looked, and its own answers.
    struct Watch {
        /// The newest recording row the walk has looked at.
        var seen: Int64
        /// The recordings this walk made: not news.
        var own = Set<String>()
        /// The cells answered in this walk, with the answer.
        var answered: [CellKey: ResultStatus] = [:]

        mutating func saved(_ recordings: [Recording], as status: ResultStatus) {
            for recording in recordings {
                own.insert(recording.id)
                answered[CellKey(item: recording.item, size: recording.size)] = status
            }
        }
    }

    /// What was recorded on the screen since the walk last looked, on the cells the walk holds:
    /// the cell each check shows is brought up to date, and a cell answered in this walk that
    /// somebody else recorded meanwhile is asked again, right after the current check.
    /// `currentChanged` is true when the current check, already shown (`shown`), changed: an
    /// answer to it must be given again.
    public func takeNews(shown: Bool) throws -> (news: [News], currentChanged: Bool) {
        let found = try store.recordings(of: screen, after: watch.seen)
        watch.seen = found.latest
        let theirs = found.recordings.filter { !watch.own.contains($0.id) }
        guard !theirs.isEmpty, let now = try Self.state(of: screen, in: store) else { return ([], false) }
        let current = self.current.map { CellKey(item: $0.item, size: $0.size) }
        let ahead = Set(steps[min(index + 1, steps.count)...].map { CellKey(item: $0.item, size: $0.size) })
        var news: [News] = []
        var changed = false
        var again: [AuditPlan.Step] = []
        for recording in theirs {
            let key = CellKey(item: recording.item, size: recording.size)
            let isCurrent = key == current
            let answer = watch.answered[key]
            guard isCurrent || answer != nil || ahead.contains(key) else { continue }
            cells[key] = now.cell(recording.item, recording.size).map { Shown($0) }
            var item = News(recording: recording, askedAgain: nil)
            if let answer, !isCurrent, !again.contains(where: { $0.item == key.item && $0.size == key.size }) {
                item.askedAgain = answer
                again.append(AuditPlan.Step(item: key.item, size: key.size, reason: nil))
                watch.answered[key] = nil
            }
            news.append(item)
            if isCurrent && shown { changed = true }
        }
        steps.insert(contentsOf: again, at: min(index + 1, steps.count))
        return (news, changed)
    }
}
