import Interchange
import Platform

extension Console {
    /// Says in one line what git is in the middle of with the shared file and the step left to
    /// take: `git add` for an unmerged file sync has written the union into, or why sync left the
    /// file as git has it and what to run after.
    func noteGitStep(_ outcome: SyncOutcome) {
        let file = PathNames.shown(outcome.shared.path, from: workingDirectory)
        let word = safe(Executable.shellWord(file))
        if outcome.git.unmerged {
            line(style.yellow("\(safe(file)) is unmerged in git: ") + "sync took in both sides' records and wrote them into it in order; "
                 + "'git add \(word)' concludes the merge (then 'git commit', or 'git rebase --continue')")
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
