import AuditLog

/// Which screens a view shows (`--owner`, `--flow`, `--mine`): names match without regard to
/// case and spacing (`PersonName.key`), so "Sam Okafor" finds screens owned by "sam okafor".
public struct ScreenSelection: Sendable, Equatable {
    public var owner: String?
    public var flow: String?

    public init(owner: String? = nil, flow: String? = nil) {
        self.owner = owner
        self.flow = flow
    }

    public static let everything = ScreenSelection()

    public var isEverything: Bool { owner == nil && flow == nil }

    public func includes(_ screen: Screen) -> Bool {
        if let owner, screen.owner.map(PersonName.key) != PersonName.key(owner) { return false }
        if let flow, screen.flow.map(PersonName.key) != PersonName.key(flow) { return false }
        return true
    }

    /// When the selection matches no screen, what it could have said: the owners (or flows) the
    /// screens do have, each spelled as most of its screens spell it, nearest to what was asked first.
    public func alternatives(among screens: [Screen]) -> [String] {
        let names = owner != nil ? screens.compactMap(\.owner) : flow != nil ? screens.compactMap(\.flow) : []
        let asked = PersonName.key(owner ?? flow ?? "")
        let spelled = PersonName.tally(names).map(\.name)
        func shared(_ name: String) -> Int {
            let key = PersonName.key(name)
            return zip(key, asked).prefix { $0 == $1 }.count + Set(key).intersection(asked).count
        }
        return spelled.sorted { (-shared($0), $0) < (-shared($1), $1) }
    }

    /// `owned by Sam Okafor, in flow checkout`: what a view says it shows.
    public var description: String {
        [owner.map { "owned by \($0)" }, flow.map { "in flow \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }
}

extension AuditSnapshot {
    /// The snapshot of the selected screens only: every count, total and verdict derived from it
    /// speaks of them alone.
    public func selecting(_ selection: ScreenSelection) -> AuditSnapshot {
        guard !selection.isEverything else { return self }
        var copy = self
        copy.screens = screens.filter { selection.includes($0.screen) }
        return copy
    }
}

extension ScreenSelection {
    /// The words a file name takes for this selection: `owner-sam-okafor`, `flow-checkout`, so
    /// that a report of some screens never overwrites the report of all of them.
    public var fileNameSuffix: String {
        func slug(_ text: String) -> String {
            let words = text.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
            return words.joined(separator: "-")
        }
        return [owner.map { "-owner-" + slug($0) }, flow.map { "-flow-" + slug($0) }].compactMap { $0 }.joined()
    }
}
