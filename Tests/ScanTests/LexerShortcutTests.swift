import Testing
@testable import Scan
import TestSupport

/// The lexer's shortcuts against the reference lexer and a plain bracket matcher: plain string
/// literals read without frames, runs of string and interpolation text passed at once, the space
/// after a name, one-byte tokens by table, and brackets matched with the innermost kept at hand.
@Suite("Lexer shortcuts")
struct LexerShortcutTests {
    static let pieces = [
        "\"", "\"Row 18 of the list\"", "\"value \\(value) is \\(value * 2)\"", "plain text ", "\\", "\\n", "\\(", ")",
        "(", "\n", "\r", "\r\n", " ", "  ", "\t", "a / b", "/", "//", "/*", "*/", "#", "#\"", "\"#", "\"\"\"", "é",
        "name", "detailLabel.font", "x,", "[", "]", "{", "}", ";", ":", "'", "\u{7F}", "\u{0}", "`a`", "$0", "12",
    ]

    @Test("strings, interpolations and names with runs of plain text match the reference lexer")
    func plainRuns() {
        var generator = SplitMix64(seed: 91)
        for _ in 0..<3_000 {
            var source: [UInt8] = []
            for _ in 0..<Int(generator.next() % 30) {
                source += Array(LexerShortcutTests.pieces[Int(generator.next() % UInt64(LexerShortcutTests.pieces.count))].utf8)
            }
            #expect(LexerEquivalenceTests.same(source), "\(String(decoding: source, as: UTF8.self).debugDescription)")
        }
    }

    @Test("a simple literal at the end of the input, open or closed, and its escapes and interpolations")
    func simpleLiterals() {
        let sources = [
            "\"", "\"abc", "\"abc\"", "x = \"abc", "\"abc\\", "\"a\"\"", "\"\"", "\"\"\"", "\"abc\nd\"",
            "\"a\\(b)\" c", "\"a\\(b\"", "\"a\\(\"", "\"\\\\(x)\"", "\"a\\(f(x))\"", "\"a\\\"b\"", "\"a\\\nb\"",
            "\"\\(x) \\(y)", "\"\\(a/b)\"", "\"\\(a \"b\")\"", "\"\\(a\nb)\"", "\"\\(#x)\"", "\"é\\(é)é\"", "\"\\",
        ]
        for source in sources {
            #expect(LexerEquivalenceTests.same(Array(source.utf8)), "\(source.debugDescription)")
        }
    }

    @Test("the six bracket kinds are consecutive, as bracket matching assumes")
    func bracketKindsAreConsecutive() {
        let brackets: [TokenKind] = [.leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace]
        let first = TokenKind.leftParen.rawValue
        #expect(brackets.map { $0.rawValue - first } == [0, 1, 2, 3, 4, 5])
    }

    @Test("bracket partners and parents match a plain matcher on unbalanced input")
    func brackets() {
        let pieces = ["(", ")", "[", "]", "{", "}", "x", " ", "\n", "\"(\"", "// )\n", "f(", "a[", "{ ("]
        var generator = SplitMix64(seed: 13)
        for _ in 0..<2_000 {
            var source = ""
            for _ in 0..<Int(generator.next() % 40) { source += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let file = SwiftFile(source)
            let (matching, parent) = LexerShortcutTests.plainMatch(Array(file.tokens))
            #expect(Array(file.matching) == matching && Array(file.parent) == parent, "\(source.debugDescription)")
        }
    }

    /// Partners and parents as the matcher read them before it kept the innermost bracket at hand.
    static func plainMatch(_ tokens: [Token]) -> (matching: [Int32], parent: [Int32]) {
        var matching = [Int32](repeating: -1, count: tokens.count)
        var parent = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int32] = []
        for index in tokens.indices {
            let kind = tokens[index].kind
            parent[index] = stack.last ?? -1
            switch kind {
            case .leftParen, .leftBracket, .leftBrace:
                stack.append(Int32(index))
            case .rightParen, .rightBracket, .rightBrace:
                let opener: TokenKind = kind == .rightParen ? .leftParen : kind == .rightBracket ? .leftBracket : .leftBrace
                var level = stack.count - 1
                let limit = max(0, stack.count - 8)
                while level >= limit && tokens[Int(stack[level])].kind != opener { level -= 1 }
                if level >= limit && level >= 0 {
                    let open = stack[level]
                    stack.removeSubrange(level...)
                    matching[Int(open)] = Int32(index)
                    matching[index] = open
                    parent[index] = stack.last ?? -1
                }
            default:
                break
            }
        }
        return (matching, parent)
    }
}
