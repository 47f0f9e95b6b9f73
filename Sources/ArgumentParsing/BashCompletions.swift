import Platform

/// Writes the bash completion script: one function per command, as swift-argument-parser's
/// scripts have, over a few helpers that read the line the way the shell will run it.
struct BashCompletions {
    let tree: CompletionTree

    func script() -> String {
        let tool = tree.toolName
        var lines = [
            "#!/bin/bash",
            "# bash completion for \(tool), written by '\(tool) completions bash'.",
            "# Load it with: source <(\(tool) completions bash)",
            "",
        ]
        lines += helpers().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for command in tree.root.all {
            lines.append("")
            lines += function(for: command)
        }
        lines.append("")
        lines.append("complete -F \(tree.root.functionName) \(tool)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `__dtaudit`: the start of every helper's and variable's name.
    private var prefix: String { "_" + tree.root.functionName }

    /// The root's function is the one `complete -F` names, so the root's own walk has another.
    private func functionName(_ command: CompletionTree.Command) -> String {
        command.path.count == 1 ? prefix + "_root" : command.functionName
    }

    /// One command's function; `$1` is the index of the first word after its name.
    private func function(for command: CompletionTree.Command) -> [String] {
        let p = prefix
        var body = ["\(functionName(command))() {"]
        let subcommandNames = command.subcommands.flatMap { [$0.name] + $0.aliases }
        body.append("    \(p)_scan \"$1\" \(Executable.shellQuoted(command.valuedOptionNames.joined(separator: " "))) \(Executable.shellQuoted(subcommandNames.joined(separator: " ")))")
        if !command.subcommands.isEmpty {
            body.append("    case $\(p)_subcommand in")
            for subcommand in command.subcommands {
                let pattern = ([subcommand.name] + subcommand.aliases).map(Executable.shellQuoted).joined(separator: "|")
                body.append("        (\(pattern)) \(functionName(subcommand)) \"$\(p)_next\"; return ;;")
            }
            body.append("    esac")
        }
        let valued = command.options.filter(\.takesValue)
        if !valued.isEmpty {
            body.append("    case $\(p)_option in")
            for option in valued {
                let pattern = option.names.map(Executable.shellQuoted).joined(separator: "|")
                body.append("        (\(pattern)) \(offer(option.completion)); return ;;")
            }
            body.append("    esac")
        }
        let optionWords = Self.lines(command.optionNames)
        body.append("    if (( ! \(p)_ended )) && [[ $\(p)_value == -* ]]; then \(p)_offer \(optionWords); return; fi")
        if !command.subcommands.isEmpty {
            body.append("    if (( \(p)_positional == 0 )); then \(p)_offer \(Self.lines(command.subcommands.map(\.name))); return; fi")
        }
        if !command.positionals.isEmpty {
            body.append("    case $\(p)_positional in")
            for (index, positional) in command.positionals.enumerated() {
                // A repeating argument takes every word from its place on.
                body.append("        (\(positional.isRepeating ? "*" : String(index))) \(offer(positional.completion)); return ;;")
                if positional.isRepeating { break }
            }
            body.append("    esac")
        }
        // Past the arguments: what else can be given.
        body.append("    \(p)_offer \(optionWords)")
        body.append("}")
        return body
    }

    private func offer(_ completion: CompletionKind) -> String {
        switch completion.source {
        case .none: return ":"
        case .list(let words): return "\(prefix)_offer \(Self.lines(words))"
        case .file(let extensions): return "\(prefix)_files \(Executable.shellQuoted(extensions.joined(separator: " ")))"
        case .directory: return "\(prefix)_directories"
        case .custom(let name): return "\(prefix)_candidates \(name)"
        }
    }

    /// Words one a line, in ANSI-C quotes: `$'init\ndemo'`.
    static func lines(_ words: [String]) -> String {
        "$'" + words.map { $0.replacing(#"\"#, with: #"\\"#).replacing("'", with: #"\'"#) }
            .joined(separator: #"\n"#) + "'"
    }

    private func helpers() -> String {
        let p = prefix
        let forwarded = tree.forwardedOptions.compactMap(\.long)
        let forwarding = forwarded.isEmpty ? "" : #"""
                    case ${\#(p)_words[i]} in
                        (\#(forwarded.map(Executable.shellQuoted).joined(separator: "|"))) (( i + 1 < last )) && \#(p)_forward+=("${\#(p)_words[i]}" "${\#(p)_words[i + 1]}") ;;
                        (\#(forwarded.map { Executable.shellQuoted($0 + "=") + "*" }.joined(separator: "|"))) \#(p)_forward+=("${\#(p)_words[i]}") ;;
                    esac

            """#
        return #"""
            # Splits the line up to the cursor as the shell will run it. \#(p)_words gets the words with
            # their quotes and backslashes taken away, the last one being the word under completion;
            # \#(p)_kept gets the start of that word that the shell keeps when it puts a completion in:
            # up to an open quote, or to a ':' or '=' that splits words for completion; \#(p)_quote
            # gets the quote left open (' or "), which the completion goes inside. \#(p)_operator is 1
            # when that word holds a bare ';', '&', '|', '<', '>', '(' or ')': what follows is no
            # argument of the tool's, and nothing is offered.
            \#(p)_split() {
                local line=$1 word='' quote='' started=0 before_quote='' char i
                \#(p)_words=()
                \#(p)_kept='' \#(p)_operator=0
                for (( i = 0; i < ${#line}; i++ )); do
                    char=${line:i:1}
                    if [[ $quote == "'" ]]; then
                        if [[ $char == "'" ]]; then quote=''; else word+=$char; fi
                    elif [[ $quote == '"' ]]; then
                        if [[ $char == '"' ]]; then quote=''
                        elif [[ $char == '\' && ${line:i+1:1} == [\"\\\$\`] ]]; then word+=${line:i+1:1}; (( i++ ))
                        else word+=$char; fi
                    elif [[ $char == '\' ]]; then
                        word+=${line:i+1:1}; (( i++ )); started=1
                    elif [[ $char == [\"\'] ]]; then
                        quote=$char; started=1; before_quote=$word
                    elif [[ $char == [[:space:]] ]]; then
                        if (( started )); then \#(p)_words+=("$word"); fi
                        word=''; started=0; \#(p)_kept='' \#(p)_operator=0
                    else
                        word+=$char; started=1
                        # Readline starts the word after a break, or at it for '@' and '$'.
                        if [[ $COMP_WORDBREAKS == *"$char"* ]]; then
                            if [[ $char == [@\$] ]]; then \#(p)_kept=${word%?}; else \#(p)_kept=$word; fi
                        fi
                        if [[ $char == [\;\&\|\<\>\(\)] ]]; then \#(p)_operator=1; fi
                    fi
                done
                if [[ -n $quote ]]; then \#(p)_kept=$before_quote; fi
                \#(p)_quote=$quote
                \#(p)_words+=("$word")
            }

            # Walks a command's words from index $1; $2 lists its options that take a value, $3 its
            # subcommands. Sets \#(p)_subcommand and \#(p)_next when a subcommand is named; else
            # \#(p)_option when the word under completion is an option's value, and
            # \#(p)_positional: how many arguments come before it. After '--' (\#(p)_ended) every
            # word is an argument, even one that starts with a dash.
            \#(p)_scan() {
                local i=$1 last=$(( ${#\#(p)_words[@]} - 1 )) word
                \#(p)_subcommand='' \#(p)_next=0 \#(p)_option='' \#(p)_positional=0 \#(p)_lead='' \#(p)_ended=0
                \#(p)_value=${\#(p)_words[last]}
                while (( i < last )); do
                    word=${\#(p)_words[i]}
                    if (( ! \#(p)_ended )) && [[ $word == -?* ]]; then
                        if [[ $word == -- ]]; then
                            \#(p)_ended=1
                        elif [[ $word != *=* && " $2 " == *" $word "* ]]; then
                            if (( i + 1 == last )); then \#(p)_option=$word; return; fi
                            (( i++ ))
                        fi
                    elif (( \#(p)_positional == 0 )) && [[ -n $3 && " $3 " == *" $word "* ]]; then
                        \#(p)_subcommand=$word \#(p)_next=$(( i + 1 ))
                        return
                    else
                        (( \#(p)_positional++ ))
                    fi
                    (( i++ ))
                done
                if (( ! \#(p)_ended )) && [[ $\#(p)_value == --*=* ]]; then
                    \#(p)_option=${\#(p)_value%%=*} \#(p)_lead=${\#(p)_value%%=*}= \#(p)_value=${\#(p)_value#*=}
                fi
            }

            # Offers each line of $1 that starts with the value under completion, written as the line
            # needs it (\#(p)_quoted). With $2, the words are names from the store: one that starts
            # with a dash is offered only after '--', where it cannot be taken for an option.
            \#(p)_offer() {
                local candidate
                COMPREPLY=()
                while IFS= read -r candidate; do
                    [[ -z $candidate || $candidate == *[[:cntrl:]]* ]] && continue
                    [[ $candidate == "$\#(p)_value"* ]] || continue
                    [[ -n $2 && -z $\#(p)_option && \#(p)_ended -eq 0 && $candidate == -[!0-9]* ]] && continue
                    candidate=$\#(p)_lead$candidate
                    \#(p)_quoted "${candidate#"$\#(p)_kept"}"
                done <<< "$1"
                # A lone folder is completed further inside, so no space after its slash.
                if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]]; then compopt -o nospace 2>/dev/null; fi
                return 0
            }

            # Adds $1 to COMPREPLY as one word for the line, whatever it holds: inside the quote left
            # open, or else with a backslash before each character the shell reads (printf %q).
            # Nothing is left for the shell to expand, run or split, and the quote is closed after it.
            \#(p)_quoted() {
                local text=$1 single="'" double='"' backslash='\'
                case $\#(p)_quote in
                    ("'") text=${text//"$single"/"$single\\$single$single"} ;;
                    ('"')
                        text=${text//"$backslash"/"$backslash$backslash"}
                        text=${text//"$double"/"$backslash$double"}
                        text=${text//'$'/"$backslash\$"}
                        text=${text//'`'/"$backslash\`"}
                        # History expansion sees '!' even after a backslash in double quotes.
                        text=${text//'!'/"$double$single!$single$double"} ;;
                    # A comma is plain where no brace is left bare: lists such as 'l,ax1' stay readable.
                    (*) [[ -n $text ]] && printf -v text %q "$text" && text=${text//"$backslash,"/,} ;;
                esac
                # Readline closes the quote unless the word already ends in that character.
                if [[ -n $\#(p)_quote && $text == *"$\#(p)_quote" ]]; then text+=$\#(p)_quote; fi
                COMPREPLY+=("$text")
            }

            # Candidates the tool itself prints: the store's screens, the checklist's items, sizes.
            \#(p)_candidates() {
                local tool=${\#(p)_words[0]}
                type -P -- "$tool" >/dev/null 2>&1 || tool=\#(tree.toolName)
                \#(p)_offer "$("$tool" ${\#(p)_forward[@]+"${\#(p)_forward[@]}"} \#(tree.candidatesCommand) "$1" -- "$\#(p)_value" 2>/dev/null)" names
            }

            # Files (with one of the extensions in $1, when given) and folders, each folder with a slash.
            \#(p)_files() {
                local extensions=" $1 " name names=''
                while IFS= read -r name; do
                    if [[ -d $name ]]; then names+=${name%/}/$'\n'
                    elif [[ -z $1 || $extensions == *" ${name##*.} "* ]]; then names+=$name$'\n'; fi
                done < <(compgen -f -- "$\#(p)_value")
                \#(p)_offer "$names"
            }

            \#(p)_directories() {
                local name names=''
                while IFS= read -r name; do
                    [[ -n $name ]] && names+=${name%/}/$'\n'
                done < <(compgen -d -- "$\#(p)_value")
                \#(p)_offer "$names"
            }

            \#(tree.root.functionName)() {
                local \#(p)_words \#(p)_kept \#(p)_quote \#(p)_operator \#(p)_subcommand \#(p)_next \#(p)_option \#(p)_positional \#(p)_value \#(p)_lead \#(p)_ended
                local -a \#(p)_forward=()
                local line=${COMP_LINE-} i last
                # Called without the line, as some wrappers do: the words stand for it.
                if [[ -z $line ]]; then line="${COMP_WORDS[*]:0:COMP_CWORD+1}"; else line=${line:0:COMP_POINT}; fi
                \#(p)_split "$line"
                COMPREPLY=()
                (( \#(p)_operator )) && return 0
                last=$(( ${#\#(p)_words[@]} - 1 ))
                # Options such as --store change where candidates come from: pass them on.
                for (( i = 1; i < last; i++ )); do
            \#(forwarding.isEmpty ? "        :\n" : forwarding)    done
                \#(p)_root 1
            }
            """#
    }
}
