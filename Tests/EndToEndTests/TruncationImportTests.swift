import Foundation
import Testing
import TestSupport

/// `evidence import-xcresult` reading labels back for `no-truncation`, on a run drawn by
/// `Scripts/truncation-fixtures` (Fixtures/truncation-run): at AX5, Checkout's "Forgot password?"
/// ends in an ellipsis and "Delivery & returns" is cut by its frame, "Settings" is a gear, and
/// Profile's labels are whole.
@Suite(.tags(.endToEnd)) struct TruncationImportTests {
    static let run = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/truncation-run")

    /// A store with both screens and a copy of the run, changed by `change` (file name to new bytes).
    static func audit(_ change: [String: Data] = [:]) throws -> CLI {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Profile", "--flow", "account"])
        let folder = cli.directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: run.path) {
            try (change[name] ?? Data(contentsOf: run.appendingPathComponent(name))).write(to: folder.appendingPathComponent(name))
        }
        return cli
    }

    static func judged(_ plan: [String: Any], _ item: String = "no-truncation") -> [String: (outcome: String, reason: String)] {
        var result: [String: (String, String)] = [:]
        for entry in plan["judged"] as? [[String: Any]] ?? [] where entry["item"] as? String == item {
            result["\(entry["screen"]!) \(entry["size"]!)"] = (entry["outcome"] as? String ?? "", entry["reason"] as? String ?? "")
        }
        return result
    }

    @Test(.requires(.tesseract))
    func cutLabelsFailWithWhatWasReadAndACropWholeOnesPassAndAGearIsLeftOut() throws {
        _ = try RequiredTool.tesseract.location()
        let cli = try Self.audit()
        let plan = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
        let verdicts = Self.judged(plan)
        #expect(verdicts["Checkout ax5"]?.outcome == "fail")
        let reason = verdicts["Checkout ax5"]?.reason ?? ""
        #expect(reason.hasPrefix("2 of 5 labels are cut at ax5 (1 left to people): StaticText \"Forgot password?\" reads back as \"Forgot p"))
        #expect(reason.contains("(an ellipsis where the label has none)"))
        #expect(reason.contains("StaticText \"Delivery & returns\" reads back as"))
        #expect(verdicts["Profile ax5"]?.outcome == "pass")
        #expect(verdicts["Profile ax5"]?.reason == "all 2 labels read back whole at ax5")
        #expect(plan["notes"] as? [String] == [])

        let done = try #require(try cli.json(["evidence", "import-xcresult", "run"]) as? [String: Any])
        #expect(done["crops"] as? Int == 2)
        let recorded = try RunImportTests.cells(cli, "Checkout")
        #expect(recorded["no-truncation ax5"] == "fail")
        #expect(try RunImportTests.cells(cli, "Profile")["no-truncation ax5"] == "pass")
        let evidence = try #require(try cli.json(["evidence", "list", "Checkout"]) as? [[String: Any]])
        let crops = evidence.compactMap { $0["name"] as? String }.filter { $0.hasPrefix("Checkout no-truncation") }.sorted()
        #expect(crops.map { $0.prefix { $0 != "(" } } == ["Checkout no-truncation ax5 1 ", "Checkout no-truncation ax5 2 "], "\(crops)")
        #expect(crops.allSatisfy { $0.hasSuffix(", ax5 below).png") || $0.hasSuffix(", ax5 right).png") || $0.hasSuffix("(ax5 only).png") }, "\(crops)")
        // The note keeps each element's frames at ax5 and at Large, as every judged failure's does.
        // `screen show` wraps notes to the terminal's width: compared with its spaces and line breaks as one space.
        let shown = try cli.ok(["screen", "show", "Checkout"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(shown.contains("StaticText \"Forgot password?\" {x 16, y 120, 272.5 x 62}, Large {x 16, y 70, 149.5 x 20.5}"))
    }

    /// Apple's `.textClipped` audit beside the judge: on Checkout it found nothing where the judge
    /// read two cut labels, on Profile it says "may be clipped" where every label read back whole.
    /// Either failure fails the cell; the note and the review page give the judge's verdict with
    /// Apple's beside it.
    @Test(.requires(.tesseract))
    func applesClippedTextIsShownBesideTheJudgesVerdict() throws {
        _ = try RequiredTool.tesseract.location()
        let audit = { (screen: String, issues: [(type: String, text: String, element: String?)]) in
            Data(RunFixtures.harnessAudit(screen: screen, size: "ax5", issues: issues).utf8)
        }
        let cli = try Self.audit()
        let folder = cli.directory.appendingPathComponent("run")
        try audit("Checkout", []).write(to: folder.appendingPathComponent("dtaudit-audit Checkout_ax5.json"))
        try audit("Profile", [("textClipped", "Text clipped", "Name")]).write(to: folder.appendingPathComponent("dtaudit-audit Profile_ax5.json"))
        try cli.ok(["evidence", "import-xcresult", "run"])
        let profile = try RunImportTests.cells(cli, "Profile"), checkout = try RunImportTests.cells(cli, "Checkout")
        #expect(profile["no-truncation ax5"] == "fail" && checkout["no-truncation ax5"] == "fail")
        try cli.ok(["export", "--output", "review.md"])
        let page = try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)
        let entries = page.split(separator: "\n").filter { $0.hasPrefix("- ❌ `no-truncation` at **ax5**") }
        #expect(entries.count == 2)
        #expect(entries.contains { $0.contains(": all 2 labels read back whole at ax5 · Apple's audit: Text clipped (element: Name) (🤖 run") })
        #expect(entries.contains { $0.contains("reads back as \"Forgot p") && $0.contains(" · Apple's audit: no issue (🤖 run") })
    }

    @Test func withoutTesseractTheImportSaysOnceThatNoTruncationIsLeftToPeopleAndJudgesTheRestAlike() throws {
        var cli = try Self.audit()
        let empty = cli.directory.appendingPathComponent("no-programs")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let withPath = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
        cli.environment["PATH"] = empty.path
        let without = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
        #expect(without["notes"] as? [String] == ["no-truncation is left to people: install tesseract (apt-get install tesseract-ocr / brew install tesseract)"])
        #expect(Self.judged(without).isEmpty)
        for item in ["text-scales", "no-overlap", "reachable", "cells-resize", "default-unchanged"] {
            #expect(Self.judged(without, item).mapValues(\.reason) == Self.judged(withPath, item).mapValues(\.reason))
        }
        let text = try cli.ok(["evidence", "import-xcresult", "run"])
        #expect(text.components(separatedBy: "No-truncation is left to people: install tesseract").count == 2)
        #expect(try RunImportTests.cells(cli, "Checkout")["no-truncation ax5"] == nil)
        #expect(try RunImportTests.cells(cli, "Checkout")["text-scales ax5"] == "pass")
    }

    /// A tesseract that answers `--list-langs` and then fails: nothing of `no-truncation` is
    /// stored, the other judges' checks are, and the import says why.
    @Test func aReadingThatFailsHalfWayStoresNoneOfItsVerdicts() throws {
        var cli = try Self.audit()
        let programs = cli.directory.appendingPathComponent("programs")
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        let fake = programs.appendingPathComponent("tesseract")
        try Fixture.program("""
            #!/bin/sh
            if [ "$1" = "--list-langs" ]; then printf 'List of available languages (1):\\neng\\n'; exit 0; fi
            echo "Page 1 : x" >&2; echo "Error during processing." >&2; exit 1
            """, at: fake)
        cli.environment["PATH"] = programs.path + ":/usr/bin:/bin"
        let done = try #require(try cli.json(["evidence", "import-xcresult", "run"]) as? [String: Any])
        let notes = done["notes"] as? [String] ?? []
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("no-truncation is left to people: reading the labels failed, so none of its checks was judged (tesseract exited with status 1") == true)
        #expect(notes.first?.contains("Error during processing.") == true)
        #expect(Self.judged(done).isEmpty)
        let recorded = try RunImportTests.cells(cli, "Checkout")
        #expect(recorded["no-truncation ax5"] == nil && recorded["text-scales ax5"] == "pass")
    }

    /// A PNG of `width` x `height` whose header says `bitDepth`, `colorType` and `interlace`, its
    /// rows zero (stored deflate blocks): a well-formed file of a kind screenshots may come in.
    static func png(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> Data {
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)] }
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { bigEndian(UInt32(data.count)) + Array(type.utf8) + data + bigEndian(crc(Array(type.utf8) + data)) }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
        let raw = [UInt8](repeating: 0, count: (width * channels * Int(bitDepth) / 8 + 1) * height)
        var deflate: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            deflate += [offset + count == raw.count ? 1 : 0, UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8(~count >> 8 & 0xff)]
            deflate += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        deflate += bigEndian(b << 16 | a)
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colorType, 0, 0, interlace])
        if colorType == 3 { bytes += chunk("PLTE", [255, 255, 255]) }
        bytes += chunk("IDAT", deflate) + chunk("IEND", [])
        return Data(bytes)
    }

    /// Screenshots and frames no screen should have: each gives its size or its label one clear
    /// reason, the rest of the run is judged, and nothing crashes.
    @Test(.requires(.tesseract))
    func hostilePixelsGiveOneReasonEachAndTheRestIsJudged() throws {
        _ = try RequiredTool.tesseract.location()
        let checkout = try String(contentsOf: Self.run.appendingPathComponent("Checkout_ax5.xml"), encoding: .utf8)
        func frame(of label: String, _ replacement: String) -> String {
            let line = checkout.split(separator: "\n").first { $0.contains("label=\"\(label)\"") && $0.contains("StaticText") }!
            let start = line.range(of: " x=\"")!.lowerBound
            let end = line.range(of: "/>")!.lowerBound
            return checkout.replacingOccurrences(of: String(line), with: String(line[..<start]) + " " + replacement + String(line[end...]))
        }
        // Frames: not a number, no area, far wider than the screen.
        let frames = [frame(of: "Total", "x=\"nan\" y=\"30\" width=\"100\" height=\"40\""),
                      frame(of: "Total", "x=\"16\" y=\"30\" width=\"0\" height=\"0\""),
                      frame(of: "Total", "x=\"16\" y=\"30\" width=\"900000\" height=\"62\"")]
        for (index, xml) in frames.enumerated() {
            let cli = try Self.audit(["Checkout_ax5.xml": Data(xml.utf8)])
            let plan = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
            let verdict = try #require(Self.judged(plan)["Checkout ax5"])
            // "Total" is left out; the cut labels still fail.
            #expect(verdict.outcome == "fail")
            #expect(verdict.reason.hasPrefix(index == 0 ? "2 of 4 labels are cut at ax5 (1 left to people)" : "2 of 5 labels are cut at ax5 (2 left to people)"), "\(verdict.reason)")
            #expect(Self.judged(plan)["Profile ax5"]?.outcome == "pass")
        }
        // Screenshots: smaller than the window, of another window, 16-bit, interlaced, not a PNG.
        let shots: [(Data, String)] = [
            (Self.png(width: 160, height: 280, bitDepth: 8, colorType: 2),
             "the screenshot at ax5 is 160 x 280 px, under a pixel a point of the 320 x 560 pt window: too small to read labels in"),
            (Self.png(width: 1120, height: 640, bitDepth: 8, colorType: 0), "the screenshot at ax5 is 1120 x 640 px, not a picture of the 320 x 560 pt window"),
            (Self.png(width: 640, height: 1120, bitDepth: 16, colorType: 0), "the screenshot at ax5 "),
            (Self.png(width: 640, height: 1120, bitDepth: 8, colorType: 2, interlace: 1), "the screenshot at ax5 "),
        ]
        for (bytes, reason) in shots {
            let cli = try Self.audit(["Checkout_ax5.png": bytes])
            let plan = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
            let verdict = try #require(Self.judged(plan)["Checkout ax5"])
            // A 16-bit or interlaced file is refused by the decoder, or (read) shows no text at all.
            #expect(verdict.outcome == "no-data")
            let decodable = reason == "the screenshot at ax5 "
            #expect(verdict.reason.hasPrefix(reason)
                    || decodable && verdict.reason.hasPrefix("none of 5 labels at ax5 could be read back: 5 not measured (showing no text)"),
                    "\(verdict.reason)")
            #expect(Self.judged(plan)["Profile ax5"]?.outcome == "pass")
        }
        // A Large screenshot that is not the window's leaves every size without data, naming Large.
        let cli = try Self.audit(["Checkout_l.png": Self.png(width: 100, height: 100, bitDepth: 8, colorType: 3)])
        let plan = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
        #expect(Self.judged(plan)["Checkout ax5"]?.reason == "the screenshot at l is 100 x 100 px, not a picture of the 320 x 560 pt window, which labels are read against")
    }
}
