import Foundation
import Testing

/// What commands say in a line: in grammar that counts, with what changed, and never a number
/// that contradicts the standing beside it.
@Suite(.tags(.endToEnd)) struct MessagesTests {
    @Test func statusCountsOneFailureWaitingInTheSingular() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "Clipped"])
        let status = try cli.ok(["status"])
        #expect(status.contains("Problems  1 open, one per cause: 1 waits for a fix"), "\(status)")
        // The same check failing at another size is the same problem; another check is another.
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-truncation", "--fail", "--note", "Clipped"])
        #expect(try cli.ok(["status"]).contains("Problems  1 open, one per cause: 1 waits for a fix"))
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-overlap", "--fail", "--note", "Runs into the total"])
        #expect(try cli.ok(["status"]).contains("Problems  2 open, one per cause: 2 wait for a fix"))
    }

    @Test func screenEditSaysWhatChangedFromWhatToWhat() throws {
        let cli = try CLI().initialized()
        let edited = try cli.ok(["screen", "edit", "Checkout", "--owner", "Sam Okafor", "--flow", "pay"])
        #expect(edited == "Updated Checkout: flow 'checkout' → 'pay', owner none → 'Sam Okafor'\n", "\(edited)")
        let renamed = try cli.ok(["screen", "edit", "Checkout", "--name", "Cart", "--owner", "Ana"])
        #expect(renamed == "Updated Cart: name 'Checkout' → 'Cart', owner 'Sam Okafor' → 'Ana'\n", "\(renamed)")
    }

    @Test func screenListCountsFailuresAtSizesOutsideThePlan() throws {
        let cli = try CLI().initialized()
        // no-truncation is planned at xxxl, ax3 and ax5: a failure at xs still makes the screen broken.
        try cli.ok(["record", "Checkout", "--size", "xs", "--item", "no-truncation", "--fail", "--note", "Cut"])
        let row = try #require(try cli.ok(["screen", "list"]).split(separator: "\n").first { $0.hasPrefix("Checkout ") })
        let columns = row.split(separator: " ", omittingEmptySubsequences: true)
        #expect(row.contains("broken"))
        let recorded = try #require(columns.firstIndex { $0.contains("/") })
        #expect(columns[recorded + 1] == "1", "FAILED: \(row)")
    }

    @Test func scanSaysOneFindingFailsTheRunInTheSingular() throws {
        let cli = try CLI()
        let file = cli.directory.appendingPathComponent("Pay.swift")
        try Data("import SwiftUI\nlet pay = Text(\"Pay\").font(.system(size: 15))\n".utf8).write(to: file)
        let result = try cli.run(["scan", "--fail-on", "major"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("1 at major or worse fails the run"), "\(result.stdout)")
    }

    @Test func atEightyColumnsScreenListKeepsStandingWholeAndSaysWhatItLeftOut() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        let narrow = try cli.run(["screen", "list"], in: demo, environment: ["COLUMNS": "80"])
        let lines = narrow.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(narrow.stdout)")
        // The names come next: OWNER, FLOW, FIXES and CRITICAL give way before a name is cut.
        for name in ["Recovery: new password", "Checkout: confirmation", "Elevation chart"] {
            #expect(narrow.stdout.contains("\n" + name + "  "), "\(name) whole at 80 columns")
        }
        for standing in ["supported, re-check pending", "unsupported, awaiting retest", "broken, triage guess"] {
            #expect(narrow.stdout.contains(standing + " "), "\(standing) whole at 80 columns")
        }
        let header = try #require(lines.first)
        #expect(header.hasPrefix("SCREEN ") && header.contains(" STANDING ") && !header.contains("OWNER") && !header.contains("FLOW"))
        // The footer wraps at words within the 80 columns.
        #expect(narrow.stdout.replacingOccurrences(of: "\n", with: " ")
                .contains("OWNER, FLOW, FIXES and CRITICAL left out at this width (--json has them; --critical lists the critical screens)"))
        // At 100 columns only OWNER and FLOW give way.
        let middle = try cli.run(["screen", "list"], in: demo, environment: ["COLUMNS": "100"])
        #expect(middle.stdout.contains("OWNER and FLOW left out at this width (--json has them)") && middle.stdout.contains(" CRITICAL "))
        #expect(middle.stdout.contains("\nRecovery: new password  yes "))
        let wide = try cli.run(["screen", "list"], in: demo, environment: ["COLUMNS": "160"])
        #expect(wide.stdout.contains("Elevation chart") && wide.stdout.contains(" OWNER") && !wide.stdout.contains("left out"))
    }

    @Test func screenListExplainsItsCodeMarkOnlyWhenItShowsOne() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        let all = try cli.run(["screen", "list"], in: demo, environment: ["COLUMNS": "160"]).stdout
        #expect(all.contains("  3!  ") && all.hasSuffix("\nCODE: findings at the latest scan; ! marks fixed font sizes among them, text that does not scale\n"))
        let supported = try cli.run(["screen", "list", "--category", "supported"], in: demo, environment: ["COLUMNS": "160"]).stdout
        #expect(!supported.contains("!") && !supported.contains("CODE:"))
    }

    /// At 72 and 120 columns, gate's table and next's checks fit the terminal and break only
    /// between words: every word shown narrow is a word of the wide output.
    @Test func gateAndNextWrapAtWordsWithinTheTerminal() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        for arguments in [["gate", "--all-screens"], ["next", "Search"], ["next", "Map"]] {
            let wide = try cli.run(arguments, in: demo, environment: ["COLUMNS": "400"]).stdout
            let words = Set(wide.split(whereSeparator: \.isWhitespace))
            for columns in [72, 120] {
                let narrow = try cli.run(arguments, in: demo, environment: ["COLUMNS": String(columns)]).stdout
                let lines = narrow.split(separator: "\n")
                // gate's headline is one sentence a terminal may wrap; the table below it must fit.
                #expect(lines.dropFirst(arguments[0] == "gate" ? 1 : 0).allSatisfy { $0.count <= columns }, "\(arguments) at \(columns):\n\(narrow)")
                let split = narrow.split(whereSeparator: \.isWhitespace).filter { !words.contains($0) }
                #expect(split.isEmpty, "\(arguments) at \(columns) cut words: \(split)")
            }
        }
        // The standing column is as wide as its longest label, so the details line up.
        let gate = try cli.run(["gate", "--all-screens"], in: demo, environment: ["COLUMNS": "200"]).stdout.split(separator: "\n").dropFirst()
        let starts = Set(gate.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.compactMap { line -> Int? in
            guard let range = line.range(of: "  ", options: .backwards, range: line.index(line.startIndex, offsetBy: 26)..<line.endIndex) else { return nil }
            return line.distance(from: line.startIndex, to: range.upperBound)
        })
        #expect(starts.count == 1, "details start at \(starts)")
    }
}
