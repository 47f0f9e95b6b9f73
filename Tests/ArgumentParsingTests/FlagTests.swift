import Testing
@testable import ArgumentParsing

/// Flags: on or off, their inversions, and exclusive choices.
@Suite struct FlagTests {
    @Test func flagsAreOffUntilGiven() throws {
        let note = try parse(["note", "Home"], as: NoteCommand.self)
        #expect(!note.verbose)
        #expect(!note.quiet)
        #expect(note.wrap)
        #expect(note.critical == nil)
        #expect(note.verdict == nil)
        #expect(!note.shared.noColor)
    }

    @Test(arguments: [["--verbose"], ["-v"], ["-v", "--verbose"], ["--verbose", "-v"], ["--verbose", "--verbose"], ["-v", "-v"]])
    func aFlagIsOnHoweverOftenAndHoweverItIsSpelled(_ flags: [String]) throws {
        #expect(try parse(["note", "Home"] + flags, as: NoteCommand.self).verbose)
    }

    @Test func aShortNameAloneDerivesTheLongNameFromTheProperty() throws {
        #expect(try parse(["note", "Home", "-q"], as: NoteCommand.self).quiet)
        #expect(try parse(["note", "Home", "--quiet"], as: NoteCommand.self).quiet)
        #expect(try parse(["note", "Home", "-q", "--quiet"], as: NoteCommand.self).quiet)
    }

    @Test func aNameFromACamelCasePropertyIsKebabCase() throws {
        #expect(try parse(["note", "Home", "--no-color"], as: NoteCommand.self).shared.noColor)
        #expect(usageMessage(["note", "Home", "--noColor"]) == "unknown option '--noColor'; did you mean '--no-color'?")
    }

    @Test(arguments: [
        ("noColor", "no-color"), ("_addFile", "add-file"), ("itemIDs", "item-ids"), ("debugSeed", "debug-seed"),
        ("to", "to"), ("json", "json"), ("x2y", "x2y"), ("sizeInPoints", "size-in-points"),
    ])
    func propertyNamesBecomeKebabCase(_ property: String, _ name: String) {
        #expect(ArgumentNames.kebabCase(property) == name)
    }

    @Test func flagsSitAnywhereAmongArguments() throws {
        let copy = try parse(["copy", "--no-color", "a", "--to", "out", "b"], as: Copy.self)
        #expect(copy.shared.noColor)
        #expect(copy.files == ["a", "b"])
    }

    @Test(arguments: ["--verbose=yes", "--verbose=", "--pass=1", "--no-wrap=true"])
    func aFlagTakesNoValue(_ flag: String) {
        let name = String(flag.prefix { $0 != "=" })
        #expect(usageMessage(["note", "Home", flag]) == "\(name) does not take a value")
    }

    @Test func aFlagDoesNotSwallowTheNextWord() throws {
        let note = try parse(["note", "--verbose", "Home"], as: NoteCommand.self)
        #expect(note.verbose)
        #expect(note.screen == "Home")
    }

    // MARK: Inversions

    @Test func anInversionTurnsAFlagThatIsOnByDefaultOff() throws {
        #expect(try parse(["note", "Home", "--no-wrap"], as: NoteCommand.self).wrap == false)
        #expect(try parse(["note", "Home", "--wrap"], as: NoteCommand.self).wrap == true)
        #expect(try parse(["note", "Home", "--no-wrap", "--no-wrap"], as: NoteCommand.self).wrap == false)
    }

    @Test(arguments: [(["--critical"], true), (["--no-critical"], false), (["--critical", "--critical"], true)])
    func anOptionalFlagIsNilTrueOrFalse(_ flags: [String], _ value: Bool) throws {
        #expect(try parse(["note", "Home"] + flags, as: NoteCommand.self).critical == value)
    }

    @Test(arguments: [
        (["--wrap", "--no-wrap"], "--wrap and --no-wrap cannot be used together"),
        (["--no-wrap", "--wrap"], "--no-wrap and --wrap cannot be used together"),
        (["--critical", "--no-critical"], "--critical and --no-critical cannot be used together"),
        (["--no-critical", "--critical", "--critical"], "--no-critical and --critical cannot be used together"),
    ])
    func aFlagAndItsInversionExcludeEachOther(_ flags: [String], _ message: String) {
        #expect(usageMessage(["note", "Home"] + flags) == message)
    }

    @Test func anInversionIsNoPrefixAnyFlagGets() {
        #expect(usageMessage(["note", "Home", "--no-verbose"]) == "unknown option '--no-verbose'; did you mean '--verbose'?")
    }

    // MARK: Exclusive choices

    @Test(arguments: Verdict.allCases)
    func eachChoiceIsAFlagOfItsOwn(_ verdict: Verdict) throws {
        #expect(try parse(["note", "Home", "--" + verdict.rawValue], as: NoteCommand.self).verdict == verdict)
        #expect(try parse(["shelf", "add", "Top", "--" + verdict.rawValue], as: ShelfAdd.self).verdict == verdict)
    }

    @Test func theSameChoiceTwiceIsStillOneChoice() throws {
        #expect(try parse(["note", "Home", "--fail", "--fail"], as: NoteCommand.self).verdict == .fail)
    }

    @Test(arguments: [
        (["--pass", "--fail"], "--pass and --fail cannot be used together"),
        (["--na", "--pass"], "--na and --pass cannot be used together"),
        (["--fail", "--fail", "--na"], "--fail and --na cannot be used together"),
    ])
    func twoChoicesAreRefused(_ flags: [String], _ message: String) {
        #expect(usageMessage(["note", "Home"] + flags) == message)
        #expect(usageMessage(["shelf", "add", "Top"] + flags) == message)
    }

    // MARK: Combined short flags

    @Test(arguments: ["-vq", "-qv", "-vt"])
    func shortFlagsAreNotCombinedAndSayingSoNamesTheWord(_ combined: String) {
        // Not supported: the word is refused whole rather than read as something else.
        #expect(usageMessage(["note", "Home", combined]) == "unknown option '\(combined)'")
    }
}
