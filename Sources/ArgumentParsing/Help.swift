import Output

/// Generates `--help` from the same declarations the parser reads, so the two never disagree.
enum Help {
    static func render(path: [any ParsableCommand.Type], width: Int, style: Style) -> String {
        let command = path.last!
        let configuration = command.configuration
        let instance = CommandInstance(command)
        let commandLine = path.map { $0.commandName }.joined(separator: " ")
        var lines: [String] = []

        if !configuration.abstract.isEmpty {
            lines += wrap(style.bold("OVERVIEW:") + " " + configuration.abstract, width: width, indent: 0, hanging: 2)
            lines.append("")
        }
        if !configuration.discussion.isEmpty {
            for paragraph in configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
                if paragraph.hasPrefix("  ") {
                    lines.append(String(paragraph))
                } else {
                    lines += paragraph.isEmpty ? [""] : wrap(String(paragraph), width: width, indent: 0, hanging: 0)
                }
            }
            lines.append("")
        }

        // Each option stays on one line with its value: the spaces inside one are unbreakable while wrapping.
        let usage = usageLine(commandLine: commandLine, command: command, instance: instance, space: "\u{00A0}")
        lines += wrap(style.bold("USAGE:") + " " + usage, width: width, indent: 0, hanging: 7)
            .map { String($0.map { $0 == "\u{00A0}" ? " " : $0 }) }
        lines.append("")

        let visible = instance.boxes.filter { !$0.definition.isHidden }
        let positionals = visible.filter { if case .positional = $0.definition.kind { return true } else { return false } }
        let own = visible.filter { !$0.definition.isGlobal && !isPositional($0.definition) }
        let global = visible.filter { $0.definition.isGlobal }

        if !positionals.isEmpty {
            lines.append(style.bold("ARGUMENTS:"))
            for box in positionals {
                lines += entry(box.definition.placeholder + (box.definition.isRepeating ? " ..." : ""), help: helpText(box.definition), width: width)
            }
            lines.append("")
        }

        lines.append(style.bold("OPTIONS:"))
        for box in own {
            let definition = box.definition
            if case .choice(let names) = definition.kind {
                for choice in names { lines += entry("--" + choice.name, help: choice.help, width: width) }
            } else {
                lines += entry(optionLabel(definition), help: helpText(definition), width: width)
            }
        }
        if !global.isEmpty && configuration.subcommands.isEmpty || path.count == 1 {
            for box in global { lines += entry(optionLabel(box.definition), help: helpText(box.definition), width: width) }
        }
        if path.count == 1, configuration.version != nil {
            lines += entry("--version", help: "Show the version.", width: width)
        }
        lines += entry("-h, --help", help: "Show help information.", width: width)
        lines.append("")

        if !configuration.subcommands.isEmpty {
            for section in configuration.visibleSections {
                lines.append(style.bold(((section.title.map { $0 + " " } ?? "") + "SUBCOMMANDS:").uppercased()))
                for subcommand in section.subcommands {
                    lines += entry(subcommand.commandName, help: subcommand.configuration.abstract, width: width)
                }
                lines.append("")
            }
            lines.append("  See '\(path.first!.commandName) help <subcommand>' for detailed help.")
            lines.append("")
        }

        if !configuration.examples.isEmpty {
            lines.append(style.bold("EXAMPLES:"))
            for example in configuration.examples {
                lines.append("  " + example.command)
                if !example.comment.isEmpty {
                    lines += wrap(example.comment, width: width, indent: 6, hanging: 0).map { style.dim($0) }
                }
            }
            lines.append("")
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `space` joins the words inside one part (`[--note <text>]`), so a wrapper can keep them together.
    static func usageLine(commandLine: String, command: any ParsableCommand.Type, instance: CommandInstance, space: String = " ") -> String {
        var parts = [commandLine]
        if !command.configuration.subcommands.isEmpty {
            parts.append("<subcommand>")
            return parts.joined(separator: " ")
        }
        for box in instance.boxes where !box.definition.isHidden && !box.definition.isGlobal {
            let definition = box.definition
            var part: String
            switch definition.kind {
            case .positional:
                part = definition.placeholder + (definition.isRepeating ? space + "..." : "")
            case .option:
                part = (definition.spellings.first ?? "") + space + definition.placeholder + (definition.isRepeating ? space + "..." : "")
            case .flag(let inversion):
                part = definition.spellings.first ?? ""
                if let inversion { part += space + "|" + space + "--" + inversion }
            case .choice(let names):
                part = "(" + names.map { "--" + $0.name }.joined(separator: space + "|" + space) + ")"
                if !definition.isRequired { part = "[" + part.dropFirst().dropLast() + "]" }
                parts.append(part)
                continue
            }
            parts.append(definition.isRequired ? part : "[" + part + "]")
        }
        return parts.joined(separator: " ")
    }

    static func isPositional(_ definition: Definition) -> Bool {
        if case .positional = definition.kind { return true }
        return false
    }

    static func optionLabel(_ definition: Definition) -> String {
        var label = ""
        if let short = definition.shortName { label += "-\(short), " }
        if let long = definition.longName { label += "--" + long }
        if definition.takesValue { label += " " + definition.placeholder }
        if case .flag(let inversion) = definition.kind, let inversion { label += ", --" + inversion }
        return label
    }

    static func helpText(_ definition: Definition) -> String {
        var text = definition.help
        if !definition.allowedValues.isEmpty && !text.contains(definition.allowedValues[0]) {
            text += " (values: " + definition.allowedValues.joined(separator: ", ") + ")"
        }
        if let defaultValue = definition.defaultDescription, !defaultValue.isEmpty, definition.takesValue || isPositional(definition) {
            text += " (default: \(defaultValue))"
        }
        if definition.isRepeating && definition.takesValue { text += " Repeatable." }
        return text
    }

    /// A help entry: the label in a 26-column gutter, the text wrapped beside it.
    static func entry(_ label: String, help: String, width: Int) -> [String] {
        let gutter = 26
        let lead = "  " + label
        let textLines = LayoutHelp.wrapWords(help, width: max(20, width - gutter))
        var result: [String] = []
        if TextLayout.width(lead) >= gutter - 1 || textLines.isEmpty {
            result.append(lead)
            result += textLines.map { String(repeating: " ", count: gutter) + $0 }
        } else {
            result.append(TextLayout.pad(lead, to: gutter) + textLines[0])
            result += textLines.dropFirst().map { String(repeating: " ", count: gutter) + $0 }
        }
        return result
    }

    static func wrap(_ text: String, width: Int, indent: Int, hanging: Int) -> [String] {
        let lines = LayoutHelp.wrapWords(text, width: max(20, width - indent - hanging))
        return lines.enumerated().map { index, line in
            String(repeating: " ", count: index == 0 ? indent : indent + hanging) + line
        }
    }
}

enum LayoutHelp {
    static func wrapWords(_ text: String, width: Int) -> [String] {
        text.isEmpty ? [] : TextLayout.wrap(text, width: width)
    }
}
