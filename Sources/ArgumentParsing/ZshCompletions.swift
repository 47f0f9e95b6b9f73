import Platform

/// Writes the zsh completion script: one `_arguments` function per command, in the shape of
/// swift-argument-parser's scripts; commands with subcommands hand the rest of the line on.
struct ZshCompletions {
    let tree: CompletionTree

    private var prefix: String { "_" + tree.root.functionName }

    func script() -> String {
        let tool = tree.toolName
        var lines = [
            "#compdef \(tool)",
            "# zsh completion for \(tool), written by '\(tool) completions zsh'. Install it as _\(tool) in a folder",
            "# of fpath, or load it after compinit with: source <(\(tool) completions zsh)",
            "",
        ]
        lines += helpers().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for command in tree.root.all {
            lines.append("")
            lines += function(for: command)
        }
        lines += [
            "",
            "# Autoloaded from fpath, this file is the body of \(tree.root.functionName): complete. Sourced: register.",
            "if [[ ${funcstack[1]-} == \(tree.root.functionName) ]]; then",
            "    \(tree.root.functionName) \"$@\"",
            "else",
            "    compdef \(tree.root.functionName) \(tool)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The root's function is the one `compdef` names; it notes the tool and then walks the root.
    private func functionName(_ command: CompletionTree.Command) -> String {
        command.path.count == 1 ? prefix + "_root" : command.functionName
    }

    private func function(for command: CompletionTree.Command) -> [String] {
        var specs: [String] = []
        for option in command.options {
            specs += optionSpecs(option)
        }
        for positional in command.positionals {
            let colons = positional.isRepeating ? "*:" : positional.isRequired ? ":" : "::"
            specs.append(Executable.shellQuoted(colons + Self.message(positional.valueName) + ":" + action(positional.completion, place: "argument")))
        }
        var body = ["\(functionName(command))() {"]
        if command.subcommands.isEmpty {
            body.append("    local -a args=(")
            body += specs.map { "        " + $0 }
            body.append("    )")
            body.append("    _arguments -S : \"${args[@]}\"")
            body.append("}")
            return body
        }
        body += [
            "    local context state state_descr line",
            "    local -A opt_args",
            "    local -i ret=1",
            "    local -a args=(",
        ]
        body += specs.map { "        " + $0 }
        body += [
            "        '(-): :->command'",
            "        '(-)*:: :->argument'",
            "    )",
            "    _arguments -S -C : \"${args[@]}\" && ret=0",
            "    case $state in",
            "        (command)",
            "            local -a subcommands=(",
        ]
        for subcommand in command.subcommands {
            body.append("                " + Executable.shellQuoted(subcommand.name.replacing(":", with: "\\:") + ":" + subcommand.abstract))
        }
        body += [
            "            )",
            "            _describe -V subcommand subcommands && ret=0",
            "            ;;",
            "        (argument)",
            "            case ${words[1]} in",
        ]
        for subcommand in command.subcommands {
            let pattern = ([subcommand.name] + subcommand.aliases).map(Executable.shellQuoted).joined(separator: "|")
            body.append("                (\(pattern)) \(functionName(subcommand)) && ret=0 ;;")
        }
        body += [
            "            esac",
            "            ;;",
            "    esac",
            "    return ret",
            "}",
        ]
        return body
    }

    /// `'(-s --size)-s[Sizes.]:sizes:action'`, one spec per name.
    private func optionSpecs(_ option: CompletionTree.Option) -> [String] {
        let exclusion = option.exclusive.isEmpty ? "" : "(" + option.exclusive.joined(separator: " ") + ")"
        let repeating = option.isRepeating ? "*" : ""
        return option.names.map { name in
            // `--size=` takes its value after '=' or as the next word; `-s` as the next word.
            var spec = exclusion + repeating + name + (option.takesValue && name.hasPrefix("--") ? "=" : "")
            spec += "[" + Self.description(option.help) + "]"
            if let valueName = option.valueName {
                spec += ":" + Self.message(valueName) + ":" + action(option.completion, place: "option")
            }
            return Executable.shellQuoted(spec)
        }
    }

    /// `place` tells the candidates function whether the value is an option's or an argument.
    private func action(_ completion: CompletionKind, place: String) -> String {
        switch completion.source {
        case .none: return " "
        case .list(let words): return "(" + words.map(Self.escapedWord).joined(separator: " ") + ")"
        case .file(let extensions):
            return extensions.isEmpty ? "_files" : "_files -g \"*.(" + extensions.map(Self.escapedWord).joined(separator: "|") + ")\""
        case .directory: return "_files -/"
        case .custom(let name): return "{\(prefix)_candidates \(name) \(place)}"
        }
    }

    /// An option's description inside `[...]`, where a bracket would end it.
    static func description(_ text: String) -> String {
        text.replacing(#"\"#, with: #"\\"#).replacing("[", with: #"\["#).replacing("]", with: #"\]"#)
    }

    /// The message between colons, shown above the values.
    static func message(_ text: String) -> String {
        text.replacing(#"\"#, with: #"\\"#).replacing(":", with: #"\:"#)
    }

    /// A word in a `(a b c)` list: anything but letters, digits and a few marks is escaped.
    static func escapedWord(_ word: String) -> String {
        word.map { $0.isLetter || $0.isNumber || "-_.,+@%/".contains($0) ? String($0) : "\\" + String($0) }.joined()
    }

    private func helpers() -> String {
        let p = prefix
        let forwarded = tree.forwardedOptions.compactMap(\.long)
        let forwarding = forwarded.isEmpty ? "" : #"""
                    case $words[i] in
                        (\#(forwarded.joined(separator: "|"))) (( i < CURRENT - 1 )) && \#(p)_forward+=($words[i] ${(Q)words[i + 1]}) ;;
                        (\#(forwarded.map { $0 + "=*" }.joined(separator: "|"))) \#(p)_forward+=(${(Q)words[i]}) ;;
                    esac

            """#
        return #"""
            # Candidates the tool itself prints: the store's screens, the checklist's items, sizes;
            # $2 says whether they are an option's value or an argument. compadd quotes them for the
            # line, so every name goes in as one word. A name that starts with a dash is an argument
            # only after '--': before, it would be taken for an option.
            \#(p)_candidates() {
                local tool=${\#(p)_tool:-\#(tree.toolName)}
                (( $+commands[$tool] )) || [[ -x $tool ]] || tool=\#(tree.toolName)
                local -a candidates expl
                candidates=(${(f)"$("$tool" "${\#(p)_forward[@]}" \#(tree.candidatesCommand) "$1" -- "${(Q)PREFIX}" 2>/dev/null)"})
                candidates=(${candidates:#*[[:cntrl:]]*})
                if [[ $2 == argument ]] && (( ! ${${(@)words[1,CURRENT-1]}[(I)--]} )); then
                    candidates=(${candidates:#-[^0-9]*})
                fi
                _wanted "$1" expl "$1" compadd -a candidates
            }

            \#(tree.root.functionName)() {
                local \#(p)_tool=${(Q)words[1]} i
                local -a \#(p)_forward
                # Options such as --store change where candidates come from: pass them on.
                for (( i = 2; i < CURRENT; i++ )); do
            \#(forwarding.isEmpty ? "        :\n" : forwarding)    done
                \#(p)_root
            }
            """#
    }
}
