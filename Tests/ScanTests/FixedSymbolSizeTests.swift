import Testing
@testable import Scan

/// fixed-symbol-size beyond its examples: fonts that draw only a symbol, however the code says so.
@Suite("fixed-symbol-size")
struct FixedSymbolSizeTests {
    @Test("an icon-only Label is a symbol, its style before or after the font; a Label with its title is text")
    func iconOnlyLabel() throws {
        let findings = try scan("""
        struct V: View {
            var body: some View {
                Label("Share", systemImage: "square.and.arrow.up").labelStyle(.iconOnly).font(.system(size: 20))
                Label("Share", systemImage: "square.and.arrow.up")
                    .font(.system(size: 20))
                    .labelStyle(.iconOnly)
                Label("Share", systemImage: "square.and.arrow.up").font(.system(size: 20))
            }
        }
        """)
        #expect(lines(findings) == ["3:fixed-symbol-size", "5:fixed-symbol-size", "7:fixed-font-size"])
    }

    @Test("a symbol font given as a default parameter or kept in a name for an icon")
    func symbolFontParameter() throws {
        let findings = try scan("""
        struct Tile: View {
            var symbolFont: Font = .system(size: 35)
            var titleFont: Font = .system(size: 17)
            init(iconFont: Font = Font.system(size: 30)) {}
            var body: some View { Text("a") }
        }
        """)
        #expect(lines(findings) == ["2:fixed-symbol-size", "3:fixed-font-size", "4:fixed-symbol-size"])
    }

    @Test("modifiers only symbols heed mark a fixed font on a view the scan cannot see into as a symbol's")
    func symbolModifiers() throws {
        let findings = try scan("""
        extension View {
            func profileButtonStyle() -> some View {
                self.symbolRenderingMode(.palette)
                    .font(.system(size: 32).weight(.thin))
            }
            func captionStyle() -> some View {
                self.font(.system(size: 12))
            }
        }
        struct V: View {
            var body: some View {
                Text("a").imageScale(.large).font(.system(size: 15))
            }
        }
        """)
        #expect(lines(findings) == ["4:fixed-symbol-size", "7:fixed-font-size", "12:fixed-font-size"])
    }
}
