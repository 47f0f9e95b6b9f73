import Dispatch
import Platform

/// A fix of one file stages its new text while the check that its rewrites make nothing worse
/// still scans the file: the journal and the staged file are written on another core, the way
/// `RewritePlan.write` writes them, and put in place only once the check has kept every rewrite they
/// were made from. Nothing is replaced before then, so a run killed meanwhile leaves what a fix
/// killed while staging leaves, a journal without its `placing` line, which the next fix removes
/// with the staged file. A check that holds a rewrite back has what was staged removed, and the
/// file is written from the rewrites it kept, after the check, as before.
///
/// Only a plan that reads one file stages ahead: the journal names every file before any is staged,
/// and a plan of several files knows which it changes only once each is checked.
public final class StagingAhead: @unchecked Sendable {
    private let root: String
    private let scanned: (String) -> FileIdentity?
    private let done = DispatchGroup()
    /// Set on the caller's thread, once.
    private var begun = false
    /// Written on the staging thread, read after `done` is waited for.
    private var staged: Staged?

    private struct Staged {
        var path: String
        var rewrites: Range<Int>
        /// The list staged from, kept so that any later change to the plan's list is one of its own.
        var list: RewriteList
        /// Nil when staging failed: the write after the checks tries again and says why.
        var commit: FixCommit?
    }

    /// `scanned` gives the version of a file the scan read (`RewritePlan.write`).
    public init(root: String, scanned: @escaping (String) -> FileIdentity?) {
        self.root = root
        self.scanned = scanned
    }

    /// Stages `old` with the rewrites `range` of `list` as the new text of `file`, on another core.
    func begin(file: String, old: [UInt8], list: RewriteList, range: Range<Int>) {
        guard !begun, RewritePlan.isRecoverable(file, root: root) else { return }
        begun = true
        let root = root
        let version = scanned(file)
        let changed = ChangedFile(path: file, old: old, rewrites: range)
        DispatchQueue.global(qos: .userInitiated).async(group: done) { [self] in
            var commit = FixCommit(root: root, files: [FixCommit.File(path: file, old: old, scanned: version) { changed.write(list, to: $0) }])
            let staged = (try? commit.stageAll()) != nil
            self.staged = Staged(path: file, rewrites: range, list: list, commit: staged ? commit : nil)
        }
    }

    /// The commit staged for exactly `changed` of `list` under `root`, ready to be put in place; nil
    /// when nothing was, having removed what was staged for rewrites the checks changed since.
    func claim(_ changed: [ChangedFile], of list: RewriteList, root: String) -> FixCommit? {
        done.wait()
        guard let staged else { return nil }
        self.staged = nil
        if matches(staged, changed, list, root), let commit = staged.commit { return commit }
        staged.commit?.discard()
        return nil
    }

    private func matches(_ staged: Staged, _ changed: [ChangedFile], _ list: RewriteList, _ root: String) -> Bool {
        root == self.root && changed.count == 1 && changed[0].made == nil && changed[0].path == staged.path
            && changed[0].rewrites == staged.rewrites && list.isUnchangedCopy(of: staged.list)
    }

    /// Until what `begin` started is staged or has failed.
    func waitUntilStaged() {
        done.wait()
    }

    /// Removes what was staged and never claimed: the plan changed no file in the end.
    public func discard() {
        _ = claim([], of: RewriteList(), root: root)
    }

    deinit {
        discard()
    }
}
