import Testing
@testable import ArgumentParsing

/// Options that take a value: every way to spell one, defaults, repeats, and values that look odd.
@Suite struct OptionTests {
    @Test(arguments: [
        ["note", "Home", "--times", "3"],
        ["note", "Home", "--times=3"],
        ["note", "Home", "-t", "3"],
        ["note", "--times", "3", "Home"],
        ["note", "-t", "3", "Home"],
        ["--store", "/s", "note", "-t", "3", "Home"],
    ])
    func aValueArrivesInEverySpelling(_ arguments: [String]) throws {
        let note = try parse(arguments, as: NoteCommand.self)
        #expect(note.times == 3)
        #expect(note.screen == "Home")
    }

    @Test func nothingGivenLeavesTheDefaults() throws {
        let note = try parse(["note", "Home"], as: NoteCommand.self)
        #expect(note.times == 1)
        #expect(note.note == nil)
        #expect(note.shade == .light)
        #expect(note.tag == [])
        #expect(note.offset == nil)
        #expect(note.debugSeed == nil)
        #expect(note.shared.store == nil)
        let check = try parse(["check"], as: Check.self)
        #expect(check.depth == 5)
        #expect((check.min, check.max) == (0, 10))
    }

    @Test func wholeNumbersOutsideTheirRangeAreUsageErrors() throws {
        #expect(try parse(["check"], as: Check.self).passes == 3)
        #expect(try parse(["check"], as: Check.self).timeout == nil)
        #expect(try parse(["check", "--passes", "100", "--timeout", "0"], as: Check.self).passes == 100)
        #expect(try parse(["check", "--timeout", "3600"], as: Check.self).timeout == 3600)
        for (value, option, range) in [("0", "--passes", "1 to 100"), ("101", "--passes", "1 to 100"), ("-1", "--timeout", "0 to 3600"),
                                       ("9223372036854775807", "--timeout", "0 to 3600"), ("99999999999999999999", "--passes", "1 to 100"),
                                       ("2.5", "--passes", "1 to 100")] {
            #expect(usageMessage(["check", option, value]) == "\(option): '\(value)' is not a whole number from \(range)")
        }
    }

    @Test func eachParseStartsFromTheDeclarations() throws {
        // Values live in boxes the parser fills: one command line must leave nothing for the next.
        _ = try parse(["note", "Home", "--tag", "a", "-t", "4", "--pass"], as: NoteCommand.self)
        let note = try parse(["note", "Away"], as: NoteCommand.self)
        #expect(note.tag == [])
        #expect(note.times == 1)
        #expect(note.verdict == nil)
    }

    @Test func valuesAreConvertedToTheirTypes() throws {
        let note = try parse(["note", "Home", "--shade", "high-contrast", "--offset", "2.5", "--debug-seed", "7"], as: NoteCommand.self)
        #expect(note.shade == .highContrast)
        #expect(note.offset == 2.5)
        #expect(note.debugSeed == 7)
        #expect(try parse(["check", "12"], as: Check.self).depth == 12)
    }

    @Test(arguments: ["dark", "DARK", "Dark"])
    func enumerationValuesIgnoreCase(_ typed: String) throws {
        #expect(try parse(["note", "Home", "--shade", typed], as: NoteCommand.self).shade == .dark)
    }

    @Test func anEqualsSignSplitsOnlyAtTheFirstOne() throws {
        let note = try parse(["note", "Home", "--note=a=b", "--tag==x"], as: NoteCommand.self)
        #expect(note.note == "a=b")
        #expect(note.tag == ["=x"])
    }

    @Test func emptyValuesAreKeptAsTyped() throws {
        #expect(try parse(["note", "Home", "--note="], as: NoteCommand.self).note == "")
        #expect(try parse(["note", "Home", "--note", ""], as: NoteCommand.self).note == "")
        #expect(try parse(["note", ""], as: NoteCommand.self).screen == "")
    }

    @Test(arguments: [
        (["note", "Home", "--times="], "--times: '' is not a whole number"),
        (["note", "Home", "--shade", ""], "--shade: '' is not one of light, dark, high-contrast"),
        (["note", "Home", "--offset="], "--offset: '' is not a number"),
    ])
    func anEmptyValueThatIsNoValidValueIsRefused(_ arguments: [String], _ message: String) {
        #expect(usageMessage(arguments) == message)
    }

    @Test(arguments: [
        (["note", "Home", "--times", "x"], "--times: 'x' is not a whole number"),
        (["note", "Home", "-t", "x"], "-t: 'x' is not a whole number"),
        (["note", "Home", "--times", "2.5"], "--times: '2.5' is not a whole number"),
        (["note", "Home", "--offset", "nan"], "--offset: 'nan' is not a number"),
        (["note", "Home", "--offset", "inf"], "--offset: 'inf' is not a number"),
        (["note", "Home", "--shade", "drak"], "--shade: 'drak' is not one of light, dark, high-contrast; did you mean 'dark'?"),
        (["note", "Home", "--shade", "blue"], "--shade: 'blue' is not one of light, dark, high-contrast"),
        (["check", "deep"], "'deep' is not a whole number"),
    ])
    func aValueOfTheWrongKindNamesTheOptionAndTheValue(_ arguments: [String], _ message: String) {
        #expect(usageMessage(arguments) == message)
    }

    // MARK: Required values

    @Test(arguments: [
        (["note"], "missing <screen>"),
        (["copy", "a.txt"], "missing --to <to>"),
        (["copy", "--to", "out"], "missing <file>"),
        (["shelf", "add", "Top"], "missing one of --pass, --fail, --na"),
        (["shelf", "label", "set"], "missing <name>"),
        (["fail"], "missing --mode <mode>"),
    ])
    func aMissingRequiredValueIsNamedWithItsPlaceholder(_ arguments: [String], _ message: String) {
        #expect(usageMessage(arguments) == message)
    }

    @Test func anOptionalArgumentMayBeLeftOut() throws {
        #expect(try parse(["shelf", "label", "set", "Top"], as: ShelfLabelSet.self).label == nil)
        #expect(try parse(["shelf", "label", "set", "Top", "New"], as: ShelfLabelSet.self).label == "New")
    }

    // MARK: A value missing

    @Test(arguments: [
        (["note", "Home", "--times"], "--times needs a value"),
        (["note", "Home", "-t"], "-t needs a value"),
        (["note", "Home", "--note", "--verbose"], "--note needs a value"),
        (["note", "Home", "--note", "-v"], "--note needs a value"),
        (["note", "Home", "--note", "--"], "--note needs a value"),
        (["copy", "a.txt", "--to"], "--to needs a value"),
        (["--store"], "--store needs a value"),
        (["--store", "--no-color", "note", "Home"], "--store needs a value"),
    ])
    func anOptionWithoutItsValueSaysSo(_ arguments: [String], _ message: String) {
        #expect(usageMessage(arguments) == message)
    }

    // MARK: Repeats

    @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
        let note = try parse(["note", "--tag", "b", "Home", "--tag=a", "--tag", "c"], as: NoteCommand.self)
        #expect(note.tag == ["b", "a", "c"])
    }

    @Test(arguments: [
        (["note", "Home", "--times", "1", "--times", "2"], "--times was given more than once"),
        (["note", "Home", "-t", "1", "-t", "1"], "-t was given more than once"),
        (["note", "Home", "-t", "1", "--times=2"], "--times was given more than once"),
        (["copy", "a", "--to", "x", "--to", "y"], "--to was given more than once"),
        (["note", "Home", "--store", "a", "--store", "b"], "--store was given more than once"),
        (["--store", "a", "note", "Home", "--store", "b"], "--store was given more than once"),
    ])
    func anOptionThatTakesOneValueRefusesASecond(_ arguments: [String], _ message: String) {
        #expect(usageMessage(arguments) == message)
    }

    @Test func repeatingArgumentsCollectEveryValueAroundOptions() throws {
        let copy = try parse(["copy", "a", "--to", "out", "b", "c"], as: Copy.self)
        #expect(copy.files == ["a", "b", "c"])
        #expect(copy.to == "out")
    }

    @Test(arguments: [
        (["note", "Home", "Away"], "unexpected argument 'Away'"),
        (["shelf", "label", "set", "Top", "New", "Old"], "unexpected argument 'Old'"),
        (["shelf", "list", "Top"], "unexpected argument 'Top'"),
    ])
    func anArgumentTooManyIsNamed(_ arguments: [String], _ message: String) {
        #expect(usageMessage(arguments) == message)
    }

    // MARK: Values that start with a dash

    @Test func negativeNumbersAreValues() throws {
        #expect(try parse(["note", "Home", "--times", "-3"], as: NoteCommand.self).times == -3)
        #expect(try parse(["note", "Home", "-t", "-3"], as: NoteCommand.self).times == -3)
        #expect(try parse(["note", "Home", "--offset", "-2.5"], as: NoteCommand.self).offset == -2.5)
        #expect(try parse(["note", "Home", "--offset=-2.5"], as: NoteCommand.self).offset == -2.5)
        #expect(try parse(["check", "-1"], as: Check.self).depth == -1)
        #expect(try parse(["note", "-5"], as: NoteCommand.self).screen == "-5")
    }

    @Test func aValueThatLooksLikeNoKnownOptionIsTaken() throws {
        // `--note -x`: -x is nothing `note` declares, so it can only be the note.
        #expect(try parse(["note", "Home", "--note", "-x"], as: NoteCommand.self).note == "-x")
        #expect(try parse(["note", "Home", "--note", "-x marks the spot"], as: NoteCommand.self).note == "-x marks the spot")
        // After `=`, anything is the value, a known option too.
        #expect(try parse(["note", "Home", "--note=--verbose"], as: NoteCommand.self).note == "--verbose")
        #expect(try parse(["note", "Home", "--note=--help"], as: NoteCommand.self).note == "--help")
    }

    @Test func aLoneDashIsAnArgument() throws {
        #expect(try parse(["note", "-"], as: NoteCommand.self).screen == "-")
        #expect(try parse(["copy", "-", "--to", "-"], as: Copy.self).files == ["-"])
    }

    // MARK: `--` ends the options

    @Test func everythingAfterADoubleDashIsAnArgument() throws {
        #expect(try parse(["note", "--", "--times"], as: NoteCommand.self).screen == "--times")
        #expect(try parse(["note", "--", "-h"], as: NoteCommand.self).screen == "-h")
        #expect(try parse(["note", "--", "--help"], as: NoteCommand.self).screen == "--help")
        let copy = try parse(["copy", "--to", "out", "--", "-a", "--b", "--", "c"], as: Copy.self)
        #expect(copy.files == ["-a", "--b", "--", "c"])
        #expect(copy.to == "out")
    }

    @Test func optionsBeforeTheDoubleDashStillCount() throws {
        let note = try parse(["note", "-t", "2", "--verbose", "--", "-v"], as: NoteCommand.self)
        #expect(note.times == 2)
        #expect(note.verbose)
        #expect(note.screen == "-v")
    }

    @Test func aDoubleDashBeforeTheCommandNameMakesItAnArgument() {
        #expect(usageMessage(["--", "note", "Home"]) == "unexpected argument 'note'")
    }

    // MARK: Short options

    @Test(arguments: [
        (["note", "Home", "-t3"], "unknown option '-t3'"),
        (["note", "Home", "-t=3"], "unknown option '-t=3'"),
        (["note", "Home", "-x"], "unknown option '-x'"),
    ])
    func aShortOptionTakesItsValueAsTheNextWordOnly(_ arguments: [String], _ message: String) {
        #expect(usageMessage(arguments) == message)
    }
}
