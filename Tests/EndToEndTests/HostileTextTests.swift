import Foundation
import Testing

/// Names and notes holding every kind of character are stored and exported faithfully, or
/// refused with one clear line; no output format is broken by them.
@Suite(.tags(.endToEnd)) struct HostileTextTests {
    /// One character of every Unicode general category a line of text may hold: letters of each
    /// kind, combining marks, numbers, punctuation, symbols, spaces, format characters (including
    /// the right-to-left override), private use, an unassigned code point, emoji sequences, CJK.
    static let everyCategory = "A\u{E9}\u{1C5}\u{2B0}\u{5D0}\u{301}\u{903}\u{20DD}5\u{2160}\u{BD}_-(\u{201C})\u{201D}!+$^\u{A9} \u{200E}\u{202E}\u{E000}\u{378}\u{1F9D7}\u{200D}\u{2640}\u{FE0F}\u{4E2D}|`*<b>"
    static let note = everyCategory + "\nsecond line\twith a tab, \"quotes\", a comma"

    @Test func everyCategoryRoundTripsThroughTheStoreAndEveryFormat() throws {
        let cli = try CLI()
        try cli.ok(["init", "--app", Self.everyCategory])
        try cli.ok(["screen", "add", Self.everyCategory, "--flow", Self.everyCategory, "--owner", Self.everyCategory, "--critical"])
        try cli.ok(["record", Self.everyCategory, "--size", "ax5", "--item", "reachable", "--fail", "--note", Self.note, "--by", Self.everyCategory])
        try cli.ok(["fix", Self.everyCategory, "--type", "custom", "--note", Self.note, "--ref", Self.everyCategory])

        let shown = try #require(try cli.json(["screen", "show", Self.everyCategory]) as? [String: Any])
        #expect(shown["name"] as? String == Self.everyCategory)
        #expect(shown["owner"] as? String == Self.everyCategory)
        let cells = try #require(shown["cells"] as? [[String: Any]])
        let failed = try #require(cells.first { $0["status"] as? String == "fail" })
        #expect(failed["note"] as? String == Self.note)
        #expect(failed["by"] as? String == Self.everyCategory)

        // JSON: a valid document holding the exact strings.
        let json = try cli.ok(["export", "--format", "json", "--output", "-"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let records = try #require(document["records"] as? [[String: Any]])
        #expect(records.contains { $0["record"] as? String == "audit" && $0["app"] as? String == Self.everyCategory })
        #expect(records.contains { $0["record"] as? String == "recording" && $0["note"] as? String == Self.note })

        // CSV: RFC 4180, every row with the header's number of fields, the note intact.
        let csv = try cli.ok(["export", "--format", "csv-log", "--output", "-"])
        let rows = try #require(CSV.parse(csv))
        #expect(rows.count == 2)
        #expect(Set(rows.map(\.count)).count == 1)
        let header = try #require(rows.first)
        let noteColumn = try #require(header.firstIndex(of: "note"))
        #expect(rows[1][noteColumn] == Self.note)
        #expect(rows[1][try #require(header.firstIndex(of: "screen"))] == Self.everyCategory)
        // The sheet: the failed cell with its note, owner and the fix's reference, each intact.
        let sheet = try #require(CSV.parse(try cli.ok(["export", "--format", "csv", "--output", "-"])))
        #expect(Set(sheet.map(\.count)).count == 1)
        let column = Dictionary(uniqueKeysWithValues: sheet[0].enumerated().map { ($1, $0) })
        let failedRow = try #require(sheet.first { $0[column["status"]!] == "fail" })
        #expect(failedRow[column["note"]!] == Self.note)
        #expect(failedRow[column["owner"]!] == Self.everyCategory)
        #expect(failedRow[column["fix_ref"]!] == Self.everyCategory)
        #expect(failedRow[column["screen"]!] == Self.everyCategory)

        // Terminal output shows the override as an escape instead of letting it reorder the line.
        let text = try cli.ok(["screen", "show", Self.everyCategory])
        #expect(!text.contains("\u{202E}"))
        #expect(text.contains("\\u{202e}"))

        // A round trip through import gives the same file back.
        try json.write(to: cli.directory.appendingPathComponent("audit.json"), atomically: true, encoding: .utf8)
        let other = try CLI()
        try other.ok(["import", cli.directory.appendingPathComponent("audit.json").path])
        #expect(try other.ok(["export", "--format", "json", "--output", "-"]) == json)
    }

    @Test func controlCharactersAndHugeTextAreRefusedWithOneLine() throws {
        let cli = try CLI().initialized()
        let before = try cli.storeBytes()
        let cases: [([String], String)] = [
            (["screen", "add", "Esc\u{1B}[31mape"], "control characters (found U+001B)"),
            (["screen", "add", "Bell\u{7}"], "control characters (found U+0007)"),
            (["screen", "add", "Line\u{2028}separator"], "control characters (found U+2028)"),
            (["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "C1 \u{85} control"], "control character (U+0085)"),
            (["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", String(repeating: "x", count: 100_000)], "the limit is 20000"),
            (["fix", "Checkout", "--type", "custom", "--item", "reachable", "--ref", String(repeating: "é", count: 60_000)], "the limit is 20000"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments.prefix(2))")
            #expect(result.stderr.contains(message), "\(result.stderr.prefix(200))")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try cli.storeBytes() == before)
    }

    @Test func importRefusesNulAndMegabyteNotesNamingTheLine() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "short"])
        let exported = try cli.ok(["export", "--format", "json", "--output", "-"])
        var lines = exported.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("\"record\":\"recording\"") })
        for (replacement, message) in [("before\\u0000after", "control character (U+0000)"),
                                       (String(repeating: "x", count: 1 << 20), "bytes long; the limit is 20000")] {
            var copy = lines
            copy.insert(lines[index].replacingOccurrences(of: "\"note\":\"short\"", with: "\"note\":\"\(replacement)\"")
                .replacingOccurrences(of: "\"id\":\"", with: "\"id\":\"other-"), at: index + 1)
            let file = cli.directory.appendingPathComponent("hostile.json")
            try copy.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            let before = try cli.storeBytes()
            let result = try cli.run(["import", file.path])
            #expect(result.status == 65)
            #expect(result.stderr.contains("line \(index + 2): field 'note'"), "\(result.stderr.prefix(300))")
            #expect(result.stderr.contains(message))
            #expect(result.stderr.count < 400, "the refusal does not echo the megabyte")
            #expect(try cli.storeBytes() == before)
        }
        lines.removeAll()
    }
}

/// A strict RFC 4180 reader: quoted fields may hold commas, quotes (doubled) and line breaks.
enum CSV {
    static func parse(_ text: String) -> [[String]]? {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let scalar = characters.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if characters.first == "\"" { characters.removeFirst(); field.unicodeScalars.append("\"") } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                guard field.isEmpty else { return nil }
                quoted = true
            } else if scalar == "," {
                row.append(field)
                field = ""
            } else if scalar == "\r" || scalar == "\n" {
                if scalar == "\r", characters.first == "\n" { characters.removeFirst() }
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { return nil }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
