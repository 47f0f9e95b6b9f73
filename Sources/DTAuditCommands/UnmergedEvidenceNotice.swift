import AuditStore
import Interchange
import Platform

extension Console {
    /// Says, a line a file, what git still waits for after a modify/delete conflict in the shared
    /// evidence folder: `git add` for a file the audit uses (once its bytes are the stored ones),
    /// `git rm` for one nothing uses. `synced` when a sync has just written the stored bytes back.
    func noteUnmergedEvidence(in store: AuditStore, synced: Bool) {
        guard let shared = try? SharedAudit.of(store) else { return }
        let unmerged = UnmergedEvidence.find(shared, store: store) {
            Set(((try? store.evidenceListing().entries) ?? []).map { $0.1.file.storedName })
        }
        for file in unmerged {
            let path = PathNames.shown(shared.root + "/" + file.path, from: workingDirectory)
            let word = safe(Executable.shellWord(path))
            let what = "  \(safe(path)) is unmerged in git (changed on one side, removed on the other): "
            let step: String
            switch (file.inUse, file.stored) {
            case (true, true):
                step = (synced ? "the audit uses it, and sync wrote its stored bytes back; " : "the audit uses it: run 'dtaudit sync', which writes its stored bytes back, then ")
                    + "'git add \(word)' and commit"
            case (true, false):
                step = "the audit uses it and this store lacks it: if 'dtaudit sync' takes it in, 'git add \(word)'; if sync names it as refused, "
                    + "'git rm \(word)', and whoever attached it shares it again with their next sync"
            case (false, _):
                step = "nothing in the audit uses it: 'git rm \(word)' and commit"
            }
            line(style.yellow(what) + step)
        }
    }
}
