import Interchange
import Output
import Platform

extension Console {
    /// Says in one line what git is in the middle of with the shared file and the step left to
    /// take: `git add` for an unmerged file sync has written the union into, or why sync left the
    /// file as git has it and what to run after.
    func noteGitStep(_ outcome: SyncOutcome) {
        let file = PathNames.shown(outcome.shared.path, from: workingDirectory)
        let word = safe(Executable.shellWord(file))
        if outcome.git.unmerged {
            // Only what was read is said: the sides come from git's index, whatever the file holds.
            let took = switch outcome.report.sidesTaken.map(\.stage) {
            case [2, 3]: "sync took in both sides' records and wrote them into it in order"
            case [2]: "sync took in our side's records (their side deletes the file) and wrote them into it in order"
            case [3]: "sync took in their side's records (our side deletes the file) and wrote them into it in order"
            default: "sync took in the records the file holds and wrote them into it in order"
            }
            line(style.yellow("\(safe(file)) is unmerged in git: ") + took + "; "
                 + "'git add \(word)' concludes the merge (then 'git commit', or 'git rebase --continue')")
        }
        if let removal = outcome.removal {
            line(style.yellow("Commit \(safe(removal.commit)) (\(safe(removal.subject))) removed \(counted(removal.records, "record")) from \(safe(file)): ")
                 + "a record is taken back only by another record, so the file holds \(plural("it", removal.records)) again. "
                 + "To take \(plural("it", removal.records)) back in every clone, 'dtaudit undo' takes back your last command's records and "
                 + "'dtaudit retract ID' any recording, fix or screenshot ('dtaudit history --each' shows the ids); then sync and commit")
        }
        switch outcome.report.held {
        case .stashed?:
            line(style.yellow("Left \(safe(file)) as git has it: ") + "a stash entry changes it, and writing it would make 'git stash pop' abort; "
                 + "the store keeps every record: run 'git stash pop', then 'dtaudit sync'")
        case .detached?:
            line(style.yellow("Left \(safe(file)) as this commit has it: ") + "HEAD is detached, and writing it would leave the checkout changed; "
                 + "the store keeps every record: back on a branch ('git switch -'), run 'dtaudit sync'")
        case nil:
            break
        }
    }
}
