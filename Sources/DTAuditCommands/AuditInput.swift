import ArgumentParsing
import Platform

/// What the auditor asked for at the answer prompt.
enum AuditInputEvent: Equatable {
    case pass, fail, notApplicable, skip, back, quit, help
    /// Pass every check still to do at the size of the current one.
    case passRest
    /// A note for the next answer; the text when it came on the same line.
    case note(String?)
    /// A file to attach to the next answer; the path when it came on the same line.
    case evidence(String?)
    /// Ctrl-C on a terminal.
    case interrupt
    /// The input ended.
    case end
    /// Something that is not an answer.
    case unknown(String)
}

/// Where a guided audit's answers come from.
protocol AuditInput: AnyObject {
    /// Single keys on a terminal, rather than lines from a pipe or a file.
    var isTerminal: Bool { get }
    /// The next answer.
    func next() -> AuditInputEvent
    /// A line of text (a note, a path); nil when the input ended.
    func line() -> String?
    /// Where the last answer came from, for messages about piped input: `line 7`.
    var position: String { get }
    /// Whether Ctrl-C ended the last line of text, rather than Enter.
    var lineInterrupted: Bool { get }
}

/// Keys on a terminal in raw mode: one key is one answer, no Enter needed.
final class TerminalKeys: AuditInput {
    private let reader = InputReader()
    let isTerminal = true
    var position: String { "" }

    func next() -> AuditInputEvent {
        while true {
            guard let byte = reader.readByte() else { return .end }
            switch byte {
            case 3: return .interrupt
            case 4: return .quit
            case 13, 10, 32: continue
            case 27, 0x80...:
                // An escape sequence (arrow keys) or a character beyond ASCII: drop the rest of it.
                reader.discardBuffered()
                return .unknown(byte == 27 ? "an arrow or function key" : "that key")
            default:
                let key = Character(Unicode.Scalar(byte))
                switch key.lowercased() {
                case "p": return .pass
                case "r": return .passRest
                case "f": return .fail
                case "a": return .notApplicable
                case "s": return .skip
                case "b": return .back
                case "n": return .note(nil)
                case "e": return .evidence(nil)
                case "q": return .quit
                case "?", "h": return .help
                default: return .unknown(byte < 32 || byte == 127 ? "that key" : "'\(key)'")
                }
            }
        }
    }

    var lineInterrupted: Bool { reader.lineInterrupted }

    /// A line typed with the terminal's line editing; Ctrl-C ends it (`lineInterrupted`) rather
    /// than ending the process, so that the answer it belongs to is saved first.
    func line() -> String? {
        BufferedOutput.standardOutput.flush()
        return Terminal.withLineMode(interruptEndsLine: true) { reader.readLine(interruptible: true) }
    }
}

/// Answers piped in, one a line: `p` or `pass`, `f`/`fail`, `a`/`na`/`n/a`, `s`/`skip`,
/// `b`/`back`, `n`/`note TEXT`, `e`/`evidence FILE`, `q`/`quit`. Blank lines and `#` comments are
/// skipped at the answer prompt.
final class PipedLines: AuditInput {
    private let reader = InputReader()
    private var lineNumber = 0
    let isTerminal = false
    let lineInterrupted = false
    var position: String { "line \(lineNumber)" }

    func next() -> AuditInputEvent {
        while let text = line() {
            let trimmed = text.trimmedLine
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let word = String(trimmed.prefix { !$0.isWhitespace }).lowercased()
            let rest = String(trimmed.dropFirst(word.count).drop { $0.isWhitespace })
            switch word {
            case "p", "pass": if rest.isEmpty { return .pass }
            case "r", "rest": if rest.isEmpty { return .passRest }
            case "f", "fail": if rest.isEmpty { return .fail }
            case "a", "na", "n/a": if rest.isEmpty { return .notApplicable }
            case "s", "skip": if rest.isEmpty { return .skip }
            case "b", "back", "u", "undo": if rest.isEmpty { return .back }
            case "q", "quit", "exit": if rest.isEmpty { return .quit }
            case "?", "h", "help": return .help
            case "n", "note": return .note(rest.isEmpty ? nil : rest)
            case "e", "evidence": return .evidence(rest.isEmpty ? nil : rest)
            default: break
            }
            return .unknown(trimmed)
        }
        return .end
    }

    func line() -> String? {
        BufferedOutput.standardOutput.flush()
        guard let text = reader.readLine() else { return nil }
        lineNumber += 1
        return text
    }
}

/// An answer line that is not an answer, in piped input: the walk stops there.
struct AuditInputError: Error, CustomStringConvertible, ExitStatusProviding {
    let position: String
    let problem: String
    let exitStatus: Int32

    var description: String { "\(position): \(problem)" }
}
