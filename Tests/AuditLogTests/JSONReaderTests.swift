import Testing
@testable import AuditLog
@testable import Output

@Suite struct JSONReaderTests {
    func parse(_ text: String) throws(JSONReader.SyntaxError) -> JSONReader.Node {
        try JSONReader.parse(Array(text.utf8))
    }

    func failure(_ text: String) -> JSONReader.SyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesRememberTheLineTheyStartOn() throws {
        let node = try parse("{\"a\": 1,\n \"b\": [\n  true,\n  \"x\\ny\"\n ]\n}")
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(node.line == 1)
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[1].value.line == 2)
        guard case .array(let elements) = members[1].value.value else { Issue.record("not an array"); return }
        #expect(elements.map(\.line) == [3, 4])
        guard case .string(let text) = elements[1].value else { Issue.record("not a string"); return }
        #expect(text == "x\ny")
    }

    @Test func escapesAndUnicodeAreDecoded() throws {
        let node = try parse("\"\\u00e9\\uD83D\\uDE00 \\\"q\\\" \\\\ \\/ é😀\"")
        guard case .string(let text) = node.value else { Issue.record("not a string"); return }
        #expect(text == "é😀 \"q\" \\ / é😀")
    }

    @Test func brokenInputNamesItsLine() {
        let cases: [(String, Int, String, Bool)] = [
            ("", 1, "the file is empty", true),
            ("{\"a\":\n[1,\n", 3, "cut short", true),
            ("{\"a\": \"open", 1, "the file ends inside a string", true),
            ("{\"a\": 1,\n\"a\": 2}", 2, "the field 'a' appears twice", false),
            ("[1,]", 1, "no trailing comma", false),
            ("{\"a\" 1}", 1, "expected ':'", false),
            ("{\"a\": tru}", 1, "did you mean 'true'?", false),
            ("\"line\nbreak\"", 1, "runs past the end of its line", false),
            ("\"\\x\"", 1, "unknown escape", false),
            ("\"\\uD800\"", 1, "half of a surrogate pair", false),
            ("[01]", 1, "expected ',' or ']'", false),
            ("{} {}", 1, "unexpected text after the end", false),
            (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), 1, "nested more than 32 levels", false),
        ]
        for (text, line, message, truncated) in cases {
            let error = failure(text)
            #expect(error?.line == line, "\(text)")
            #expect(error?.message.contains(message) == true, "\(text): \(String(describing: error))")
            #expect(error?.truncated == truncated, "\(text)")
        }
    }

    @Test func invalidUTF8IsRefused() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xFF, 0x22]] {
            do {
                _ = try JSONReader.parse(bytes)
                Issue.record("accepted \(bytes)")
            } catch {
                #expect(error.message.contains("not valid UTF-8"))
            }
        }
    }

    @Test func overlongStringsAreRefused() {
        let text = "\"" + String(repeating: "a", count: JSONReader.maximumStringBytes + 10) + "\""
        #expect(failure(text)?.message.contains("a string longer than") == true)
    }

    @Test func shownTextIsShortAndInert() {
        #expect(JSONReader.shown("a\u{1B}[31mb") == "a\\u{1b}[31mb")
        #expect(JSONReader.shown(String(repeating: "x", count: 50)) == String(repeating: "x", count: 40) + "…")
        #expect(JSONReader.shown("\u{202E}evil") == "\\u{202e}evil")
    }
}
