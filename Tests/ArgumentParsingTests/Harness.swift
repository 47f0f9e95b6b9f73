import Output
import Testing
@testable import ArgumentParsing

/// What `kit` prints and returns for a command line, captured without starting a process.
struct Run {
    let status: Int32
    /// Help or version text: what the tool itself prints on standard output.
    let output: String
    /// The error line printed on standard error, without its line break, or nil.
    let error: String?

    init(_ arguments: [String], root: any ParsableCommand.Type = Kit.self, width: Int = 80) {
        let outcome = CommandLineTool.outcome(root: root, arguments: arguments, width: width, outputStyle: .plain, errorStyle: .plain)
        status = outcome.status
        output = outcome.output
        error = outcome.errorLine
    }
}

/// Parses a command line of `kit` and returns the command it names, filled in.
func parse<Command: ParsableCommand>(_ arguments: [String], as type: Command.Type = Command.self,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws -> Command {
    let result = try Parser.parse(root: Kit.self, arguments: arguments)
    return try #require(result.command as? Command, "parsed as \(Swift.type(of: result.command))", sourceLocation: sourceLocation)
}

/// The command path a command line of `kit` selects, as typed: `["kit", "shelf", "add"]`.
func commandPath(_ arguments: [String]) throws -> [String] {
    try Parser.parse(root: Kit.self, arguments: arguments).path.map { $0.commandName }
}

/// The message of the usage error a command line of `kit` ends with, or nil when it parses.
func usageMessage(_ arguments: [String], root: any ParsableCommand.Type = Kit.self) -> String? {
    do {
        _ = try Parser.parse(root: root, arguments: arguments)
        return nil
    } catch let error as ContextualUsageError {
        return error.error.message
    } catch {
        return "not a usage error: \(error)"
    }
}
