/// The manual page, in mdoc (the macro set `man` reads on macOS and Linux), written from the same
/// declarations as the parser, `--help` and the completion scripts, so that it never drifts from them.
public enum ManualPage {
    /// A section of the page after the commands: `EXIT STATUS`, `FILES`, `SEE ALSO`...
    public struct Section: Sendable {
        public var title: String
        /// Paragraphs; a paragraph whose lines start with two spaces is kept as a literal block.
        public var paragraphs: [String]

        public init(title: String, paragraphs: [String]) {
            self.title = title
            self.paragraphs = paragraphs
        }
    }

    /// The page of `root` and every visible command under it. `date` is the page's `Dd` (`December 1,
    /// 2026`): passed in, so that the same tool always writes the same bytes.
    public static func render(root: any ParsableCommand.Type, date: String, sections: [Section] = []) -> String {
        var page = Page()
        let name = root.commandName
        page.macro("Dd", date)
        page.macro("Dt", name.uppercased() + " 1")
        page.macro("Os")
        page.macro("Sh", "NAME")
        page.macro("Nm", name)
        page.macro("Nd", sentence(root.configuration.abstract))
        page.macro("Sh", "SYNOPSIS")
        page.macro("Nm")
        page.macro("Ar", "command")
        page.macro("Op", "Ar options")
        page.macro("Sh", "DESCRIPTION")
        page.paragraphs(root.configuration.discussion)
        let global = CommandInstance(root).boxes.map(\.definition).filter { !$0.isHidden }
        if !global.isEmpty {
            page.text("Every command takes these options:")
            page.options(global)
        }
        // Option groups every command shares are described once above; groups some commands share
        // (`--by`, `--owner`) are listed with each of them.
        let everywhere = Set(global.flatMap(\.spellings))
        let groups = root.configuration.visibleSections
        if groups.isEmpty { page.macro("Sh", "COMMANDS") }
        // A section per group of commands help lists, as git's page has its high- and low-level commands.
        for section in groups {
            page.macro("Sh", ((section.title.map { $0 + " " } ?? "") + "COMMANDS").uppercased())
            for path in section.subcommands.flatMap({ commandPaths(from: [root, $0]) }) {
                page.command(path, leaving: everywhere)
            }
        }
        for section in sections {
            page.macro("Sh", section.title.uppercased())
            page.paragraphs(section.paragraphs.joined(separator: "\n\n"))
        }
        return page.text
    }

    /// Every command a user can run, in the order `--help` lists them, with the path from the root.
    static func commandPaths(_ root: any ParsableCommand.Type) -> [[any ParsableCommand.Type]] {
        commandPaths(from: [root])
    }

    /// The commands a user can run at `path` or under it, with the path from the root.
    static func commandPaths(from path: [any ParsableCommand.Type]) -> [[any ParsableCommand.Type]] {
        let children = path.last!.configuration.visibleSubcommands
        let own: [[any ParsableCommand.Type]] = path.count > 1 && children.isEmpty ? [path] : []
        return own + children.flatMap { commandPaths(from: path + [$0]) }
    }

    /// The abstract as `Nd` wants it: no full stop at the end.
    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// `text` cut after each full stop, question or exclamation mark that ends a sentence.
    static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            if character == " ", let last = previous, ".?!".contains(last), !current.isEmpty {
                result.append(current)
                current = ""
                previous = nil
                continue
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Text made safe for a roff line: a backslash is written `\e`, and a line may not start with a
    /// period or an apostrophe, which roff would read as a request.
    static func escaped(_ text: String) -> String {
        var body = ""
        for character in text { body += character == "\\" ? "\\e" : String(character) }
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    /// The page as it is written, one roff line at a time.
    struct Page {
        var text = ""

        mutating func macro(_ name: String, _ arguments: String = "") {
            text += "." + name + (arguments.isEmpty ? "" : " " + arguments) + "\n"
        }

        /// One line of text; sentences each start a line of their own, as roff expects, so that it
        /// can set the space after a full stop.
        mutating func line(_ body: String) {
            for sentence in ManualPage.sentences(body) { text += ManualPage.escaped(sentence) + "\n" }
        }

        /// A literal line, kept whole.
        mutating func literal(_ body: String) {
            text += ManualPage.escaped(body) + "\n"
        }

        mutating func text(_ paragraph: String) {
            // A heading already starts a paragraph: mandoc flags a second start as noise.
            let last = text.split(separator: "\n").last ?? ""
            if !last.hasPrefix(".Sh") && !last.hasPrefix(".Ss") { macro("Pp") }
            line(paragraph)
        }

        /// Paragraphs separated by blank lines; lines indented by two spaces are a literal display.
        mutating func paragraphs(_ body: String) {
            var prose: [String] = []
            var literal: [String] = []
            func flush() {
                if !prose.isEmpty { text(prose.joined(separator: " ")); prose = [] }
                if !literal.isEmpty {
                    macro("Bd", "-literal -offset indent")
                    for line in literal { self.literal(line) }
                    macro("Ed")
                    literal = []
                }
            }
            for raw in body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if raw.isEmpty {
                    flush()
                } else if raw.hasPrefix("  ") {
                    if !prose.isEmpty { flush() }
                    literal.append(String(raw.dropFirst(2)))
                } else {
                    if !literal.isEmpty { flush() }
                    prose.append(raw)
                }
            }
            flush()
        }

        mutating func options(_ definitions: [Definition]) {
            macro("Bl", "-tag -width Ds")
            for definition in definitions {
                if case .choice(let names) = definition.kind {
                    for choice in names {
                        macro("It", "Fl " + flag("--" + choice.name))
                        line(choice.help)
                    }
                    continue
                }
                macro("It", label(definition))
                line(Help.helpText(definition))
            }
            macro("El")
        }

        /// `Fl -size Ar sizes`, `Ar screen`, `Fl -critical , Fl -not-critical`.
        func label(_ definition: Definition) -> String {
            switch definition.kind {
            case .positional:
                return "Ar " + (definition.valueName ?? ArgumentNames.kebabCase(definition.propertyName))
            case .option, .flag, .choice:
                var parts: [String] = []
                if let short = definition.shortName { parts.append("Fl " + flag("-" + String(short))) }
                if let long = definition.longName { parts.append("Fl " + flag("--" + long)) }
                var label = parts.joined(separator: " , ")
                if definition.takesValue { label += " Ar " + (definition.valueName ?? ArgumentNames.kebabCase(definition.propertyName)) }
                if case .flag(let inversion) = definition.kind, let inversion { label += " , Fl " + flag("--" + inversion) }
                return label
            }
        }

        /// `Fl` writes one dash itself: `--size` is given as `-size`.
        func flag(_ spelling: String) -> String {
            String(spelling.dropFirst())
        }

        mutating func command(_ path: [any ParsableCommand.Type], leaving shared: Set<String>) {
            let command = path.last!
            let configuration = command.configuration
            let words = path.dropFirst().map { $0.commandName }.joined(separator: " ")
            macro("Ss", words)
            let instance = CommandInstance(command)
            let usage = Help.usageLine(commandLine: path.map { $0.commandName }.joined(separator: " "), command: command, instance: instance)
            macro("Bd", "-literal -offset indent")
            literal(usage)
            macro("Ed")
            text(configuration.abstract)
            if !configuration.discussion.isEmpty { paragraphs(configuration.discussion) }
            let own = instance.boxes.map(\.definition).filter { definition in
                !definition.isHidden && (definition.spellings.isEmpty || !definition.spellings.allSatisfy(shared.contains))
            }
            if !own.isEmpty { options(own) }
            if !configuration.examples.isEmpty {
                macro("Pp")
                line("Examples:")
                macro("Bd", "-literal -offset indent")
                for example in configuration.examples {
                    if !example.comment.isEmpty { literal("# " + example.comment) }
                    literal(example.command)
                }
                macro("Ed")
            }
        }
    }
}
