import Testing
@testable import Scan
import TestSupport

@Suite("Suppressions")
struct SuppressionTests {
    @Test("the marker, the rules and the reason, with any of the separators")
    func parsing() {
        let emDash = Suppressions.parse("// dtaudit:ignore fixed-font-size — the widget is fixed", line: 3)
        #expect(emDash?.rules == ["fixed-font-size"] && emDash?.reason == "the widget is fixed" && emDash?.isFile == false)
        let doubleHyphen = Suppressions.parse("// dtaudit:ignore single-line, shrinks-text -- a badge", line: 1)
        #expect(doubleHyphen?.rules == ["single-line", "shrinks-text"] && doubleHyphen?.reason == "a badge")
        let hyphen = Suppressions.parse("/* dtaudit:ignore-file all - generated */", line: 1)
        #expect(hyphen?.rules == ["all"] && hyphen?.reason == "generated" && hyphen?.isFile == true)
        let noReason = Suppressions.parse("// dtaudit:ignore no-live-update", line: 1)
        #expect(noReason?.rules == ["no-live-update"] && noReason?.reason == nil)
        #expect(Suppressions.parse("// dtaudit:ignored fixed-font-size", line: 1) == nil)
        #expect(Suppressions.parse("// dtaudit:ignore not-a-rule — why", line: 1) == nil)
        #expect(Suppressions.parse("// nothing to see", line: 1) == nil)
    }

    @Test("a comment covers its own line and the line below, and only its rules")
    func scope() throws {
        let findings = try scan("""
        struct V: View {
            var body: some View {
                // dtaudit:ignore fixed-font-size — covered from the line above
                Text("a").font(.system(size: 9))
                Text("b").font(.system(size: 9)) // dtaudit:ignore fixed-font-size -- covered on its line
                Text("c").font(.system(size: 9))

                // dtaudit:ignore single-line — another rule
                Text("d").font(.system(size: 9))
                Text("e").lineLimit(1).font(.system(size: 9)) // dtaudit:ignore all
            }
        }
        """)
        #expect(findings.map { "\($0.line):\($0.rule.rawValue):\($0.suppression == nil ? "open" : "suppressed")" } == [
            "4:fixed-font-size:suppressed", "5:fixed-font-size:suppressed", "6:fixed-font-size:open",
            "9:fixed-font-size:open", "10:single-line:suppressed", "10:fixed-font-size:suppressed",
        ])
        #expect(findings[0].suppression?.reason == "covered from the line above")
        #expect(findings[0].suppression?.scope == .line && findings[0].suppression?.line == 3)
    }

    @Test("a file-wide suppression covers every line of its rules")
    func fileWide() throws {
        let findings = try scan("""
        // dtaudit:ignore-file fixed-font-size — a widget
        struct W: View {
            var body: some View { Text("a").font(.system(size: 9)).minimumScaleFactor(0.5) }
        }
        """)
        #expect(findings.map { "\($0.rule.rawValue):\($0.suppression?.scope.rawValue ?? "-")" } == [
            "fixed-font-size:file", "shrinks-text:-",
        ])
    }
}

@Suite("Glob")
struct GlobTests {
    @Test("* and ? stay inside one folder")
    func singleSegment() {
        #expect(Glob("App/Checkout/*.swift").matches("App/Checkout/PayView.swift"))
        #expect(!Glob("App/Checkout/*.swift").matches("App/Checkout/Sub/PayView.swift"))
        #expect(!Glob("App/Checkout/*.swift").matches("App/Checkout/PayView.xib"))
        #expect(Glob("App/Pay?iew.swift").matches("App/PayView.swift"))
        #expect(!Glob("App/Pay?iew.swift").matches("App/Pay/iew.swift"))
        #expect(Glob("*").matches("README") && !Glob("*").matches("a/b"))
    }

    @Test("** spans any number of folders, none included")
    func anyFolders() {
        let glob = Glob("App/**/Checkout*.swift")
        #expect(glob.matches("App/Checkout.swift"))
        #expect(glob.matches("App/Features/Checkout/CheckoutView.swift"))
        #expect(glob.matches("App/a/b/c/CheckoutSummary.swift"))
        #expect(!glob.matches("Other/Checkout.swift"))
        #expect(Glob("**/*.storyboard").matches("Main.storyboard"))
        #expect(Glob("**/*.storyboard").matches("App/UI/Main.storyboard"))
        #expect(Glob("App/**").matches("App/x/y.swift"))
    }

    @Test("character sets, ranges, negation and escapes")
    func sets() {
        #expect(Glob("File[abc].swift").matches("Fileb.swift"))
        #expect(!Glob("File[abc].swift").matches("Filed.swift"))
        #expect(Glob("v[0-9].txt").matches("v7.txt"))
        #expect(Glob("v[!0-9].txt").matches("vx.txt") && !Glob("v[^0-9].txt").matches("v1.txt"))
        #expect(Glob("a\\*b").matches("a*b") && !Glob("a\\*b").matches("axb"))
        #expect(Glob("bad[").matches("bad["))
    }

    @Test("leading ./ and /, trailing / for a whole folder, Unicode names")
    func normalisation() {
        #expect(Glob("./App/*.swift").matches("App/A.swift"))
        #expect(Glob("/App/*.swift").matches("./App/A.swift"))
        #expect(Glob("App/Checkout/").matches("App/Checkout/Deep/File.swift"))
        #expect(Glob("Écran/?.swift").matches("Écran/é.swift"))
    }

    @Test("many stars do not blow up")
    func pathological() {
        let pattern = Glob(String(repeating: "**/", count: 30) + String(repeating: "*a", count: 30) + "b")
        #expect(!pattern.matches(String(repeating: "a/", count: 30) + String(repeating: "a", count: 60)))
    }
}

@Suite("Suppression markers")
struct SuppressionMarkerTests {
    @Test("the marker and separators are found where the characters are, as String.firstRange finds them")
    func firstRange() {
        let pieces = ["dtaudit:ignore", "dtaudit:ignored", " ", "\u{301}", "\u{600}", "—", "–", " -- ", "--", " - ", "-",
                      "\r\n", "x", "é", "😀", "\u{200D}", "all", ",", "-file"]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 12) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            for needle in ["dtaudit:ignore", "\u{2014}", "\u{2013}", " -- ", "--", " - "] {
                let expected = text.firstRange(of: needle)
                let found = Suppressions.firstRange(of: needle, in: text)
                #expect(found == expected, "\(text.debugDescription) \(needle.debugDescription)")
            }
        }
    }
}
