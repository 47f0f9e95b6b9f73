import Output

/// Something wrong with the command line. Printed on one line; the program exits with 64.
enum UsageError: Error {
    case unknownOption(String, suggestion: String?)
    case unknownCommand(String, suggestion: String?)
    case missing(Definition)
    case missingValue(String)
    case invalidValue(spelling: String, message: String)
    case unexpectedArgument(String)
    case repeated(String)
    case conflict(String, String)
    case noValueAllowed(String)
    case validation(String)
    /// Options given to a group with no command after them; `swallowed` is a command's name that
    /// an option took as its value (`dtaudit --store status`).
    case missingCommand(swallowed: (option: String, command: String)?)
    /// A value that looks like a misspelled option (`--note --verbos`).
    case optionLikeValue(option: String, value: String, suggestion: String)

    /// The message on one line: what the user typed may hold line breaks and other control characters.
    var message: String {
        TextLayout.singleLine(text)
    }

    private var text: String {
        switch self {
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missing(let definition):
            switch definition.kind {
            case .positional: return "missing \(definition.placeholder)"
            case .choice: return "missing one of " + definition.spellings.joined(separator: ", ")
            case .option, .flag: return "missing \(definition.spellings.first ?? "") \(definition.placeholder)"
            }
        case .missingValue(let name):
            return "\(name) needs a value"
        case .invalidValue(let spelling, let message):
            return spelling.hasPrefix("-") ? "\(spelling): \(message)" : message
        case .unexpectedArgument(let text):
            return "unexpected argument '\(text)'"
        case .repeated(let name):
            return "\(name) was given more than once"
        case .conflict(let first, let second):
            return "\(first) and \(second) cannot be used together"
        case .noValueAllowed(let name):
            return "\(name) does not take a value"
        case .validation(let message):
            return message
        case .missingCommand(let swallowed):
            guard let swallowed else { return "missing a command after the options" }
            return "'\(swallowed.command)' was read as the value of \(swallowed.option), so no command was given; "
                + "give \(swallowed.option) its value first: \(swallowed.option) VALUE \(swallowed.command)"
        case .optionLikeValue(let option, let value, let suggestion):
            return "\(option) takes a value, and '\(value)' looks like \(suggestion) misspelled; to give that text, write \(option)=\(value)"
        }
    }
}
