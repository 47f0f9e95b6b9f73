import Output
import Platform
import TerminalStyle

/// An error that knows the exit status it should end the program with.
public protocol ExitStatusProviding: Error {
    var exitStatus: Int32 { get }
}

extension ParsableCommand {
    /// Runs a copy, so that `run()` can be called on a command held as an existential.
    func runCopy() throws {
        var command = self
        try command.run()
    }

    /// Parses the process arguments, runs the command, prints any error on one line to standard
    /// error, and exits: 0 on success, 64 for usage errors, 1 or the error's own status otherwise.
    public static func main(_ arguments: [String]? = nil) -> Never {
        if System.reserveStandardStreams().contains(.output) { BufferedOutput.standardOutput.markClosed() }
        let status = execute(arguments ?? Array(CommandLine.arguments.dropFirst()))
        System.exit(status)
    }

    /// Runs a command line and returns the exit status, printing to the standard streams.
    public static func execute(_ arguments: [String]) -> Int32 {
        CommandLineTool.execute(root: self, arguments: arguments)
    }
}

enum CommandLineTool {
    /// How a command line ends: its exit status, the help or version text it prints, and its error line.
    struct Outcome {
        var status: Int32
        var output = ""
        var errorLine: String?
    }

    static func execute(root: any ParsableCommand.Type, arguments: [String]) -> Int32 {
        let errorStyle = Style.automatic(for: .error, choice: .given(in: arguments))
        let outputStyle = Style.automatic(for: .output, choice: .given(in: arguments))
        let width = min(100, System.terminalColumns() ?? 80)
        var outcome = outcome(root: root, arguments: arguments, width: width, outputStyle: outputStyle, errorStyle: errorStyle)
        let output = BufferedOutput.standardOutput
        if !outcome.output.isEmpty { output.write(outcome.output) }
        output.flush()
        // Output that did not arrive (a full disk, a closed stream) is a failure, whatever the
        // command decided; an error the command already reports comes first.
        if output.failed && (outcome.status == 0 || outcome.errorLine == nil) {
            outcome.status = ExitCode.ioError.rawValue
            outcome.errorLine = errorStyle.red("error:") + " cannot write to standard output: " + output.failureDescription
        }
        if let line = outcome.errorLine { report(line) }
        return outcome.status
    }

    /// Parses and runs a command line; what the tool itself prints comes back instead of being written.
    static func outcome(root: any ParsableCommand.Type, arguments: [String], width: Int, outputStyle: Style, errorStyle: Style) -> Outcome {
        let name = root.commandName
        do {
            let arguments = try rewriteHelpCommand(root: root, arguments)
            let result = try Parser.parse(root: root, arguments: arguments)
            try result.command.runCopy()
            return Outcome(status: 0)
        } catch let request as HelpRequest {
            let path = commandPath(root: root, to: request.command)
            return Outcome(status: 0, output: Help.render(path: path, width: width, style: outputStyle))
        } catch is VersionRequest {
            return Outcome(status: 0, output: (root.configuration.version ?? "") + "\n")
        } catch let error as ContextualUsageError {
            let commandLine = error.path.map { $0.commandName }.joined(separator: " ")
            let hint = error.path.count > 1 ? " (see '\(name) help \(error.path.dropFirst().map { $0.commandName }.joined(separator: " "))')" : " (see '\(commandLine) --help')"
            return Outcome(status: ExitCode.usage.rawValue, errorLine: errorStyle.red("error:") + " " + error.error.message + errorStyle.dim(hint))
        } catch let error as ValidationError {
            return Outcome(status: ExitCode.usage.rawValue, errorLine: errorStyle.red("error:") + " " + TextLayout.singleLine(error.message))
        } catch let code as ExitCode {
            return Outcome(status: code.rawValue)
        } catch {
            let status = (error as? ExitStatusProviding)?.exitStatus ?? 1
            return Outcome(status: status, errorLine: errorStyle.red("error:") + " " + TextLayout.singleLine(String(describing: error)))
        }
    }

    private static func report(_ line: String) {
        BufferedOutput.standardOutput.flush()
        BufferedOutput.standardError.write(line + "\n")
    }

    /// `help record` is `record --help`; `help` alone is `--help`.
    private static func rewriteHelpCommand(root: any ParsableCommand.Type, _ arguments: [String]) throws -> [String] {
        guard arguments.first == "help" else { return arguments }
        var path: [any ParsableCommand.Type] = [root]
        // `help --help` and `help record -h` ask for the same help, and `help help` for the list
        // of commands that help is about.
        for word in arguments.dropFirst() where word != "--help" && word != "-h" && !(word == "help" && path.count == 1) {
            guard let next = path.last!.configuration.subcommands.first(where: { $0.commandName == word || $0.configuration.aliases.contains(word) }) else {
                throw ContextualUsageError(path: path, error: .unknownCommand(word, suggestion: path.last!.configuration.suggestion(for: word)))
            }
            path.append(next)
        }
        throw HelpRequest(command: path.last!)
    }

    /// The chain of commands from the root to `target`.
    static func commandPath(root: any ParsableCommand.Type, to target: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
        func search(_ path: [any ParsableCommand.Type]) -> [any ParsableCommand.Type]? {
            if path.last! == target { return path }
            for subcommand in path.last!.configuration.subcommands {
                if let found = search(path + [subcommand]) { return found }
            }
            return nil
        }
        return search([root]) ?? [root, target]
    }
}
