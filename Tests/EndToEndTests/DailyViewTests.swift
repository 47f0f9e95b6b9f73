import Foundation
import Testing

/// The surface of daily work: warnings for what was mistyped, tables that fit the terminal,
/// colour as asked.
@Suite(.tags(.endToEnd)) struct DailyViewTests {
    @Test func aFilePatternThatMatchesNothingIsNamedWhenGivenAndInScreenShow() throws {
        let cli = try CLI().initialized()
        _ = try Fixture.write(Data("struct A {}".utf8), "App/Pay/PayView.swift", in: cli.directory)
        let added = try cli.run(["screen", "add", "Pay", "--file", "App/Pay/*.swift", "--file", "App/Chekout/*.swift"])
        #expect(added.status == 0)
        #expect(added.stderr.split(separator: "\n").count == 1)
        #expect(added.stderr.hasPrefix("warning: --file 'App/Chekout/*.swift' matches no source file under "))
        let shown = try cli.ok(["screen", "show", "Pay"])
        #expect(shown.contains("file App/Chekout/*.swift  matches no source file"))
        #expect(shown.contains("file App/Pay/*.swift\n"))
        let json = try #require(try cli.json(["screen", "show", "Pay"]) as? [String: Any])
        #expect(json["unmatchedFiles"] as? [String] == ["App/Chekout/*.swift"])
        // Once the file exists the warning is gone.
        _ = try Fixture.write(Data("struct C {}".utf8), "App/Chekout/Cart.swift", in: cli.directory)
        let edited = try cli.run(["screen", "edit", "Pay", "--add-file", "App/Chekout/*.swift"])
        #expect(edited.stderr.isEmpty)
        #expect(!(try cli.ok(["screen", "show", "Pay"])).contains("matches no source file"))
    }

    @Test func swappedArgumentsAreNamedAsSwapped() throws {
        let cli = try CLI().initialized()
        let swapped = try cli.run(["triage", "broken", "Checkout"])
        #expect(swapped.status == 64)
        #expect(swapped.stderr == "error: the screen comes first, then the category: dtaudit triage Checkout broken\n")
        let typo = try cli.run(["triage", "Checkout", "brokn"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean 'broken'?"))
    }

    @Test func tablesFitTheTerminalAndNeverWrapARow() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Account recovery: choose a new password", "--flow", "account recovery", "--owner", "Maximiliane Oberndorfer"])
        for columns in [60, 80, 120] {
            let result = try cli.run(["screen", "list"], environment: ["COLUMNS": String(columns)])
            let lines = result.stdout.split(separator: "\n")
            // Every character here takes one column, the ellipsis included; the footer wraps at words.
            #expect(lines.allSatisfy { $0.count <= columns }, "\(columns): \(result.stdout)")
            #expect(lines.prefix { !$0.hasPrefix("2 of 2 screens") }.count == 3)
            if columns < 120 { #expect(result.stdout.contains("…")) }
        }
        // Piped without COLUMNS, scripts get whole rows.
        let whole = try cli.run(["screen", "list"], environment: ["COLUMNS": ""])
        #expect(whole.stdout.contains("Account recovery: choose a new password"))
    }

    @Test func colourIsAsAskedWhateverNoColorSays() throws {
        let cli = try CLI().initialized()
        let always = try cli.run(["status", "--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(always.stdout.contains("\u{1B}["))
        let never = try cli.run(["status", "--color", "never"])
        #expect(!never.stdout.contains("\u{1B}["))
        let piped = try cli.run(["status"])
        #expect(!piped.stdout.contains("\u{1B}["))
        let bad = try cli.run(["status", "--color", "sometimes"])
        #expect(bad.status == 64 && bad.stderr.contains("'sometimes' is not one of auto, always, never"))
        // A usage error is coloured as asked too.
        let usage = try cli.run(["stauts", "--color", "always"])
        #expect(usage.stderr.hasPrefix("\u{1B}["))
    }
}
