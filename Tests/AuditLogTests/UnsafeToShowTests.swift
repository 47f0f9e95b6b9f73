import Output
import Testing

/// The one definition of what no output carries raw, and the terminal's way of showing it.
@Suite struct UnsafeToShowTests {
    @Test func controlsBidirectionalAndInvisibleCharactersAreUnsafe() {
        var unsafe: [UInt32] = Array(0...0x1F) + Array(0x7F...0x9F)
        unsafe += [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        unsafe += [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD, 0x2028, 0x2029, 0xE0041]
        for value in unsafe {
            #expect(Unicode.Scalar(value)!.isUnsafeToShow, "U+\(String(value, radix: 16))")
        }
        // Letters, marks, symbols, spaces, private use and emoji show as they are.
        for value: UInt32 in [0x41, 0x20, 0x7E, 0xA0, 0xE9, 0x301, 0x5D0, 0x4E2D, 0xFE0F, 0xE000, 0x1F9D7, 0x2640] {
            #expect(!Unicode.Scalar(value)!.isUnsafeToShow, "U+\(String(value, radix: 16))")
        }
    }

    @Test func theTerminalShowsEachEscaped() {
        #expect(TextLayout.singleLine("Pay\u{202E}lanoisseforP\u{200F}") == "Pay\\u{202e}lanoisseforP\\u{200f}")
        #expect(TextLayout.singleLine("Zero\u{200B}width\u{2060}joined\u{AD}") == "Zero\\u{200b}width\\u{2060}joined\\u{ad}")
        #expect(TextLayout.singleLine("Tab\tline\nbell\u{7}del\u{7F}") == "Tab line⏎ bell␇del␡")
        #expect(TextLayout.singleLine("Café 中 🧗") == "Café 中 🧗")
    }
}
