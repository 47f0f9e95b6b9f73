import Platform

/// Terminal colours and emphasis, applied only when they are wanted: on a terminal, never with
/// `NO_COLOR` set, never for `TERM=dumb`, unless `--color` says otherwise.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Whether output written to `stream` should be coloured. `always` and `never` are the user's
    /// word for this run and outrank NO_COLOR, as no-color.org asks of command-line flags.
    public static func automatic(for stream: StandardStream, choice: ColorChoice = .auto) -> Style {
        switch choice {
        case .always: return Style(enabled: true)
        case .never: return Style(enabled: false)
        case .auto: break
        }
        if let noColor = System.environment("NO_COLOR"), !noColor.isEmpty { return Style(enabled: false) }
        if System.environment("TERM") == "dumb" { return Style(enabled: false) }
        return Style(enabled: stream.isTerminal)
    }

    public static let plain = Style(enabled: false)

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func blue(_ text: String) -> String { wrap(text, "34") }
    public func magenta(_ text: String) -> String { wrap(text, "35") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }
}

/// `--color`: when to colour the output.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}

extension ColorChoice {
    /// The choice a command line makes, read before parsing so that even a usage error is styled
    /// as asked: the last `--color WHEN`, `--color=WHEN` or `--no-color` wins.
    public static func given(in arguments: [String]) -> ColorChoice {
        var choice = ColorChoice.auto
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--no-color" {
                choice = .never
            } else if argument == "--color", index + 1 < arguments.count {
                choice = ColorChoice(rawValue: arguments[index + 1]) ?? choice
                index += 1
            } else if argument.hasPrefix("--color=") {
                choice = ColorChoice(rawValue: String(argument.dropFirst("--color=".count))) ?? choice
            }
            index += 1
        }
        return choice
    }
}
