import AuditStore
import Output
import Platform

extension Console {
    /// Tells the person running dtaudit of their recordings on screens somebody else removed: those
    /// leave every list and report, and nothing else would say where they went. One line a screen,
    /// the first after `label` (status's column of labels), else indented.
    func noteWorkOnRemovedScreens(in store: AuditStore, label: String? = nil) {
        // Asking git for the author costs a process: only when somebody has such work at all.
        guard (try? store.hasWorkOnRemovedScreens()) != false, let author = try? author(nil), let work = try? store.workOnRemovedScreens(by: author), !work.isEmpty else { return }
        var lines = work.prefix(10).map { screen in
            let mine = "\(screen.recordings) of your recordings \(plural("is", screen.recordings))"
            return "\(mine) on \(safe(screen.screen)), which \(safe(screen.removedBy)) removed on \(screen.removedAt.inLocalTime.day): "
                + "'dtaudit screen restore \(safe(Executable.shellWord(screen.screen)))' brings \(plural("it", screen.recordings)) back"
        }
        if work.count > 10 { lines.append("and recordings of yours on \(work.count - 10) more removed screens") }
        for (index, text) in lines.enumerated() {
            let lead = index == 0 ? label.map { style.bold($0) + String(repeating: " ", count: max(1, 10 - $0.count)) } : nil
            line((lead ?? (label == nil ? "  " : String(repeating: " ", count: 10))) + style.yellow(text))
        }
    }
}
