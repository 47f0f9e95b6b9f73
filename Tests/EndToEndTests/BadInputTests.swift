import Foundation
import Testing

/// Every kind of bad input gets one clear line, the documented exit code, and leaves the store
/// exactly as it was.
@Suite(.tags(.endToEnd)) struct BadInputTests {
    /// Runs a command that must fail with `status`, print one line on standard error containing
    /// `message`, and change no byte of the store.
    func expectRefusal(_ cli: CLI, _ arguments: [String], status: Int32, message: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try cli.storeBytes()
        let result = try cli.run(arguments)
        #expect(result.status == status, "exit status of \(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
        #expect(try cli.storeBytes() == before, "the store changed after \(arguments)", sourceLocation: sourceLocation)
    }

    @Test func unknownNamesGetDidYouMeanAndChangeNothing() throws {
        let cli = try CLI().initialized()
        try expectRefusal(cli, ["record", "Chekout", "--size", "ax5", "--item", "all", "--pass"], status: 64, message: "no screen named 'Chekout'; did you mean 'Checkout'?")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax6", "--item", "all", "--pass"], status: 64, message: "unknown size 'ax6'; did you mean 'ax5'?")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5", "--item", "no-truncaton", "--pass"], status: 64, message: "unknown item 'no-truncaton'; did you mean 'no-truncation'?")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5,", "--item", "all", "--pass"], status: 64, message: "unknown size")
        try expectRefusal(cli, ["recrod", "Checkout"], status: 64, message: "unknown command 'recrod'; did you mean 'record'?")
        try expectRefusal(cli, ["record", "Checkout", "--sizes", "ax5", "--item", "all", "--pass"], status: 64, message: "unknown option '--sizes'; did you mean '--size'?")
        try expectRefusal(cli, ["fix", "Checkout", "--type", "scrol"], status: 64, message: "'scrol' is not one of scroll, stack-flip, text-style, custom; did you mean 'scroll'?")
        try expectRefusal(cli, ["triage", "Checkout", "brokn"], status: 64, message: "did you mean 'broken'?")
        try expectRefusal(cli, ["screen", "lst"], status: 64, message: "unknown command 'lst'")
    }

    @Test func statusFlagsMustBeExactlyOne() throws {
        let cli = try CLI().initialized()
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5", "--item", "all"], status: 64, message: "missing one of --pass, --fail, --na, --untested")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5", "--item", "all", "--pass", "--fail"], status: 64, message: "--pass and --fail cannot be used together")
        try expectRefusal(cli, ["record", "Checkout", "--item", "all", "--pass"], status: 64, message: "missing --size <sizes>")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5", "--item", "all", "--pass", "--note"], status: 64, message: "--note needs a value")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5", "--size", "l", "--item", "all", "--pass"], status: 64, message: "--size was given more than once")
        try expectRefusal(cli, ["record", "Checkout", "--size", "m", "--item", "all", "--pass"], status: 64, message: "no checklist item is planned at m")
        try expectRefusal(cli, ["record", "Checkout", "extra", "--size", "ax5", "--item", "all", "--pass"], status: 64, message: "unexpected argument 'extra'")
    }

    @Test func namesAreCheckedButAnyPrintableTextIsKept() throws {
        let cli = try CLI().initialized()
        try expectRefusal(cli, ["screen", "add", ""], status: 64, message: "the screen name cannot be empty")
        try expectRefusal(cli, ["screen", "add", "   "], status: 64, message: "the screen name cannot be empty")
        try expectRefusal(cli, ["screen", "add", String(repeating: "x", count: 201)], status: 64, message: "the limit is 200")
        try expectRefusal(cli, ["screen", "add", "Line one\nline two"], status: 64, message: "must be one line")
        try expectRefusal(cli, ["screen", "add", "checkout"], status: 64, message: "a screen named 'Checkout' already exists")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5", "--item", "all", "--fail", "--note", "bell \u{7}"], status: 64, message: "control character (U+0007)")

        let odd = ["Pay | Book", "\"Quoted\" 'name'", "Émoji 🧗‍♀️ trail", "<b>Bold</b> `code` *star*", "עברית RTL"]
        for name in odd {
            try cli.ok(["screen", "add", name])
            try cli.ok(["record", name, "--size", "ax5", "--item", "reachable", "--fail", "--note", "Note with | pipe\nand a second line"])
        }
        let list = try #require(try cli.json(["screen", "list"]) as? [[String: Any]])
        #expect(Set(list.compactMap { $0["name"] as? String }) == Set(odd + ["Checkout"]))
        let shown = try #require(try cli.json(["screen", "show", "Pay | Book"]) as? [String: Any])
        let cells = try #require(shown["cells"] as? [[String: Any]])
        #expect(cells.contains { $0["note"] as? String == "Note with | pipe\nand a second line" })
        // Terminal output shows a stored line break as a symbol, never as a raw control character.
        let text = try cli.ok(["screen", "show", "Pay | Book"])
        #expect(text.contains("Note with | pipe⏎ and a second line"))
    }

    @Test func noStoreSaysSoAndSuggestsInit() throws {
        let cli = try CLI()
        let result = try cli.run(["status"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no audit store in"))
        #expect(result.stderr.contains("run 'dtaudit init'"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent(".dtaudit").path))
    }

    @Test func theStoreIsFoundFromASubfolderAndThroughTheEnvironment() throws {
        let cli = try CLI().initialized()
        let nested = cli.directory.appendingPathComponent("App/Checkout")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        #expect(try cli.run(["screen", "list"], in: nested).stdout.contains("Checkout"))
        let elsewhere = try CLI()
        let viaEnvironment = try elsewhere.run(["screen", "list"], environment: ["DTAUDIT_STORE": cli.directory.appendingPathComponent(".dtaudit").path])
        #expect(viaEnvironment.stdout.contains("Checkout"))
        let viaOption = try elsewhere.run(["--store", cli.directory.appendingPathComponent(".dtaudit").path, "screen", "list"])
        #expect(viaOption.stdout.contains("Checkout"))
        let twice = try cli.run(["init"])
        #expect(twice.status == 73)
        #expect(twice.stderr.contains("already exists"))
    }

    @Test func theFolderThatHoldsTheStoreNamesItToo() throws {
        let cli = try CLI().initialized()
        let root = cli.directory.path
        let elsewhere = try CLI()
        #expect(try elsewhere.ok(["--store", root, "screen", "list"]).contains("Checkout"))
        try elsewhere.ok(["--store", root, "record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"])
        #expect(try cli.history().count == 1)
        #expect(try elsewhere.run(["status"], environment: ["DTAUDIT_STORE": root]).stdout.contains("1 screen"))
        // The .dtaudit in the folder given is held to what a store found by walking up is: never a link.
        let planted = elsewhere.directory.appendingPathComponent("planted")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: planted.path + "/.dtaudit", withDestinationPath: root + "/.dtaudit")
        let linked = try elsewhere.run(["--store", planted.path, "status"])
        #expect(linked.status == 65 && linked.stderr.contains("\(planted.path)/.dtaudit is a symbolic link"), "\(linked.stderr)")
    }

    @Test func aStorePathThatMissesTheStoreSaysWhereItIs() throws {
        let cli = try CLI().initialized()
        let root = cli.directory.path
        try expectRefusal(cli, ["--store", cli.storeFile.path, "status"], status: 64,
                          message: "\(cli.storeFile.path) is a file; --store names the store's folder, which holds audit.sqlite")
        try expectRefusal(cli, ["--store", root + "/nowhere", "status"], status: 66,
                          message: "no audit store at \(root)/nowhere: there is no such folder")
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: false)
        try expectRefusal(cli, ["--store", root + "/empty", "status"], status: 66,
                          message: "\(root)/empty holds no audit store (no audit.sqlite); 'dtaudit --store \(root)/empty init' starts one there")
        try expectRefusal(cli, ["--store", "", "status"], status: 64, message: "--store: an empty path names no file or folder")
        #expect(try cli.run(["status"], environment: ["DTAUDIT_STORE": root + "/nowhere"]).stderr.contains("there is no such folder"))
    }

    @Test func anAuditStartedInsideAnotherSaysSo() throws {
        let cli = try CLI().initialized()
        let nested = cli.directory.appendingPathComponent("Apps/Watch")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let output = try cli.run(["init", "--app", "Watch"], in: nested)
        #expect(output.status == 0)
        #expect(output.stdout.contains("this folder is inside the audit in \(cli.directory.path);"), "\(output.stdout)")
        #expect(try cli.ok(["screen", "list"], in: nested).contains("No screens"))
    }

    @Test func initBesideAFileNamedLikeTheStoreFolderLeavesTheFile() throws {
        let cli = try CLI()
        let file = cli.directory.appendingPathComponent(".dtaudit")
        try Data("notes".utf8).write(to: file)
        let result = try cli.run(["init"])
        #expect(result.status == 73)
        #expect(result.stderr == "error: cannot create \(file.path): a file of that name is in the way; move it, or pass --store DIR\n")
        #expect(try Data(contentsOf: file) == Data("notes".utf8))
    }

    @Test func emptyValuesAndBoundsAreUsageErrors() throws {
        let cli = try CLI().initialized()
        try expectRefusal(cli, ["import", ""], status: 64, message: "an empty path names no file or folder")
        try expectRefusal(cli, ["scan", ""], status: 64, message: "an empty path names no file or folder")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5", "--item", "all", "--pass", "--evidence", ""], status: 64,
                          message: "--evidence: an empty path names no file or folder")
        try expectRefusal(cli, ["record", "Checkout", "--size", "ax5", "--item", "all", "--pass", "--by", ""], status: 64,
                          message: "--by cannot be empty")
        // Every whole-number option is checked against its range as the command line is read.
        try expectRefusal(cli, ["next", "--limit", "0"], status: 64, message: "--limit: '0' is not a whole number from 1 to 10000000")
        for (arguments, message) in [(["history", "--limit", "9223372036854775807"], "--limit: '9223372036854775807' is not a whole number from 1 to 10000000"),
                                     (["next", "--limit", "9223372036854775807"], "--limit: '9223372036854775807' is not a whole number from 1 to 10000000"),
                                     (["history", "--limit", "99999999999999999999"], "--limit: '99999999999999999999' is not a whole number from 1 to 10000000"),
                                     (["capture-script", "Checkout", "--delay", "-1"], "--delay: '-1' is not a whole number from 0 to 60"),
                                     (["capture-script", "Checkout", "--delay", "9223372036854775807"], "--delay: '9223372036854775807' is not a whole number from 0 to 60"),
                                     (["evidence", "limit", "9223372036854775807"], "is not a size between 1 KB and 4 GB")] {
            try expectRefusal(cli, arguments, status: 64, message: message)
        }
        try expectRefusal(cli, ["history", "--limit", "5", "--all"], status: 64, message: "--limit and --all cannot be used together")
        try expectRefusal(cli, ["gate", "--min-size", "ax3-ax5"], status: 64, message: "unknown size 'ax3-ax5'; ")
        // A fix is kept for good: it must address something that fails.
        try expectRefusal(cli, ["fix", "Checkout", "--type", "scroll"], status: 64,
                          message: "nothing on 'Checkout' is failing now, so there is nothing for a fix to address")
        #expect(try cli.run(["help", "--help"]).stdout == (try cli.ok(["--help"])))
    }

    @Test func aStoreWithANegativeSchemaVersionIsDamaged() throws {
        let cli = try CLI().initialized()
        var bytes = try Data(contentsOf: cli.storeFile)
        bytes.replaceSubrange(60..<64, with: [0xFF, 0xFF, 0xFF, 0xFF])
        try expectBadStore(bytes, message: "is damaged (schema version -1, which no dtaudit writes)")
    }

    /// Replaces the store's database with `bytes` and checks that every command refuses it with
    /// `message` and leaves the file byte-identical.
    func expectBadStore(_ bytes: Data, message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let cli = try CLI().initialized()
        try bytes.write(to: cli.storeFile)
        for arguments in [["status"], ["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"], ["screen", "add", "New"], ["next"]] {
            try expectRefusal(cli, arguments, status: 65, message: message, sourceLocation: sourceLocation)
        }
    }

    @Test func damagedAndForeignStoresAreRefusedUntouched() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        let good = try Data(contentsOf: cli.storeFile)

        try expectBadStore(Data(), message: "is not a dtaudit store")
        try expectBadStore(Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }), message: "is damaged")
        try expectBadStore(good.prefix(good.count / 2), message: "is damaged")

        let foreign = cli.directory.appendingPathComponent("foreign.sqlite")
        if let sqlite3 = try RequiredTool.sqlite3.locationIfInstalled(for: "a foreign SQLite database") {
            let sqlite = try Spawn.run(sqlite3, [foreign.path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello');"],
                                       in: cli.directory, environment: [:])
            #expect(sqlite.status == 0, "\(sqlite.stderr)")
            try expectBadStore(try Data(contentsOf: foreign), message: "is not a dtaudit store")
        }
    }

    @Test func aStoreFromANewerVersionIsRefusedUntouched() throws {
        let cli = try CLI().initialized()
        var bytes = try Data(contentsOf: cli.storeFile)
        // user_version is the big-endian integer at offset 60 of a SQLite file's header.
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 42])
        try expectBadStore(bytes, message: "was written by a newer dtaudit (schema 42")
    }

    /// Root may write anywhere, so as root the commands run as an ordinary user, through setpriv.
    @Test(.enabled(if: getuid() != 0 || RequiredTool.setpriv.runs, Comment(rawValue: RequiredTool.setpriv.reason)))
    func aReadOnlyStoreCanBeReadButNotWritten() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        let folder = cli.directory.appendingPathComponent(".dtaudit")
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.directory.path)
        try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: cli.storeFile.path)
        defer { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let asUser: [String] = getuid() == 0 ? [try RequiredTool.setpriv.location(), "--reuid=65534", "--regid=65534", "--clear-groups"] : []

        let before = try cli.storeBytes()
        let read = try runAs(asUser, cli, ["status", "--json"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("\"supported\" : 1") || read.stdout.contains("\"supported\": 1"))
        let write = try runAs(asUser, cli, ["record", "Checkout", "--size", "ax5", "--item", "all", "--fail"])
        #expect(write.status == 73)
        #expect(write.stderr.contains("is read-only; nothing was changed"))
        #expect(write.stderr.split(separator: "\n").count == 1)
        #expect(try cli.storeBytes() == before)
    }

    private func runAs(_ prefix: [String], _ cli: CLI, _ arguments: [String]) throws -> CLI.Result {
        if prefix.isEmpty { return try cli.run(arguments) }
        return try Spawn.run(prefix[0], Array(prefix.dropFirst()) + [CLI.binary.path] + arguments, in: cli.directory, environment: cli.environment)
    }

    @Test func helpIsGeneratedForEveryCommand() throws {
        let cli = try CLI()
        let commands = [["init"], ["demo"], ["screen"], ["screen", "add"], ["screen", "list"], ["screen", "show"], ["screen", "edit"],
                        ["screen", "remove"], ["triage"], ["record"], ["fix"], ["next"], ["status"], ["history"], ["scan"], ["sizes"],
                        ["checklist"], ["checklist", "list"], ["checklist", "show"], ["checklist", "validate"]]
        for command in commands {
            let viaFlag = try cli.run(command + ["--help"])
            #expect(viaFlag.status == 0, "\(command)")
            #expect(viaFlag.stdout.contains("USAGE: dtaudit " + command.joined(separator: " ")), "\(command)")
            #expect(viaFlag.stdout.contains("OVERVIEW:"), "\(command)")
            let viaHelp = try cli.run(["help"] + command)
            #expect(viaHelp.stdout == viaFlag.stdout, "\(command)")
        }
        let root = try cli.ok(["--help"])
        #expect(root.contains("SUBCOMMANDS:"))
        #expect(root.contains("--store <dir>"))
        #expect(try cli.ok(["--version"]).split(separator: ".").count == 3)
    }

    @Test func colourOnlyWhenAskedForByATerminal() throws {
        let cli = try CLI().initialized()
        // Through a pipe: never colour.
        #expect(!(try cli.ok(["status"])).contains("\u{1B}["))
        let failed = try cli.run(["recrod"])
        #expect(!failed.stderr.contains("\u{1B}["))
    }
}

/// Colour appears on a terminal, and never with NO_COLOR or --no-color.
@Suite(.tags(.endToEnd), .requires(.script)) struct TerminalColourTests {
    /// Runs `dtaudit` under a pseudo-terminal made by `script`.
    func onTerminal(_ cli: CLI, _ arguments: String, environment: [String: String] = [:]) throws -> String? {
        return try Spawn.run(try RequiredTool.script.location(), ["-qec", CLI.binary.path + " " + arguments, "/dev/null"], in: cli.directory,
                             environment: cli.environment.merging(environment) { $1 }).stdout
    }

    @Test func statusIsColouredOnATerminalOnly() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"])
        guard let coloured = try onTerminal(cli, "status") else { return }
        #expect(coloured.contains("\u{1B}[31m"), "a failure is red on a terminal")
        let noColor = try #require(try onTerminal(cli, "status", environment: ["NO_COLOR": "1"]))
        #expect(!noColor.contains("\u{1B}["))
        let flag = try #require(try onTerminal(cli, "status --no-color"))
        #expect(!flag.contains("\u{1B}["))
        #expect(flag.contains("Checkout"))
    }
}
