import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Platform

/// `dtaudit completions bash|zsh|fish`: the shell script that completes dtaudit's command lines.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the script that completes dtaudit's commands, options, sizes, items and screens in a shell.",
        discussion: """
            'make install' installs the scripts where each shell looks for them. To set one up by hand:

              bash  Save it where bash-completion finds it:
                      mkdir -p ~/.local/share/bash-completion/completions
                      dtaudit completions bash > ~/.local/share/bash-completion/completions/dtaudit
                    or load it from ~/.bashrc: source <(dtaudit completions bash)
              zsh   Save it as _dtaudit in a folder of your fpath, before compinit runs in ~/.zshrc:
                      mkdir -p ~/.zfunc && dtaudit completions zsh > ~/.zfunc/_dtaudit
                      (in ~/.zshrc: fpath=(~/.zfunc $fpath); autoload -Uz compinit; compinit)
                    or load it after compinit: source <(dtaudit completions zsh)
              fish  dtaudit completions fish > ~/.config/fish/completions/dtaudit.fish

            Open a new shell to use it. Screen names and checklist items are read from the store as you \
            press Tab (the one found from the working folder, --store or DTAUDIT_STORE), so they are always \
            current; the rest of the script changes only with dtaudit itself: write it again after an upgrade.
            """,
        examples: [
            ("dtaudit completions zsh > ~/.zfunc/_dtaudit", "Install the zsh script in a folder of fpath."),
        ]
    )

    @Argument(help: "The shell: bash, zsh or fish.", valueName: "shell")
    var shell: CompletionShell

    @OptionGroup var global: GlobalOptions

    func run() throws {
        BufferedOutput.standardOutput.write(CompletionScript.render(for: shell, root: DTAudit.self))
    }
}

/// Where the candidates of a `CompletionKind.custom` value come from: the names only the running
/// tool knows, printed by `dtaudit __complete SOURCE WORD`.
enum CandidateSource: String, CaseIterable {
    case screens
    case removedScreens = "removed-screens"
    case items
    case sizes
    case checklists
}

extension CompletionKind {
    /// The store's screens, by name.
    static let screens = CompletionKind.custom(CandidateSource.screens.rawValue)
    /// The store's removed screens, which `screen restore` brings back.
    static let removedScreens = CompletionKind.custom(CandidateSource.removedScreens.rawValue)
    /// The checklist's item ids, a comma list, or all.
    static let items = CompletionKind.custom(CandidateSource.items.rawValue)
    /// Shipped checklists, those in the repository's Checklists/, and the checklist's item ids.
    static let checklists = CompletionKind.custom(CandidateSource.checklists.rawValue)
    /// Size ids, groups and ranges, a comma list.
    static let sizes = CompletionKind.custom(CandidateSource.sizes.rawValue)
}

/// `dtaudit __complete SOURCE [WORD]`: what the completion scripts offer for a word, one a line.
/// Hidden: the scripts call it, people don't. Reads the store without writing to it, and prints
/// nothing at all rather than an error: a message would land in the middle of the user's line.
struct CandidatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CompletionScript.candidatesCommandName,
        abstract: "Print the candidates a completion script offers for a word.",
        shouldDisplay: false
    )

    @Argument(help: "screens, removed-screens, items, sizes or checklists.", valueName: "source")
    var source: String?

    @Argument(help: "What has been typed of the word so far.", valueName: "word")
    var word: String?

    @Flag(help: "Follow each candidate with a tab and what it is, for shells that show it (fish).")
    var described = false

    @OptionGroup var global: GlobalOptions

    func run() {
        guard let source = source.flatMap(CandidateSource.init(rawValue:)) else { return }
        let store = storeLocation()
        let candidates = Self.candidates(source, for: word ?? "", store: store)
        let descriptions = described ? Self.descriptions(source, store: store) : [:]
        var output = ""
        for candidate in candidates where CompletionScript.isPrintable(candidate) {
            output += candidate
            // What the last element of a list is: the title of `l,ax5`'s ax5.
            let last = candidate.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? candidate
            if let description = descriptions[last] ?? descriptions[last.lowercased()] {
                output += "\t" + CompletionScript.description(description)
            }
            output += "\n"
        }
        BufferedOutput.standardOutput.write(output)
    }

    /// What each candidate is, by candidate: an item's title, a size's name.
    static func descriptions(_ source: CandidateSource, store: StoreLocation?) -> [String: String] {
        switch source {
        case .items:
            var titles = store.map(StoreGlance.itemTitles(at:)) ?? [:]
            if !titles.isEmpty { titles["all"] = "Every item of the checklist" }
            return titles
        case .sizes:
            var names: [String: String] = ["all": "All twelve sizes, xs to ax5", "standard": "The seven standard sizes, xs to xxxl",
                                           "accessibility": "The five accessibility sizes, ax1 to ax5"]
            for size in Size.allCases {
                names[size.id] = size.designName + (size == .default ? " (the default)" : "")
            }
            return names
        case .screens, .removedScreens, .checklists:
            return [:]
        }
    }

    private func storeLocation() -> StoreLocation? {
        try? StoreLocation.find(explicit: global.store?.path, environment: System.environment("DTAUDIT_STORE"),
                                workingDirectory: Console.currentDirectory)
    }

    /// The candidates that begin with `word`, ignoring case; the shell narrows them further.
    static func candidates(_ source: CandidateSource, for word: String, store: StoreLocation?) -> [String] {
        switch source {
        case .screens, .removedScreens:
            guard let store else { return [] }
            let names = StoreGlance.screenNames(at: store, removed: source == .removedScreens)
            return names.filter { $0.lowercased().hasPrefix(word.lowercased()) }
        case .items:
            let ids = store.map(StoreGlance.itemIDs(at:)) ?? []
            return listCandidates(word, elements: ids.isEmpty ? [] : ["all"] + ids, wholeOnly: ["all"])
        case .sizes:
            return listCandidates(word, elements: SizeList.groups.keys.sorted() + Size.allCases.map(\.id), wholeOnly: [])
        case .checklists:
            let names = ChecklistSource.known(workingDirectory: Console.currentDirectory) + (store.map(StoreGlance.itemIDs(at:)) ?? [])
            return names.filter { $0.lowercased().hasPrefix(word.lowercased()) }
        }
    }

    /// Completes the last element of a comma list (`l,ax` gives `l,ax1` ... `l,ax5`), offering
    /// neither an element already in the list nor, after a comma, one that must stand alone.
    /// A size followed by a dash is the start of a range: `xxxl-` gives `xxxl-ax1` ... `xxxl-ax5`.
    static func listCandidates(_ word: String, elements: [String], wholeOnly: Set<String>) -> [String] {
        let comma = word.lastIndex(of: ",")
        let head = comma.map { String(word[...$0]) } ?? ""
        let last = comma.map { String(word[word.index(after: $0)...]) } ?? word
        let given = Set(head.split(separator: ",").map { $0.lowercased() })
        var choices = elements.filter { !given.contains($0.lowercased()) && (head.isEmpty || !wholeOnly.contains($0)) }
        if let dash = last.firstIndex(of: "-"), let start = Size(name: String(last[..<dash])) {
            choices = Size.allCases.filter { $0 > start }.map { String(last[..<dash]) + "-" + $0.id }
        }
        return choices.filter { $0.lowercased().hasPrefix(last.lowercased()) }.map { head + $0 }
    }
}
