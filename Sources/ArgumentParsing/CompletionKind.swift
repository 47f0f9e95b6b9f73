import Output

/// What a shell offers when completing an option's value or a positional argument.
///
/// Declared on the value's type (`ExpressibleByArgument.defaultCompletionKind`) or on the
/// declaration itself (`@Argument(..., completion: .custom("screens"))`), which wins.
public struct CompletionKind: Sendable, Equatable {
    enum Source: Sendable, Equatable {
        /// Free text: nothing to offer.
        case none
        /// A fixed set of words, written into the script.
        case list([String])
        /// Files, optionally only those with one of the extensions (without dots).
        case file(extensions: [String])
        case directory
        /// Words the tool prints when the script calls it back: `tool __complete NAME WORD`.
        /// For what only the running tool knows: the store's screens, the checklist's items.
        case custom(String)
    }

    let source: Source

    public static let none = CompletionKind(source: .none)
    public static let directory = CompletionKind(source: .directory)

    public static func list(_ words: [String]) -> CompletionKind {
        CompletionKind(source: .list(words))
    }

    public static func file(extensions: [String] = []) -> CompletionKind {
        CompletionKind(source: .file(extensions: extensions))
    }

    /// Candidates printed by the tool's hidden candidates command, one a line, for `name`
    /// (a word of letters, digits and dashes).
    public static func custom(_ name: String) -> CompletionKind {
        precondition(!name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") },
                     "a candidate source's name is passed to the tool unquoted")
        return CompletionKind(source: .custom(name))
    }
}

extension ExpressibleByArgument {
    /// The fixed values when the type has a short list of them, else free text.
    public static var defaultCompletionKind: CompletionKind {
        allValueStrings.isEmpty ? .none : .list(allValueStrings)
    }
}

/// The shells a completion script can be written for.
public enum CompletionShell: String, CaseIterable, Sendable, ExpressibleByArgument {
    case bash, zsh, fish
}

/// The name of the hidden command that prints candidates for `CompletionKind.custom` sources.
/// The scripts call it as `TOOL __complete SOURCE WORD`, with the global options that take a
/// value (such as `--store DIR`) when the command line has them.
public enum CompletionScript {
    public static let candidatesCommandName = "__complete"

    /// The script for `shell`, completing `root`'s command tree.
    public static func render(for shell: CompletionShell, root: any ParsableCommand.Type) -> String {
        let tree = CompletionTree(root: root)
        switch shell {
        case .bash: return BashCompletions(tree: tree).script()
        case .zsh: return ZshCompletions(tree: tree).script()
        case .fish: return FishCompletions(tree: tree).script()
        }
    }

    /// Candidates may be typed into a terminal's line: none with control characters (a newline
    /// would split one into two; an escape sequence would reach the terminal).
    /// A candidate's description made one line a shell shows as it is: no tab (which would start
    /// another field), no line break, no control or reordering character; at most 160 characters.
    public static func description(_ text: String) -> String {
        var shown = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.isUnsafeToShow ? " " : scalar
        }))
        if shown.count > 160 { shown = String(shown.prefix(159)) + "…" }
        return shown
    }

    public static func isPrintable(_ candidate: String) -> Bool {
        !candidate.isEmpty && !candidate.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }
}
