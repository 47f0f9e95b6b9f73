import Output

/// A value a user typed that the store will not accept, said in one line.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Limits on what people type, so that every name fits on a line and no text can break a report.
public enum InputRules {
    public static let maximumNameLength = 200
    public static let maximumNoteLength = 20_000

    /// A screen, flow or owner name: one line, not empty, no control characters.
    public static func name(_ text: String, what: String) throws(InputError) -> String {
        let trimmed = String(text.trimmingSpaces)
        if trimmed.isEmpty { throw InputError("\(what) cannot be empty") }
        if trimmed.count > maximumNameLength {
            throw InputError("\(what) is \(trimmed.count) characters long; the limit is \(maximumNameLength)")
        }
        if let scalar = trimmed.unicodeScalars.first(where: \.isControlCharacter) {
            throw InputError("\(what) must be one line without control characters (found \(scalar.codePoint))")
        }
        return trimmed
    }

    /// A note or reference: may span lines, but holds no other control characters.
    public static func note(_ text: String, what: String = "the note") throws(InputError) -> String? {
        let trimmed = String(text.trimmingSpaces)
        if trimmed.isEmpty { return nil }
        if trimmed.utf8.count > maximumNoteLength {
            throw InputError("\(what) is \(trimmed.utf8.count) bytes long; the limit is \(maximumNoteLength)")
        }
        if let scalar = trimmed.unicodeScalars.first(where: { $0.isControlCharacter && $0 != "\n" && $0 != "\t" }) {
            throw InputError("\(what) holds a control character (\(scalar.codePoint)); only line breaks and tabs are allowed")
        }
        return trimmed.replacingCarriageReturns()
    }
}

/// How large an audit may grow: every command reads a whole audit's screens, and a recorded scan
/// matches every file pattern against the scanned files, so these bounds keep each command fast and
/// its memory small whatever a shared file holds (Docs/robustness.md, "Limits of a shared file").
public struct AuditBounds: Error, Sendable, CustomStringConvertible {
    public static let maximumScreens = 10_000
    public static let maximumFilePatterns = 1_000
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

extension String {
    func replacingCarriageReturns() -> String {
        String(self.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n"))
    }
}
