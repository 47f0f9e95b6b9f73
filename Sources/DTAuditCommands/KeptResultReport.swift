import AuditStore
import Output
import Reports

/// People's results runs disagreed with and did not replace, as `next` and `screen show` tell them:
/// one heading a run, one line a cell, the person's result beside the run's.
enum KeptResultReport {
    static func section(_ kept: [KeptResult], console: Console) {
        guard !kept.isEmpty else { return }
        var runs: [String] = []
        for result in kept where !runs.contains(result.dissent.run) { runs.append(result.dissent.run) }
        for run in runs {
            let mine = kept.filter { $0.dissent.run == run }
            console.line()
            console.line(console.style.yellow("\(mine.count) \(mine.count == 1 ? "result a person recorded disagrees" : "results people recorded disagree") with run \(console.safe(run)): kept theirs")
                         + console.style.dim("  ('dtaudit retract ID' takes theirs back; a fix makes the next run the retest)"))
            var table = TextTable()
            for result in mine {
                let dissent = result.dissent
                table.add([console.safe(result.screen.name), dissent.item, dissent.size.id,
                           "\(console.safe(result.person.by)): \(result.person.status.rawValue)", "run: \(dissent.status.rawValue)",
                           console.safe(TextLayout.singleLine(dissent.note ?? "")).prefix(60).description])
            }
            for line in table.render(indent: 2) { console.line(line) }
        }
    }

    static func json(_ result: KeptResult) -> JSON {
        .object([("screen", .string(result.screen.name)), ("item", .string(result.dissent.item)), ("size", .string(result.dissent.size.id)),
                 ("person", .string(result.person.by)), ("theirs", .string(result.person.status.rawValue)),
                 ("run", .string(result.dissent.run)), ("runs", .string(result.dissent.status.rawValue)), ("runNote", .optional(result.dissent.note))])
    }
}
