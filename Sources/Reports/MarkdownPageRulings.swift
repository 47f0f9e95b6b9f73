import AuditLog
import AuditStore

/// What people decided about runs' verdicts, for the review page: every waiver with who gave it and
/// why (a lead answers for them), and the people's results runs disagreed with and did not replace.
public struct ReviewRulings: Sendable {
    public var waivers: [(screen: String, waiver: Waiver)] = []
    public var kept: [KeptResult] = []

    public init() {}

    /// Those of the store on `screens` (by id); a waiver for every screen is listed whichever were chosen.
    public init(store: AuditStore, screens: [Screen]) throws {
        let names = Dictionary(screens.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        waivers = try store.waivers().compactMap { waiver in
            if waiver.everywhere { return ("every screen", waiver) }
            return names[waiver.screen].map { ($0, waiver) }
        }
        kept = try KeptResult.standing(in: store, screens: screens)
    }
}

extension MarkdownPage {
    mutating func rulings() {
        let rulings = input.rulings
        guard !rulings.waivers.isEmpty || !rulings.kept.isEmpty else { return }
        line("## Waivers and results kept over runs")
        line()
        if !rulings.waivers.isEmpty {
            let rows = rulings.waivers.map { screen, waiver in
                [Markdown.text(screen), "`\(waiver.item)`", Markdown.text(waiver.shownElement), Markdown.text(waiver.reason),
                 Markdown.text(waiver.by), waiver.at.day]
            }
            out += Markdown.table(["Screen", "Item", "Element left out", "Why", "By", "On"], [.left, .left, .left, .left, .left, .left], rows)
            line()
            line("The judges leave each waived element out of its item ('dtaudit waive'); 'dtaudit retract' takes a waiver back.")
            line()
        }
        if !rulings.kept.isEmpty {
            let count = rulings.kept.count
            line("\(count) \(count == 1 ? "result a person recorded disagrees" : "results people recorded disagree") with a run: kept theirs.")
            line()
            let rows = rulings.kept.map { kept in
                [Markdown.text(kept.screen.name), "`\(kept.dissent.item)`", kept.dissent.size.id,
                 Markdown.text(kept.person.by) + ": " + kept.person.status.rawValue, "run: " + kept.dissent.status.rawValue,
                 Markdown.text(kept.dissent.run)]
            }
            out += Markdown.table(["Screen", "Item", "Size", "Kept", "The run said", "Run"], [.left, .left, .left, .left, .left, .left], rows)
            line()
        }
    }
}
