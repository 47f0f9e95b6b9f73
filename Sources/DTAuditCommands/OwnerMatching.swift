import ArgumentParsing
import AuditStore
import Output

/// `--owner` and `--mine` name people as teammates call them: the owner a name stands for, and
/// what to say when it stands for nobody.
extension ScreenFilterOptions {
    /// `selection` with its owner spelled as the audit's screens spell the person it stands for
    /// (`PersonName.matches`: `Ben`, `okafor` or `B Oka` for Ben Okafor), or as typed when it stands
    /// for nobody. A name that could be two owners is refused, naming them.
    func resolve(_ selection: ScreenSelection, in store: AuditStore, console: Console) throws -> ScreenSelection {
        guard let owner = selection.owner else { return selection }
        let found = PersonName.matches(owner, among: try store.screens().compactMap(\.owner))
        guard found.count > 1 else {
            var resolved = selection
            resolved.owner = found.first ?? owner
            return resolved
        }
        let names = found.map { "'" + console.safe($0) + "'" }
        let which = names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        if mine {
            throw ValidationError("--mine: you sign as '\(console.safe(owner))', which could be the owner \(which); "
                                  + "give --owner with the whole name, or sign with yours (DTAUDIT_USER or git's user.name)")
        }
        throw ValidationError("--owner '\(console.safe(owner))' could be \(which); give more of the name")
    }

    /// `No screen is owned by Tess Tester.` and the owners (or flows) the audit does have, nearest
    /// to what was asked first: what a view says when its selection finds no screen.
    func sayNoScreen(_ selection: ScreenSelection, among screens: [Screen], console: Console) {
        console.line("No screen is \(console.safe(selection.description)).")
        let others = selection.alternatives(among: screens)
        guard !others.isEmpty else { return }
        let what = selection.owner != nil ? "Owners" : "Flows"
        let how = mine ? " (--mine is you as recordings are signed: DTAUDIT_USER, --by or git's user.name)" : ""
        console.line(console.style.dim("\(what) in the audit: " + others.prefix(8).map { "'" + console.safe($0) + "'" }.joined(separator: ", ") + how))
    }
}
