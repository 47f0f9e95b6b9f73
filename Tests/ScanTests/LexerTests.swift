import Foundation
import Testing
@testable import Scan
import TestSupport

private func lex(_ source: String) -> [(kind: TokenKind, text: String)] {
    let bytes = Array(source.utf8)
    return Lexer.lex(bytes).tokens.map { token in
        (token.kind, String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self))
    }
}

private func kinds(_ source: String) -> [TokenKind] { lex(source).map(\.kind) }
private func texts(_ source: String) -> [String] { lex(source).map(\.text) }

@Suite("Lexer")
struct LexerTests {
    @Test("identifiers, backticked names, $0 and key paths")
    func identifiers() {
        #expect(texts("let `default` = $0.name + _x2 + café") == ["let", "`default`", "=", "$0", ".", "name", "+", "_x2", "+", "café"])
        #expect(kinds("`class`") == [.identifier])
        #expect(kinds(#"\.dynamicTypeSize"#) == [.backslash, .period, .identifier])
        let tokens = Lexer.lex("`font`")
        #expect(tokens.tokens.first?.flags.contains(.backticked) == true)
    }

    @Test("attributes and pound directives")
    func attributesAndDirectives() {
        #expect(lex("@ScaledMetric(relativeTo: .body) var x").prefix(2).map(\.text) == ["@ScaledMetric", "("])
        #expect(lex("@ScaledMetric").first?.kind == .attribute)
        #expect(kinds("#Preview { }") == [.pound, .leftBrace, .rightBrace])
        #expect(texts("#if DEBUG\n#endif") == ["#if", "DEBUG", "#endif"])
        #expect(kinds("@ # x") == [.unknown, .unknown, .identifier])
    }

    @Test("numbers: integers, floats, hex, binary, separators, tuple access")
    func numbers() {
        #expect(lex("42 1_000 0x1F 0b1010 0o17").map(\.kind) == [.integer, .integer, .integer, .integer, .integer])
        #expect(lex("3.14 1e10 2.5e-3 0x1p4 0x1.8p3").map(\.kind) == [.float, .float, .float, .float, .float])
        #expect(texts("pair.0.1") == ["pair", ".", "0", ".", "1"])
        #expect(texts("1..<3") == ["1", "..<", "3"])
        #expect(texts("12abc") == ["12abc"])
    }

    @Test("operators and punctuation")
    func operators() {
        #expect(texts("a ?? b != c -> d ... e ..< f") == ["a", "??", "b", "!=", "c", "->", "d", "...", "e", "..<", "f"])
        #expect(texts("label?.font = x!") == ["label", "?", ".", "font", "=", "x", "!"])
        #expect(kinds("( ) [ ] { } , : ; .") == [.leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace,
                                                  .rightBrace, .comma, .colon, .semicolon, .period])
        #expect(texts(#"x |> \.numberOfLines .~ 1"#) == ["x", "|>", "\\", ".", "numberOfLines", ".~", "1"])
    }

    @Test("line comments, doc comments and nested block comments")
    func comments() {
        let source = """
        a // one
        /// doc
        /* outer /* inner */ still comment */ b
        """
        #expect(texts(source) == ["a", "b"])
        let lexed = Lexer.lex(source)
        #expect(lexed.comments.map(\.kind) == [.lineComment, .lineComment, .blockComment])
        #expect(lexed.comments.map(lexed.line(of:)) == [1, 2, 3])
    }

    @Test("string literals with escapes and interpolation")
    func strings() {
        #expect(texts(#""a \"quoted\" word" x"#) == [#""a \"quoted\" word""#, "x"])
        let nested = #""total \(format(price, "\(code)")) due" after"#
        #expect(texts(nested) == [#""total \(format(price, "\(code)")) due""#, "after"])
        #expect(texts(#""a \(f(g(1), (2))) b" c"#).last == "c")
        #expect(Lexer.lex(#""x \(y)""#).tokens.first?.flags.contains(.interpolated) == true)
        // A ")" inside a string inside an interpolation does not end it.
        #expect(texts(#""\(")") done" z"#) == [#""\(")") done""#, "z"])
    }

    @Test("multi-line strings")
    func multiline() {
        let source = "let s = \"\"\"\n    line \"one\"\n    \\(value) \"\"\n    \"\"\"\nnext"
        let tokens = lex(source)
        #expect(tokens.map(\.kind) == [.identifier, .identifier, .operator, .string, .identifier])
        #expect(Lexer.lex(source).tokens[3].flags.contains(.multiline))
        let lexed = Lexer.lex(source)
        #expect(lexed.line(of: lexed.tokens[4]) == 5)
    }

    @Test("raw strings with any number of hashes")
    func rawStrings() {
        #expect(texts(##"#"a "quoted" \n"# x"##) == [##"#"a "quoted" \n"#"##, "x"])
        #expect(texts(###"##"one "# inside"## y"###) == [###"##"one "# inside"##"###, "y"])
        #expect(texts(##"#"value \#(n) end"# z"##) == [##"#"value \#(n) end"#"##, "z"])
        #expect(texts("#\"\"\"\nraw \"\"\" still\n\"\"\"# w").last == "w")
    }

    @Test("regex literals")
    func regexes() {
        #expect(kinds("let r = #/a+b/#") == [.identifier, .identifier, .operator, .regex])
        #expect(kinds("let r = /[a-z]+/") == [.identifier, .identifier, .operator, .regex])
        #expect(texts("x = a / b / c") == ["x", "=", "a", "/", "b", "/", "c"])
    }

    @Test("lines and columns count Unicode scalars")
    func positions() {
        let source = "let é = 1\r\n  b\rc"
        let file = SwiftFile(source)
        #expect(file.tokens.indices.map(file.line(of:)) == [1, 1, 1, 1, 2, 3])
        #expect(file.column(of: 3, line: 1) == 9)
        #expect(file.column(of: 4, line: 2) == 3)
        #expect(file.lineText(2) == "  b")
        #expect(file.tokens[4].flags.contains(.newlineBefore))
    }

    @Test("unterminated literals and comments end at the end of the line or file")
    func unterminated() {
        let string = Lexer.lex("let s = \"open\nnext")
        #expect(string.tokens.map(\.kind) == [.identifier, .identifier, .operator, .string, .identifier])
        #expect(string.tokens[3].flags.contains(.unterminated))
        #expect(Lexer.lex("/* never closed").comments.first?.flags.contains(.unterminated) == true)
        #expect(kinds("\"\"\"\nno end") == [.string])
        #expect(kinds("#\"raw") == [.string])
        #expect(kinds("\"\\(a\nb") == [.string, .identifier])
        #expect(kinds("`open") == [.unknown, .identifier])
        #expect(kinds("\"abc\\") == [.string])
    }

    @Test("a byte order mark and a #! line are skipped")
    func fileHeaders() {
        #expect(texts("\u{FEFF}import UIKit") == ["import", "UIKit"])
        #expect(texts("#!/usr/bin/swift\nprint(1)") == ["print", "(", "1", ")"])
    }

    @Test("any bytes at all: no crash, no hang, tokens in order")
    func arbitraryBytes() {
        var generator = SplitMix64(seed: 2024)
        let alphabet = Array("\"#\\()[]{}/*`$@ \n\r\t.=!?abc019_é\u{0}".utf8) + [0xFF, 0xC3, 0x80]
        for round in 0..<400 {
            let count = Int(generator.next() % 200)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                bytes.append(round.isMultiple(of: 2) ? alphabet[Int(generator.next() % UInt64(alphabet.count))]
                                                      : UInt8(truncatingIfNeeded: generator.next()))
            }
            let lexed = Lexer.lex(bytes)
            var last: Int32 = 0
            for token in lexed.tokens {
                #expect(token.start >= last && token.end > token.start && Int(token.end) <= bytes.count)
                last = token.end
            }
            _ = SwiftFile(bytes: bytes)
        }
    }
}

@Suite("Robustness")
struct RobustnessTests {
    /// Fragments of the code the rules look for, joined at random: every rule sees broken,
    /// half-finished and nested forms of what it matches, and none may crash.
    static let fragments = [
        ".font(", ".system(size:", "17", ")", "(", "{", "}", "[", "]", ",", ":", "\n", " ", ".", "?", "!",
        "Text(\"a\")", "Image(systemName: \"x\")", ".lineLimit(1)", ".frame(height: 4)", ".minimumScaleFactor(0.5)",
        "label", ".numberOfLines = 1", ".adjustsFontSizeToFitWidth = true", ".adjustsFontForContentSizeCategory = ",
        "false", "true", "UIFont(name: \"A\", size: 3)", "UIFont.systemFont(ofSize: x)", ".withSize(2)",
        "UIFontMetrics(forTextStyle: .body).scaledFont(for: ", "let x = ", "var y: CGFloat = ", "func f(_ a: Int) ",
        "class C: UILabel ", "struct S: PreviewProvider ", "#Preview ", "@ScaledMetric var s = 3", "$0",
        "|> \\.numberOfLines .~ 1", "UILabel.lens.font .~ ", ".snp.makeConstraints { $0.height.equalTo(3) }",
        ".heightAnchor.constraint(equalToConstant: 9)", ".dynamicTypeSize(...", ".accessibility2", "..<",
        ".environment(\\.sizeCategory, .large)", "maximumContentSizeCategory = .large", "rowHeight = 4",
        ".custom(\"A\", fixedSize: 2)", "SymbolConfiguration(pointSize: 4)", "if x.isAccessibilitySize ",
        "else ", "ViewThatFits ", "[a, b].forEach ", "return ", "= ", "\"", "\\(", "#\"", "/*", "*/", "//",
        "traitOverrides.preferredContentSizeCategory = .large", "UITraitCollection(preferredContentSizeCategory: ",
        "guard let f = ", "?? ", ".then ", "extension UIFont ", "scaledFont(for: f, maximumPointSize: 3)",
    ]

    @Test("random mixes of rule-shaped fragments never crash the scan")
    func fragmentSoup() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<1500 {
            var source = ""
            for _ in 0..<Int(generator.next() % 60) {
                source += Self.fragments[Int(generator.next() % UInt64(Self.fragments.count))]
            }
            let report = try SourceScanner.scan(files: [("Soup.swift", Array(source.utf8)), ("Soup.xib", Array(source.utf8))])
            for finding in report.findings {
                #expect(finding.line >= 1 && finding.column >= 1)
            }
        }
    }
}

/// The fast lexer against the reference: the same tokens, comments and line starts for the
/// fixture app, for code pieced together from tricky fragments, and for random bytes.
@Suite("Lexer equivalence")
struct LexerEquivalenceTests {
    static func same(_ bytes: [UInt8]) -> Bool {
        let fast = Lexer.lex(bytes)
        let reference = ReferenceLexer.lex(bytes)
        // Landmarks: every token that spells a name, and every `{` right before a `(`, in order.
        let tokens = fast.tokens
        let landmarks = tokens.indices.filter { k in
            tokens[k].name != .none || (tokens[k].kind == .leftBrace && k + 1 < tokens.count && tokens[k + 1].kind == .leftParen)
        }.map(Int32.init)
        let same = fast.tokens == reference.tokens && fast.comments == reference.comments
            && fast.lineStarts == reference.lineStarts && fast.landmarks == landmarks
        if !same {
            print("FAST", fast.tokens, fast.comments, fast.lineStarts)
            print("REF ", reference.tokens, reference.comments, reference.lineStarts)
        }
        return same
    }

    @Test("the fixture app's files")
    func fixtures() throws {
        let manager = FileManager.default
        let root = Fixtures.app
        let paths = manager.subpaths(atPath: root) ?? []
        #expect(!paths.isEmpty)
        for path in paths where path.hasSuffix(".swift") {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            #expect(LexerEquivalenceTests.same(bytes), "\(path)")
        }
    }

    @Test("fragments of strings, comments, regexes and numbers joined at random")
    func fragments() {
        let pieces = [
            "\"", "\"\"\"", "#\"", "\"#", "##\"", "\\(", "\\#(", ")", "(", "\\", "/*", "*/", "//", "/", "#/", "/#",
            "\n", "\r\n", "\r", " ", "\t", "x", "let", "font", "`", "`a`", "$0", "@", "@ScaledMetric", "#if", "#Preview",
            "0x1F", "1.5e3", "0b1", "12abc", ".", "..", "...", "..<", "=", "==", "?", "!", "{", "}", "[", "]", ",", ":",
            ";", "é", "\u{0}", "\u{FEFF}", "#!", "a.b", "x / y", "= /a+/", "case /x/", "return /[a/]/", "\u{0B}",
            "        ", "\t  \t    ", "adjustsFontForContentSizeCategory", "_aZ9_", "preferredFont", "Ünïcödé_名前",
            "@`x`", "$1ab", "\"\"\"\nmulti \\(x)\n\"\"\"", "#\"raw\\#(y)\"#", "/* a /* b */ c */",
        ]
        var generator = SplitMix64(seed: 77)
        for _ in 0..<3_000 {
            var source: [UInt8] = []
            for _ in 0..<Int(generator.next() % 40) {
                source += Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8)
            }
            #expect(LexerEquivalenceTests.same(source), "\(String(decoding: source, as: UTF8.self).debugDescription)")
        }
    }

    @Test("random bytes")
    func randomBytes() {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<2_000 {
            let bytes = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(LexerEquivalenceTests.same(bytes))
        }
    }
}
