/// Capital letters drawn on a 5 × 7 grid, for the one label of the demo's run written out in
/// letters: a bar stands for a word, but only letters can be read back from the screenshot, as
/// `no-truncation` reads them (with tesseract, where it is installed).
enum SketchedLetters {
    /// Each glyph's rows, top first, the leftmost column the highest of five bits.
    static let glyphs: [Character: [UInt8]] = [
        "A": [0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],
        "C": [0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110],
        "E": [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111],
        "G": [0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111],
        "K": [0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001],
        "L": [0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111],
        "O": [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110],
        "P": [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000],
        ".": [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b01100],
        " ": [0, 0, 0, 0, 0, 0, 0],
    ]
    /// Columns from one letter to the next, at scale 1.
    static let advance = 6
    static let rows = 7

    /// The width `text` takes at `scale`, without the space after its last letter.
    static func width(_ text: String, scale: Int) -> Int {
        max(0, text.count * advance - 1) * scale
    }

    /// `text` in capitals as it fits in `width` at `scale` on one line: whole, or cut after as many
    /// letters as fit with "..." after them, the way a label of one line truncates its tail.
    static func fitted(_ text: String, width: Int, scale: Int) -> String {
        let upper = text.uppercased()
        guard Self.width(upper, scale: scale) > width else { return upper }
        var kept = upper
        while !kept.isEmpty && Self.width(kept + "...", scale: scale) > width { kept.removeLast() }
        while kept.last == " " { kept.removeLast() }
        return kept + "..."
    }
}

extension PhoneSketch {
    /// Draws `text` (letters `SketchedLetters` has) from (`x`, `y`), each cell of a glyph
    /// `scale` pixels square.
    mutating func letters(_ text: String, x: Int, y: Int, scale: Int, ink: Ink = .label) {
        var left = x
        for character in text {
            let rows = SketchedLetters.glyphs[character] ?? SketchedLetters.glyphs[" "]!
            for (row, bits) in rows.enumerated() {
                for column in 0..<5 where bits & (0b10000 >> column) != 0 {
                    fill(left + column * scale, y + row * scale, scale, scale, ink)
                }
            }
            left += SketchedLetters.advance * scale
        }
    }
}

extension SketchedScreen {
    /// A label of one line written out in letters at `scale`, its tail cut with "..." where it
    /// does not fit in `width`; its frame is its line, as UIKit sizes a label. Returns the y below it.
    @discardableResult
    mutating func writtenLabel(_ text: String, x: Int, y: Int, width: Int, scale: Int) -> Int {
        let shown = SketchedLetters.fitted(text, width: width - 2 * scale, scale: scale)
        sketch.letters(shown, x: x + scale, y: y + scale, scale: scale)
        let height = (SketchedLetters.rows + 2) * scale
        add(Self.element("StaticText", "", text, x, y, SketchedLetters.width(shown, scale: scale) + 2 * scale, height))
        return y + height
    }
}
