import Testing
@testable import ArgumentParsing

/// How a command line ends when something is wrong: one line on standard error, and the exit status.
@Suite struct UsageErrorTests {
    /// Command lines with every kind of usage error, at every level of the tree.
    static let wrongLines: [[String]] = [
        ["nte"], ["shelf", "ad"], ["help", "nope"], ["note"], ["copy", "a"], ["shelf", "add", "Top"],
        ["note", "Home", "--tims", "2"], ["--stor", "/s", "note", "Home"], ["note", "Home", "--times"],
        ["note", "Home", "--times", "x"], ["note", "Home", "--shade", "gray"], ["note", "Home", "--pass", "--fail"],
        ["note", "Home", "--wrap", "--no-wrap"], ["note", "Home", "-t", "1", "-t", "2"], ["note", "Home", "Away"],
        ["note", "Home", "--verbose=1"], ["check", "--min", "5", "--max", "1"], ["check", "--label", "kit-1"],
        ["shelf", "label", "set"], ["shelf", "label", "set", "a", "b", "c"], ["note", "Home", "-vq"],
    ]

    @Test(arguments: wrongLines)
    func aUsageErrorIsOneLineThatPointsAtHelpAndExits64(_ arguments: [String]) throws {
        let run = Run(arguments)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        let line = try #require(run.error)
        #expect(line.hasPrefix("error: "))
        #expect(!line.contains("\n"))
        #expect(line.hasSuffix(" (see 'kit --help')") || line.contains(" (see 'kit help "))
    }

    @Test(arguments: [
        (["note", "Home", "--tims", "2"], "error: unknown option '--tims'; did you mean '--times'? (see 'kit help note')"),
        (["shelf", "label", "set"], "error: missing <name> (see 'kit help shelf label set')"),
        (["--stor", "/s", "note"], "error: unknown option '--stor'; did you mean '--store'? (see 'kit --help')"),
        (["shelf", "--stor", "/s", "list"], "error: unknown option '--stor'; did you mean '--store'? (see 'kit help shelf')"),
    ])
    func theHintNamesTheHelpOfTheCommandTheErrorIsIn(_ arguments: [String], _ line: String) {
        #expect(Run(arguments).error == line)
    }

    // MARK: Did you mean

    @Test(arguments: [
        ("--tims", "--times"), ("--time", "--times"), ("--verbos", "--verbose"), ("--vrebose", "--verbose"),
        ("-times", "--times"), ("---times", "--times"), ("--Times", "--times"), ("--nocritical", "--no-critical"),
        ("--pas", "--pass"), ("--stroe", "--store"), ("--notes", "--note"),
    ])
    func anUnknownOptionSuggestsTheNearestOne(_ typed: String, _ suggestion: String) {
        #expect(usageMessage(["note", "Home", typed]) == "unknown option '\(typed)'; did you mean '\(suggestion)'?")
    }

    @Test(arguments: ["--xyz", "-x", "-Z", "--zzzzzz"])
    func anOptionLikeNothingKnownGetsNoSuggestion(_ typed: String) {
        #expect(usageMessage(["note", "Home", typed]) == "unknown option '\(typed)'")
    }

    // MARK: One line, whatever was typed

    @Test(arguments: [
        ["no\nte"], ["note", "Home", "--ti\nmes", "1"], ["note", "Home", "Aw\nay"], ["note", "Home", "--times", "1\n2"],
        ["note", "Home", "--shade", "da\nrk"], ["check", "--label", "kit\nlabel"], ["shelf", "a\u{1B}[2Jd"],
        ["help", "no\r\nte"], ["fail", "--mode", "usage", "--text", "first\nsecond"],
        ["fail", "--mode", "plain", "--text", "first\nsecond"],
    ])
    func controlCharactersTypedByTheUserNeverBreakTheErrorLine(_ arguments: [String]) throws {
        let line = try #require(Run(arguments).error)
        #expect(!line.contains("\n"))
        #expect(!line.contains("\r"))
        #expect(!line.contains("\u{1B}"))
    }

    @Test func aLineBreakIsShownWhereItWasTyped() {
        #expect(usageMessage(["no\nte"]) == "unknown command 'no⏎ te'; did you mean 'note'?")
    }

    // MARK: validate()

    @Test func validateSeesEveryValueAndItsErrorIsAUsageError() {
        let run = Run(["check", "--min", "5", "--max", "1"])
        #expect(run.status == 64)
        #expect(run.error == "error: --min (5) must not be more than --max (1) (see 'kit help check')")
        #expect(Run(["check", "--min", "1", "--max", "5"]).status == 0)
        #expect(Run(["check", "--min", "5", "--max", "5"]).status == 0)
    }

    @Test func validateRunsOnlyAfterEveryValueParsed() {
        // A value that cannot be read is reported, not a check on values half filled in.
        #expect(usageMessage(["check", "--min", "5", "--max", "x"]) == "--max: 'x' is not a whole number")
    }

    @Test func helpWinsOverAFailingValidate() {
        #expect(Run(["check", "--min", "5", "--max", "1", "--help"]).status == 0)
    }

    // MARK: Errors from run()

    @Test func aValidationErrorFromRunIsAUsageErrorWithoutAHint() {
        let run = Run(["fail", "--mode", "usage", "--text", "no screen is named 'Home'"])
        #expect(run.status == 64)
        #expect(run.error == "error: no screen is named 'Home'")
    }

    @Test func anErrorWithItsOwnStatusEndsWithIt() {
        let run = Run(["fail", "--mode", "status"])
        #expect(run.status == 3)
        #expect(run.error == "error: the store is locked")
    }

    @Test(arguments: [0, 1, 2, 64])
    func anExitCodeEndsQuietlyWithItsStatus(_ code: Int32) {
        let run = Run(["fail", "--mode", "exit", "--text", String(code)])
        #expect(run.status == code)
        #expect(run.error == nil)
        #expect(run.output.isEmpty)
    }

    @Test func anyOtherErrorExits1OnOneLine() {
        let run = Run(["fail", "--mode", "plain", "--text", "disk\nfull"])
        #expect(run.status == 1)
        #expect(run.error == "error: disk⏎ full")
    }

    @Test func aCommandThatRunsPrintsNothingOfItsOwnAndExits0() {
        let run = Run(["note", "Home", "-v", "--pass"])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(run.error == nil)
    }

    @Test func theErrorLineIsColouredOnlyWhenAsked() {
        let plain = Run(["nte"]).error
        #expect(plain?.contains("\u{1B}") == false)
        let styled = CommandLineTool.outcome(root: Kit.self, arguments: ["nte"], width: 80, outputStyle: .plain, errorStyle: .init(enabled: true))
        #expect(styled.errorLine == "\u{1B}[31merror:\u{1B}[0m unknown command 'nte'; did you mean 'note'?\u{1B}[2m (see 'kit --help')\u{1B}[0m")
    }

    @Test func executeReturnsTheSameStatusAsTheOutcome() {
        // The public entry prints what `outcome` returns; its status is the exit status.
        #expect(Kit.execute(["check", "--min", "1"]) == 0)
        #expect(Kit.execute(["fail", "--mode", "exit", "--text", "7"]) == 7)
    }

    @Test func optionsWithoutACommandSayWhatWasMeant() {
        // The command's name taken as a value: the user forgot the value itself.
        #expect(usageMessage(["--store", "note"])
                == "'note' was read as the value of --store, so no command was given; give --store its value first: --store VALUE note")
        #expect(usageMessage(["--no-color"]) == "missing a command after the options")
        // A group named alone still shows its help.
        #expect(usageMessage(["shelf"]) == nil)
    }

    @Test func aValueThatLooksLikeAMisspelledOptionIsRefused() {
        #expect(usageMessage(["note", "Home", "--note", "--verbos"])
                == "--note takes a value, and '--verbos' looks like --verbose misspelled; to give that text, write --note=--verbos")
        // Given with '=', or far from every option, the text is taken as it is.
        #expect(usageMessage(["note", "Home", "--note=--verbos"]) == nil)
        #expect(usageMessage(["note", "Home", "--note", "--the-build-broke"]) == nil)
    }
}
