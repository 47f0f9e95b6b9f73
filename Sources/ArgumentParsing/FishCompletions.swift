/// Writes the fish completion script: `complete` lines for each command, made conditional on the
/// command the line names (and, for arguments, on how many come before) by one helper function.
struct FishCompletions {
    let tree: CompletionTree

    private var prefix: String { "_" + tree.root.functionName }

    func script() -> String {
        let tool = tree.toolName
        let p = prefix
        var lines = [
            "# fish completion for \(tool), written by '\(tool) completions fish'.",
            "# Install it as ~/.config/fish/completions/\(tool).fish, or load it with: \(tool) completions fish | source",
            "",
        ]
        lines += helpers().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.append("")
        // Files only where an option or argument takes them.
        lines.append("complete -c \(tool) -f")
        for command in tree.root.all {
            let path = command.path.joined(separator: " ")
            lines.append("")
            for subcommand in command.subcommands {
                lines.append("complete -c \(tool) -n \(Self.quoted("\(p)_is '\(path)' 0")) -a \(Self.quoted(subcommand.name)) -d \(Self.quoted(subcommand.abstract))")
            }
            for option in command.options {
                var line = "complete -c \(tool) -n \(Self.quoted("\(p)_is '\(path)'"))"
                if let long = option.long { line += " -l " + Self.quoted(String(long.dropFirst(2))) }
                if let short = option.short { line += " -s " + Self.quoted(String(short.dropFirst())) }
                if option.takesValue { line += " -r " + values(option.completion, place: "option") }
                lines.append(line + " -d " + Self.quoted(option.help))
            }
            for (index, positional) in command.positionals.enumerated() {
                // A repeating argument takes every word from its place on.
                let place = positional.isRepeating ? "\(index)+" : String(index)
                lines.append("complete -c \(tool) -n \(Self.quoted("\(p)_is '\(path)' \(place)")) \(values(positional.completion, place: "argument"))")
                if positional.isRepeating { break }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `place` tells the candidates command whether the value is an option's or an argument.
    private func values(_ completion: CompletionKind, place: String) -> String {
        switch completion.source {
        case .none: return "-f"
        case .list(let words): return "-f -a " + Self.quoted(words.map(Self.quotedWord).joined(separator: " "))
        case .file(let extensions):
            guard !extensions.isEmpty else { return "-F" }
            let patterns = extensions.map { "*." + Self.quotedWord($0) }.joined(separator: " ")
            return "-f -a " + Self.quoted("(__fish_complete_suffix \(patterns)) (__fish_complete_directories)")
        case .directory: return "-f -a " + Self.quoted("(__fish_complete_directories)")
        case .custom(let name): return "-f -a " + Self.quoted("(\(prefix)_candidates \(name) \(place))")
        }
    }

    /// Text in fish's single quotes, where only `\` and `'` are escaped.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing(#"\"#, with: #"\\"#).replacing("'", with: #"\'"#) + "'"
    }

    /// One word of a list fish reads again as a command line: plain when it is plain, else quoted.
    static func quotedWord(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || "-_.,+@%/".contains($0) } ? word : quoted(word)
    }

    private func helpers() -> String {
        let p = prefix
        let tool = tree.toolName
        let valued = tree.root.all.map { command in
            "        case \(Self.quoted(command.path.joined(separator: " ")))\n            set valued \(command.valuedOptionNames.map(Self.quoted).joined(separator: " "))"
        }.joined(separator: "\n")
        let subcommands = tree.root.all.filter { !$0.subcommands.isEmpty }.map { command in
            let names = command.subcommands.flatMap { subcommand in ([subcommand.name] + subcommand.aliases).map { ($0, subcommand.name) } }
            return "        case \(Self.quoted(command.path.joined(separator: " ")))\n"
                + "            switch $word\n"
                + names.map { "                case \(Self.quoted($0.0))\n                    echo \(Self.quoted($0.1)); return 0" }.joined(separator: "\n")
                + "\n            end"
        }.joined(separator: "\n")
        let forwarded = tree.forwardedOptions.compactMap(\.long)
        return #"""
            # The options of a command whose next word is their value.
            function \#(p)_valued -a path
                set -l valued
                switch $path
            \#(valued)
                end
                string join \n -- $valued
            end

            # The subcommand `word` names under `path`, by its name or an alias.
            function \#(p)_subcommand -a path word
                switch $path
            \#(subcommands)
                end
                return 1
            end

            # True when the line names the command `path` and, with `place`, when the word under
            # completion is the argument at that place (counting from 0; `2+`: that place or later).
            function \#(p)_is -a path place
                set -l tokens (commandline -opc)
                set -l command \#(tool)
                set -l valued (\#(p)_valued $command)
                set -l arguments 0
                set -l ended 0
                set -l i 2
                while test $i -le (count $tokens)
                    set -l token $tokens[$i]
                    if test $ended = 0; and string match -q -- '-?*' $token
                        if test $token = --
                            set ended 1
                        else if contains -- $token $valued
                            set i (math $i + 1)
                        end
                    else if test $arguments = 0; and set -l next (\#(p)_subcommand $command $token)
                        set command "$command $next"
                        set valued (\#(p)_valued $command)
                    else
                        set arguments (math $arguments + 1)
                    end
                    set i (math $i + 1)
                end
                test "$command" = "$path"; or return 1
                test -z "$place"; and return 0
                # A word that starts with a dash is an option, unless '--' came before.
                test $ended = 0; and string match -q -- '-*' (commandline -ct); and return 1
                if string match -q -- '*+' $place
                    test $arguments -ge (string trim -c + -- $place)
                else
                    test $arguments = $place
                end
            end

            # Candidates the tool itself prints: the store's screens, the checklist's items, sizes.
            # `place`: whether they are an option's value or an argument.
            function \#(p)_candidates -a source place
                set -l tokens (commandline -opc)
                set -l tool $tokens[1]
                command -q -- $tool; or set tool \#(tool)
                # Options such as --store change where candidates come from: pass them on.
                set -l forward
                for i in (seq 2 (count $tokens))
                    if contains -- $tokens[$i] \#(forwarded.map(Self.quoted).joined(separator: " "))
                        set -q tokens[(math $i + 1)]; and set -a forward $tokens[$i] $tokens[(math $i + 1)]
                    else if string match -qr -- \#(Self.quoted("^(" + forwarded.joined(separator: "|") + ")=")) $tokens[$i]
                        set -a forward $tokens[$i]
                    end
                end
                # The word as the shell will pass it: after an option's '=', without quotes and escapes.
                set -l typed (string replace -r -- '^--[^=]*=' '' (commandline -ct))
                set -l word (string unescape -- $typed)
                # A name that starts with a dash is an argument only after '--': before, it would be
                # taken for an option. fish quotes what it puts on the line, except a '~' that
                # starts the word (it would become a home folder): a name that starts with one is
                # offered once the word starts with '\~' or a quote, and only where it adds to what
                # was typed (a match in another case goes in whole, its '~' bare).
                set -l refused '[[:cntrl:]]'
                test "$place" = argument; and not contains -- -- $tokens[2..-1]; and set refused "$refused|^-[^0-9]"
                string match -qr -- '^[\\\\\'"]' $typed; or set refused "$refused|^~"
                # Each line is a candidate, then a tab and what it is (an item's title), which fish
                # shows beside it; only the candidate goes on the line, so only it is checked.
                for line in ($tool $forward \#(tree.candidatesCommand) --described $source -- $word 2>/dev/null)
                    set -l candidate (string split -m 1 \t -- $line)[1]
                    string match -qr -- $refused $candidate; and continue
                    if string match -q -- '~*' $word
                        test (string sub -l (string length -- $word) -- $candidate) = "$word"; or continue
                    end
                    printf '%s\n' $line
                end
            end
            """#
    }
}
