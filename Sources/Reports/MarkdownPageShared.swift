import Judges

extension MarkdownPage {
    /// Screens a shared problem's row links before it counts the rest.
    static let sharedScreensShown = 8

    /// The Screen column of a row of "What to fix first": the screen, or for shared UI every screen
    /// the element fails on and the element, so that it is fixed once rather than once per screen.
    /// A problem a run found names its element with the worst size's figures.
    func actionScreens(_ action: ReviewPlan.Action) -> String {
        guard let shared = action.shared else {
            return link(action.screen) + (action.element.map { " (" + Markdown.text($0.sentence) + ")" } ?? "")
        }
        let screens = [action.screen] + action.alsoOn
        let rest = screens.count - Self.sharedScreensShown
        return screens.prefix(Self.sharedScreensShown).map(link).joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
            + " (shared UI on \(screens.count) screens: " + Markdown.text(shared.sentence) + ")"
    }
}
