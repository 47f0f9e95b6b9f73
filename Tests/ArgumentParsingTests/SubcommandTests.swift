import Testing
@testable import ArgumentParsing

/// Finding the command a line names: subcommands, nesting, aliases, typos, and the options all commands share.
@Suite struct SubcommandTests {
    @Test(arguments: [
        (["note", "Home"], ["kit", "note"]),
        (["copy", "a", "--to", "b"], ["kit", "copy"]),
        (["shelf", "add", "Top", "--pass"], ["kit", "shelf", "add"]),
        (["shelf", "list"], ["kit", "shelf", "list"]),
        (["shelf", "label", "set", "Top"], ["kit", "shelf", "label", "set"]),
        (["shelf"], ["kit", "shelf"]),
        ([], ["kit"]),
    ])
    func theWordsBeforeTheArgumentsNameTheCommand(_ arguments: [String], _ path: [String]) throws {
        #expect(try commandPath(arguments) == path)
    }

    @Test func aCommandNameIsDerivedFromItsTypeName() throws {
        // `NoteCommand` is typed `note`.
        #expect(NoteCommand.commandName == "note")
        #expect(try commandPath(["note", "x"]) == ["kit", "note"])
    }

    @Test(arguments: [(["shelf", "ls"], ["kit", "shelf", "list"]), (["shelf", "rm", "Top"], ["kit", "shelf", "remove"])])
    func anAliasSelectsItsCommand(_ arguments: [String], _ path: [String]) throws {
        #expect(try commandPath(arguments) == path)
    }

    @Test func aNestedCommandGetsItsOwnValues() throws {
        let set = try parse(["shelf", "label", "set", "Top", "Fiction"], as: ShelfLabelSet.self)
        #expect(set.name == "Top")
        #expect(set.label == "Fiction")
    }

    @Test func aCommandNameAfterTheArgumentsBeganIsAnArgument() throws {
        // `note` takes a screen: a screen called "copy" is no command.
        #expect(try parse(["note", "copy"], as: NoteCommand.self).screen == "copy")
        #expect(try parse(["shelf", "remove", "list"], as: ShelfRemove.self).name == "list")
    }

    // MARK: Unknown commands

    @Test(arguments: [
        (["nte"], "unknown command 'nte'; did you mean 'note'?"),
        (["Note"], "unknown command 'Note'; did you mean 'note'?"),
        (["coyp"], "unknown command 'coyp'; did you mean 'copy'?"),
        (["shelve", "list"], "unknown command 'shelve'; did you mean 'shelf'?"),
        (["zzz"], "unknown command 'zzz'"),
        (["shelf", "ad", "Top"], "unknown command 'ad'; did you mean 'add'?"),
        (["shelf", "lst"], "unknown command 'lst'; did you mean 'list'?"),
        (["shelf", "label", "st", "Top"], "unknown command 'st'; did you mean 'set'?"),
        (["shelf", "Top"], "unknown command 'Top'"),
        ([""], "unknown command ''"),
    ])
    func anUnknownCommandIsNamedWithTheNearestKnownOne(_ arguments: [String], _ message: String) {
        #expect(usageMessage(arguments) == message)
    }

    @Test func anUnknownCommandIsReportedAgainstTheGroupItWasTypedIn() {
        let run = Run(["shelf", "ad", "Top"])
        #expect(run.status == 64)
        #expect(run.error == "error: unknown command 'ad'; did you mean 'add'? (see 'kit help shelf')")
        #expect(Run(["nte"]).error == "error: unknown command 'nte'; did you mean 'note'? (see 'kit --help')")
    }

    @Test func aGroupRunAloneShowsItsHelp() {
        let shelf = Run(["shelf"])
        #expect(shelf.status == 0)
        #expect(shelf.error == nil)
        #expect(shelf.output == Run(["help", "shelf"]).output)
        #expect(Run([]).output == Run(["--help"]).output)
    }

    // MARK: Options shared by every command

    @Test(arguments: [
        ["--store", "/s", "note", "Home"],
        ["--store=/s", "note", "Home"],
        ["note", "--store", "/s", "Home"],
        ["note", "Home", "--store", "/s"],
        ["note", "Home", "--store=/s"],
    ])
    func aSharedOptionComesBeforeOrAfterTheCommand(_ arguments: [String]) throws {
        #expect(try parse(arguments, as: NoteCommand.self).shared.store == "/s")
    }

    @Test(arguments: [
        ["--store", "/s", "shelf", "label", "set", "Top"],
        ["shelf", "--store", "/s", "label", "set", "Top"],
        ["shelf", "label", "--store", "/s", "set", "Top"],
        ["shelf", "label", "set", "--store", "/s", "Top"],
        ["shelf", "label", "set", "Top", "--store=/s"],
    ])
    func aSharedOptionComesAtAnyLevelOfANestedCommand(_ arguments: [String]) throws {
        // `shelf` and `label` declare no options; `--store` between them is still the shared option.
        let set = try parse(arguments, as: ShelfLabelSet.self)
        #expect(set.shared.store == "/s")
        #expect(set.name == "Top")
    }

    @Test func aSharedFlagComesAtAnyLevel() throws {
        #expect(try parse(["--no-color", "shelf", "list"], as: ShelfList.self).shared.noColor)
        #expect(try parse(["shelf", "--no-color", "list"], as: ShelfList.self).shared.noColor)
        #expect(try parse(["shelf", "list", "--no-color"], as: ShelfList.self).shared.noColor)
    }

    @Test func theValueOfASharedOptionIsNeverACommandName() throws {
        // A store folder called `note` before the command.
        let note = try parse(["--store", "note", "note", "Home"], as: NoteCommand.self)
        #expect(note.shared.store == "note")
        #expect(note.screen == "Home")
        #expect(try parse(["shelf", "--store", "list", "list"], as: ShelfList.self).shared.store == "list")
    }

    @Test(arguments: [
        (["--stor", "/s", "note", "Home"], "unknown option '--stor'; did you mean '--store'?"),
        (["-C", "/", "note", "Home"], "unknown option '-C'"),
        (["--no-colour", "note", "Home"], "unknown option '--no-colour'; did you mean '--no-color'?"),
        (["shelf", "--stroe", "/s", "list"], "unknown option '--stroe'; did you mean '--store'?"),
    ])
    func anUnknownOptionBeforeTheCommandIsNamedNotItsValue(_ arguments: [String], _ message: String) {
        // Without this, '/s' would be reported as an unknown command.
        #expect(usageMessage(arguments) == message)
    }

    @Test func aCommandsOwnOptionComesAfterItsName() throws {
        #expect(usageMessage(["--times", "3", "note", "Home"]) == "unknown option '--times'")
        #expect(usageMessage(["shelf", "--json", "list"]) == "unknown option '--json'")
        #expect(try parse(["shelf", "list", "--json"], as: ShelfList.self).json)
    }

    @Test func aSharedOptionGivenOnTwoSidesOfTheCommandIsGivenTwice() {
        #expect(usageMessage(["--no-color", "note", "Home", "--no-color"]) == nil)
        #expect(usageMessage(["shelf", "--store", "a", "list", "--store", "b"]) == "--store was given more than once")
    }

    @Test func aCommandThatDeclaresNoSharedOptionsRefusesThem() {
        // `fail` does not take `--store`, wherever it is typed.
        #expect(usageMessage(["fail", "--mode", "exit", "--store", "/s"]) == "unknown option '--store'")
        #expect(usageMessage(["--store", "/s", "fail", "--mode", "exit"]) == "unknown option '--store'")
    }
}
