import Platform

/// Terminal colours and emphasis, applied only when they are wanted: on a terminal, never with
/// `NO_COLOR` set, never for `TERM=dumb`, and never when the user passed `--no-color`.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Whether output written to `stream` should be coloured.
    public static func automatic(for stream: StandardStream, disabled: Bool = false) -> Style {
        if disabled { return Style(enabled: false) }
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
