/// What `JSONReader` gives back: values that know their line, the one kind of error it throws, and
/// how a message quotes a value from the file.
extension JSONReader {
    public static let maximumDepth = 32
    public static let maximumStringBytes = 1 << 20

    /// A parsed value and the line it starts on (1-based).
    public struct Node: Sendable {
        public enum Value: Sendable {
            case null
            case bool(Bool)
            /// The number as written, converted by the reader that knows what it should be.
            case number(String)
            case string(String)
            case array([Node])
            case object([(key: String, value: Node)])
        }

        public var value: Value
        public var line: Int

        /// A short description of the value's kind, for messages ("a string", "an array").
        public var kind: String {
            switch value {
            case .null: "null"
            case .bool: "true or false"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    public struct SyntaxError: Error, Sendable, Equatable {
        public let line: Int
        public let message: String
        /// The input ended before the document did: the file was cut short.
        public let truncated: Bool
    }

    /// A value from the file made safe and short enough to quote in a one-line message.
    public static func shown(_ text: String, limit: Int = 40) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit { return result + "…" }
            if scalar.isUnsafeToShow {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }
}
