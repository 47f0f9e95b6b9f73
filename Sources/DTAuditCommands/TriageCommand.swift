import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Platform

struct TriageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triage",
        abstract: "Sort a screen into a category by hand before it is audited.",
        discussion: """
            unsupported: text ignores the text size setting. broken: text scales, but something clips, \
            overlaps or can't be reached. supported: works at every size. none clears the triage.

            Recordings decide the category once they can: a failed text-scales check makes a screen \
            unsupported, any other failure broken, and every planned check passed or n/a supported. \
            Until then the triage category is shown.
            """,
        examples: [("dtaudit triage Settings broken", "")]
    )

    @OptionGroup var screen: ScreenArgument

    // Read as text and checked in run(), so that a swapped pair (`triage broken Checkout`) is
    // named as such instead of as an unknown category.
    @Argument(help: "unsupported, broken, supported, or none.", valueName: "category", completion: .list(TriageChoice.allValueStrings))
    var category: String

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let category: TriageChoice
        do {
            category = try TriageChoice(argument: self.category)
        } catch {
            if TriageChoice(rawValue: screen.name.lowercased()) != nil {
                throw ValidationError("the screen comes first, then the category: "
                                      + "dtaudit triage \(TextLayout.singleLine(Executable.shellWord(self.category))) \(screen.name.lowercased())")
            }
            throw error
        }
        let store = try console.openStore()
        let target = try screen.resolve(in: store)
        let state = try store.triage(target, as: category.category, by: try console.author(author.by))
        if let chosen = category.category {
            console.line("Triaged \(console.style.bold(console.safe(target.name))) as \(console.categoryLabel(chosen))")
            if !state.after.isGuess {
                console.line(console.style.dim("  its recordings decide where it stands: \(state.after.label); a triage guess counts only until results are recorded"))
            }
        } else {
            console.line("Cleared the triage of \(console.style.bold(console.safe(target.name))); it is \(console.standingLabel(state.after))")
        }
    }
}
