import Foundation
import Testing
import TestSupport

/// A run in other locales than the app's base one (`--locales de,ru`): its files carry the locale
/// after the size, it decides `long-translations` alone, and the usual checks stay the base
/// locale's. Without tesseract, so that `no-overlap` and `reachable` decide on their own.
@Suite(.tags(.endToEnd)) struct LocaleRunTests {
    /// Checkout in the base locale, its two labels apart at ax3; in German the total grows onto
    /// the delivery line there.
    static func checkout(_ size: String, german: Bool, shape: PageShape) -> String {
        let (total, delivery) = german ? ("Gesamtbetrag der Bestellung", "Lieferung und Rückgabe") : ("Order total", "Delivery & returns")
        let content: [Node] = size == "l"
            ? [.text(total, 16, 100, 200, 20), .text(delivery, 16, 130, 200, 18), .button("checkout.pay", 16, 760, 358, 50)]
            : [.text(total, 16, 100, 358, german ? 80 : 40), .text(delivery, 16, 150, 358, 40), .button("checkout.pay", 16, 740, 358, 60)]
        return PageSource.screen(content, primaryAction: "checkout.pay", shape: shape)
    }

    /// `cli` with no tesseract on its PATH.
    static func withoutTesseract(_ cli: CLI) throws -> CLI {
        var cli = cli
        let empty = cli.directory.appendingPathComponent("no-programs")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        cli.environment["PATH"] = empty.path
        return cli
    }

    static func judged(_ plan: [String: Any], _ item: String) -> [[String: Any]] {
        (plan["judged"] as? [[String: Any]] ?? []).filter { $0["item"] as? String == item }
    }

    /// An Appium suite's folder: `Checkout_ax3.xml` and `Checkout_ax3_de.xml` side by side.
    @Test func anAppiumFolderInALocaleDecidesLongTranslationsAndSaysWhatFailsOnlyThere() throws {
        let cli = try Self.withoutTesseract(try CLI().initialized())
        let root = cli.directory.appendingPathComponent("run")
        for (seed, size) in ["l", "ax3"].enumerated() {
            for german in [false, true] {
                let name = "Checkout_\(size)" + (german ? "_de" : "")
                try Fixture.write(Data(Self.checkout(size, german: german, shape: .webDriverAgent).utf8), name + ".xml", in: root)
                try Fixture.write(Data(Screenshot.png(seed: seed * 2 + (german ? 1 : 0), width: 390, height: 844)), name + ".png", in: root)
            }
        }
        let plan = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
        let long = Self.judged(plan, "long-translations")
        #expect(long.count == 1)
        let verdict = try #require(long.first)
        #expect(verdict["locale"] as? String == "de" && verdict["size"] as? String == "ax3" && verdict["outcome"] as? String == "fail")
        #expect(verdict["file"] as? String == "Checkout_ax3_de.xml")
        let reason = verdict["reason"] as? String ?? ""
        #expect(reason.hasPrefix("in de: no-overlap, only in de (it passes in the base locale): "))
        #expect(reason.contains("StaticText \"Gesamtbetrag der Bestellung\" and StaticText \"Lieferung und Rückgabe\" overlap by"))
        // The usual checks are the base locale's: its labels stay apart, whatever German does.
        let overlap = Self.judged(plan, "no-overlap").filter { $0["size"] as? String == "ax3" }
        #expect(overlap.count == 1 && overlap.first?["outcome"] as? String == "pass" && overlap.first?["locale"] is NSNull)
        #expect(overlap.first?["file"] as? String == "Checkout_ax3.xml")
        // Without tesseract the import says so once, for every locale.
        #expect((plan["notes"] as? [String])?.filter { $0.contains("install tesseract") }.count == 1)
        // German screenshots are not evidence of the base locale's sizes.
        let attach = (plan["attach"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }.sorted()
        #expect(attach == ["Checkout_ax3.png", "Checkout_l.png"])

        let done = try #require(try cli.json(["evidence", "import-xcresult", "run"]) as? [String: Any])
        #expect(done["crops"] as? Int == 1)
        let cells = try RunImportTests.cells(cli, "Checkout")
        #expect(cells["long-translations ax3"] == "fail" && cells["no-overlap ax3"] == "pass")
        let evidence = try #require(try cli.json(["evidence", "list", "Checkout"]) as? [[String: Any]])
        #expect(evidence.contains { ($0["name"] as? String)?.hasPrefix("Checkout long-translations ax3 1 (") == true && $0["item"] as? String == "long-translations" })
        try cli.ok(["export", "--output", "review.md"])
        let page = try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)
        let entry = try #require(page.split(separator: "\n").first { $0.hasPrefix("- ❌ `long-translations` at **ax3**") })
        #expect(entry.contains("in de: no-overlap, only in de (it passes in the base locale)"))
        #expect(entry.contains("📎 [Checkout long-translations ax3 1 (Large above, ax3 below).png]"))
    }

    /// The harness's shape: attachments named `Checkout_ax3_de` and an audit JSON whose `locale`
    /// says de. Apple's audit in German decides nothing of the base locale's checks.
    @Test func theHarnessesLocaleRunDecidesLongTranslationsAndNotTheBaseChecks() throws {
        let cli = try Self.withoutTesseract(try CLI().initialized())
        var tests: [(test: String, attachments: [(name: String, content: [UInt8])])] = []
        for (seed, size) in ["ax3", "l"].enumerated() {
            for locale in [nil, "de"] as [String?] {
                let name = "Checkout_\(size)" + (locale.map { "_" + $0 } ?? "")
                let issues: [(type: String, text: String, element: String?)] = locale == nil ? [] : [("textClipped", "Text clipped", "Gesamtbetrag")]
                tests.append(("AppUITests/DynamicTypeAuditTests/test_\(size)\(locale.map { "_" + $0 } ?? "")()", [
                    (name, Screenshot.png(seed: seed, width: 390, height: 844)),
                    (name, Array(Self.checkout(size, german: locale != nil, shape: .harness).utf8)),
                    ("dtaudit-audit " + name, RunImportTests.json(RunFixtures.harnessAudit(screen: "Checkout", size: size, issues: issues, locale: locale))),
                ]))
            }
        }
        _ = try RunImportTests.exportedRun(cli, tests)
        let done = try #require(try cli.json(["evidence", "import-xcresult", "R-attachments"]) as? [String: Any])
        #expect(done["attached"] as? Int == 2)
        #expect((done["notes"] as? [String])?.contains("2 audits of Apple's run in other locales decided nothing: long-translations is judged from the hierarchies") == true)
        let long = Self.judged(done, "long-translations")
        #expect(long.map { $0["locale"] as? String } == ["de"] && long.first?["outcome"] as? String == "fail")
        let cells = try RunImportTests.cells(cli, "Checkout")
        #expect(cells["no-truncation ax3"] == "pass", "the base locale's audit found nothing clipped")
        #expect(cells["long-translations ax3"] == "fail" && cells["no-overlap ax3"] == "pass")
    }

    @Test func theTemplateRunsEachLocaleAndRefusesWhatIsNoLocale() throws {
        let cli = try CLI().initialized()
        // Each locale at the sizes long-translations is planned at (ax3 in the shipped checklist)
        // and at Large, which its judges compare with.
        let template = try cli.ok(["xctest-template", "--locales", "de,ru", "--size", "ax5,ax3,l"])
        let tests = template.split(separator: "\n").filter { $0.contains("func test_") }.map { String($0.split(separator: " ")[2]) }
        #expect(tests == ["test_ax5()", "test_ax3()", "test_l()", "test_ax3_de()", "test_l_de()", "test_ax3_ru()", "test_l_ru()"])
        #expect(template.contains("\"-AppleLanguages\", \"(\" + locale + \")\", \"-AppleLocale\""))
        let bad = try cli.run(["xctest-template", "--locales", "de,ax5"])
        #expect(bad.status == 64 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("'ax5' is not a locale: give language codes like de, ru or pt-BR"))
    }
}

/// A locale's labels read back with tesseract in that locale's language and English.
@Suite(.tags(.endToEnd)) struct LocaleReadBackTests {
    /// Profile drawn whole at ax3 in the base locale; in German its ax3 is the truncation run's
    /// Checkout, where "Forgot password?" ends in an ellipsis. tesseract runs through a script
    /// that logs its arguments.
    @Test(.requires(.tesseract))
    func aTruncationOnlyInALocaleFailsLongTranslationsReadInItsLanguage() throws {
        let tesseract = try RequiredTool.tesseract.location()
        var cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Profile"])
        let fixtures = TruncationImportTests.run
        let root = cli.directory.appendingPathComponent("run")
        for (from, to) in [("Profile_l", "Profile_l"), ("Profile_ax5", "Profile_ax3"), ("Checkout_l", "Profile_l_de"), ("Checkout_ax5", "Profile_ax3_de")] {
            for ext in ["png", "xml"] {
                try Fixture.write(Data(contentsOf: fixtures.appendingPathComponent(from + "." + ext)), to + "." + ext, in: root)
            }
        }
        let programs = cli.directory.appendingPathComponent("programs")
        let log = cli.directory.appendingPathComponent("tesseract.log")
        try Fixture.program("#!/bin/sh\necho \"$@\" >> '\(log.path)'\nexec '\(tesseract)' \"$@\"\n", at: programs.appendingPathComponent("tesseract"))
        cli.environment["PATH"] = programs.path + ":" + (cli.environment["PATH"] ?? "/usr/bin:/bin")
        let done = try #require(try cli.json(["evidence", "import-xcresult", "run"]) as? [String: Any])
        let long = (done["judged"] as? [[String: Any]] ?? []).filter { $0["item"] as? String == "long-translations" }
        #expect(long.count == 1 && long.first?["outcome"] as? String == "fail")
        let reason = long.first?["reason"] as? String ?? ""
        #expect(reason.hasPrefix("in de: no-truncation, only in de (it passes in the base locale): "))
        #expect(reason.contains("StaticText \"Forgot password?\" reads back as \"Forgot p"))
        let cells = try RunImportTests.cells(cli, "Profile")
        #expect(cells["no-truncation ax3"] == "pass" && cells["long-translations ax3"] == "fail")
        #expect(done["crops"] as? Int == 2)
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").filter { $0.contains(" -l ") }
        #expect(calls.contains { $0.contains("-l deu+eng ") }, "the German run is read in German and English")
        #expect(calls.contains { $0.contains("-l eng ") }, "the base run's English labels in English")
    }
}
