import Testing
@testable import ArgumentParsing

/// The manual page is written from the declarations: what help shows, the page shows, in mdoc.
@Suite struct ManualPageTests {
    let page = ManualPage.render(root: Kit.self, date: "December 1, 2026",
                                 sections: [ManualPage.Section(title: "Exit status", paragraphs: ["0: Done.", "64: A usage error."])])

    @Test func theHeaderNamesTheToolAndItsAbstract() {
        let lines = page.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(6)) == [".Dd December 1, 2026", ".Dt KIT 1", ".Os", ".Sh NAME", ".Nm kit", ".Nd A tool to test the parser with"])
        #expect(lines.contains(".Sh EXIT STATUS"))
    }

    @Test func everyVisibleCommandHasItsSectionAndHiddenOnesDoNot() {
        for path in ManualPage.commandPaths(Kit.self) {
            #expect(page.contains(".Ss " + path.dropFirst().map { $0.commandName }.joined(separator: " ") + "\n"))
        }
        #expect(page.contains(".Ss note\n"))
        // Options are listed with their names and value names; the hidden one is not.
        #expect(page.contains(".It Fl t , Fl -times Ar n\n"))
        #expect(page.contains(".It Fl -wrap , Fl -no-wrap\n"))
        #expect(page.contains(".It Fl -pass\n"))
        #expect(!page.contains("debug-seed"))
        // The example is kept literally, after its comment.
        #expect(page.contains("# Notes Checkout twice.\nkit note Checkout --times 2\n"))
    }

    @Test func textCannotTurnIntoRequestsAndSentencesStartLines() {
        #expect(ManualPage.escaped(".dtaudit holds it") == "\\&.dtaudit holds it")
        #expect(ManualPage.escaped("'quoted'") == "\\&'quoted'")
        #expect(ManualPage.escaped("a \\ back") == "a \\e back")
        #expect(ManualPage.sentences("One. Two? Three! Four") == ["One.", "Two?", "Three!", "Four"])
        #expect(ManualPage.sentences("version 1.2 stays") == ["version 1.2 stays"])
    }
}
