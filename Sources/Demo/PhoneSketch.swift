import DynamicType
import Evidence

/// The demo's screenshots: sketches of Trailhead's screens drawn in code, so that the example
/// export shows a strip of thumbnails without shipping image files. Text is drawn as bars, one per
/// word, sized by the text style's point size at the content size, the way real text grows; the
/// sketches show what the demo's notes describe (a Pay button cut off at AX5, trail cards stacked
/// after the fix, a display name that never grows).
///
/// Each picture is a third of an iPhone screen in points (130 × 282 pixels for 390 × 846 points),
/// 16 colours, written as a small uncompressed PNG. The same sketch always gives the same bytes.
struct PhoneSketch {
    static let width = 130
    static let height = 282

    enum Ink: UInt8 {
        case background, grouped, separator, label, secondary, accent, photoLight, photoDark, sky, tint
    }

    static let palette: [IndexedImage.Color] = [
        .init(hex: 0xFFFFFF), .init(hex: 0xF2F2F7), .init(hex: 0xD1D1D6), .init(hex: 0x1C1C1E), .init(hex: 0x8E8E93),
        .init(hex: 0x2E7D4F), .init(hex: 0x9CC3A0), .init(hex: 0x5E8C61), .init(hex: 0xB9D7EA), .init(hex: 0xDCEEE1),
    ]

    var image = IndexedImage(width: PhoneSketch.width, height: PhoneSketch.height, palette: PhoneSketch.palette)
    let size: Size

    init(size: Size) {
        self.size = size
    }

    var png: [UInt8] { image.png() }

    mutating func fill(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ ink: Ink) {
        image.fill(x: x, y: y, width: width, height: height, color: ink.rawValue)
    }

    /// A filled circle of diameter `d` with its top left at (`x`, `y`).
    mutating func circle(_ x: Int, _ y: Int, _ d: Int, _ ink: Ink) {
        for row in 0..<d {
            let dy = Double(row) + 0.5 - Double(d) / 2
            let half = (Double(d * d) / 4 - dy * dy).squareRoot()
            let span = Int((half * 2).rounded())
            fill(x + (d - span) / 2, y + row, span, 1, ink)
        }
    }

    // MARK: Text

    /// A text style's size at this sketch's content size, in points.
    func points(_ style: TextStyle) -> Int { style.pointSize(at: size) }

    /// Height of a word's bar: about the height of lower-case letters with their ascenders.
    func glyphHeight(_ points: Int) -> Int { max(2, (points * 7 + 15) / 30) }
    /// Distance from one line to the next.
    func lineHeight(_ points: Int) -> Int { max(4, (points * 13 + 15) / 30) }
    /// Width of one character, on average.
    func characterWidth(_ points: Int) -> Double { Double(points) * 0.52 / 3 }

    /// Draws `words` (their lengths in characters) from (`x`, `y`), wrapped at `width`; a word
    /// longer than a line is cut at its edge. With `lineLimit`, the lines past it are left out and
    /// the last shown line ends in an ellipsis. Returns the y below the last line.
    @discardableResult
    mutating func text(_ words: [Int], x: Int, y: Int, width: Int, points: Int, ink: Ink = .label, lineLimit: Int? = nil,
                       alignRight: Bool = false) -> Int {
        let bar = glyphHeight(points), line = lineHeight(points)
        let space = max(2, Int(characterWidth(points) * 1.1))
        // Lay out first, so that a right-aligned or truncated line knows its length.
        var lines: [[Int]] = [[]]
        var used = 0
        for word in words {
            let length = max(1, Int((Double(word) * characterWidth(points)).rounded()))
            if !lines[lines.count - 1].isEmpty && used + space + length > width {
                lines.append([])
                used = 0
            }
            used += (lines[lines.count - 1].isEmpty ? 0 : space) + length
            lines[lines.count - 1].append(length)
        }
        var truncated = false
        if let lineLimit, lines.count > lineLimit {
            lines = Array(lines.prefix(lineLimit))
            truncated = true
        }
        var top = y
        for (index, words) in lines.enumerated() {
            let ellipsis = truncated && index == lines.count - 1
            var lengths = words
            var total = lengths.reduce(0, +) + space * (lengths.count - 1)
            if ellipsis {
                // Room for "…": the line's words are shortened until the dots fit.
                let dots = bar * 2
                while total + dots > width, !lengths.isEmpty {
                    let cut = min(lengths[lengths.count - 1], total + dots - width)
                    lengths[lengths.count - 1] -= cut
                    total -= cut
                    if lengths[lengths.count - 1] <= 0 {
                        lengths.removeLast()
                        total -= space
                    }
                }
            }
            var left = alignRight ? x + width - total - (ellipsis ? bar * 2 : 0) : x
            let baseline = top + (line - bar) / 2
            for length in lengths {
                fill(left, baseline, min(length, x + width - left), bar, ink)
                left += length + space
            }
            if ellipsis {
                let dot = max(1, bar / 4)
                for index in 0..<3 { fill(left - space + dot + index * dot * 2, baseline + bar - dot, dot, dot, ink) }
            }
            top += line
        }
        return top
    }

    // MARK: Chrome

    /// The status bar: time on the left, signal and battery on the right; it does not scale.
    mutating func statusBar() {
        fill(10, 6, 11, 4, .label)
        fill(98, 6, 7, 4, .label)
        fill(107, 5, 12, 6, .label)
        fill(108, 6, 8, 4, .background)
        fill(108, 6, 7, 4, .label)
    }

    /// The tab bar (Home, Search, Map, Profile), `selected` highlighted. It keeps its size at
    /// accessibility sizes, as tab bars do, and shows labels big only in the large content viewer.
    mutating func tabBar(selected: Int) {
        let top = Self.height - 28
        fill(0, top, Self.width, 28, .grouped)
        fill(0, top, Self.width, 1, .separator)
        for index in 0..<4 {
            let center = 16 + index * 33
            let ink: Ink = index == selected ? .accent : .secondary
            fill(center - 4, top + 5, 9, 8, ink)
            fill(center - 6, top + 15, 13, 3, ink)
        }
        fill(44, Self.height - 4, 42, 2, .label)
    }

    /// The home indicator of a screen without a tab bar.
    mutating func homeIndicator() {
        fill(44, Self.height - 4, 42, 2, .label)
    }

    /// A landscape photo: sky, a ridge and a trail.
    mutating func photo(_ x: Int, _ y: Int, _ width: Int, _ height: Int) {
        fill(x, y, width, height, .sky)
        let ridge = height * 2 / 5
        for column in 0..<width {
            let peak = abs((column * 7 / max(1, width)) % 4 - 2)
            fill(x + column, y + ridge + peak * height / 10, 1, height - ridge - peak * height / 10, .photoDark)
        }
        fill(x, y + height * 3 / 4, width, height - height * 3 / 4, .photoLight)
    }

    // MARK: Screens

    /// Home, the list of trails. `stacked`: the fixed trail cards, photo above the title at
    /// accessibility sizes (AnyLayout); otherwise photo beside the title.
    static func home(at size: Size, stacked: Bool) -> PhoneSketch {
        var sketch = PhoneSketch(size: size)
        sketch.statusBar()
        var y = 18
        y = sketch.text([7], x: 8, y: y, width: 114, points: sketch.points(.largeTitle)) + 2
        let field = sketch.lineHeight(sketch.points(.body)) + 4
        sketch.fill(8, y, 114, field, .grouped)
        sketch.text([6, 6], x: 14, y: y + 2, width: 100, points: sketch.points(.body), ink: .secondary, lineLimit: 1)
        y += field + 6
        let trails: [(title: [Int], detail: [Int])] = [
            ([5, 4, 4], [6, 1, 3, 1, 8]), ([5, 5, 5], [6, 1, 5, 1, 4]), ([9, 4], [6, 1, 5, 1, 4]),
            ([7, 5], [6, 1, 3, 1, 4]), ([4, 6], [6, 1, 3, 1, 8]),
        ]
        for trail in trails where y < Self.height - 28 {
            if stacked && size.isAccessibility {
                sketch.photo(8, y, 114, 48)
                y += 51
                y = sketch.text(trail.title, x: 8, y: y, width: 114, points: sketch.points(.headline))
                y = sketch.text(trail.detail, x: 8, y: y, width: 114, points: sketch.points(.subheadline), ink: .secondary) + 5
            } else {
                let photo = 34
                sketch.photo(8, y + 2, photo, photo)
                var right = sketch.text(trail.title, x: 48, y: y + 2, width: 74, points: sketch.points(.headline))
                right = sketch.text(trail.detail, x: 48, y: right, width: 74, points: sketch.points(.subheadline), ink: .secondary)
                y = max(y + photo + 6, right + 4)
            }
            sketch.fill(8, y - 2, 122, 1, .separator)
            y += 3
        }
        sketch.tabBar(selected: 0)
        return sketch
    }

    /// The cart of a guided hike. `fixed`: after the scroll fix, scrolled to the end, the Pay
    /// button's label wrapping onto a second line; otherwise the summary runs under a pinned
    /// Pay button that the screen cuts off, its label cut to one line.
    static func cart(at size: Size, fixed: Bool) -> PhoneSketch {
        var sketch = PhoneSketch(size: size)
        let end = sketch.cartContent(offset: 0, fixed: fixed)
        if fixed && end > Self.height - 12 {
            // Scrolled to the end: the same content, moved up until the button clears the bottom.
            sketch = PhoneSketch(size: size)
            sketch.cartContent(offset: Self.height - 12 - end, fixed: fixed)
            sketch.fill(126, Self.height - 60, 2, 40, .separator)
        }
        // The navigation bar over the content: a back chevron and the inline title.
        sketch.fill(0, 0, Self.width, 33, .background)
        sketch.statusBar()
        sketch.fill(8, 20, 3, 7, .accent)
        sketch.text([4], x: 50, y: 18, width: 30, points: min(sketch.points(.headline), 23))
        sketch.fill(0, 32, Self.width, 1, .separator)
        sketch.homeIndicator()
        return sketch
    }

    /// The cart's content from `offset` down; returns the y below the Pay button.
    @discardableResult
    mutating func cartContent(offset: Int, fixed: Bool) -> Int {
        let headline = points(.headline), body = points(.body)
        var y = 38 + offset
        // The booked hike.
        photo(8, y, 30, 30)
        var right = text([6, 5, 5, 4], x: 44, y: y, width: 78, points: headline)
        right = text([3, 2, 3, 1, 1, 6], x: 44, y: right, width: 78, points: points(.subheadline), ink: .secondary)
        y = max(y + 34, right + 4)
        fill(8, y, 114, 1, .separator)
        y += 5
        // The summary: label and amount on one line, or the amount below at accessibility sizes.
        for (label, total) in [([8], false), ([7, 3], false), ([5], true)] {
            let top = y
            y = text(label, x: 8, y: y, width: 70, points: body, ink: total ? .label : .secondary)
            if size.isAccessibility {
                y = text([6], x: 8, y: y, width: 114, points: body, alignRight: true)
            } else {
                text([6], x: 8, y: top, width: 114, points: body, alignRight: true)
            }
            y += 3
        }
        // The Pay button: below the summary once the view scrolls; before, pinned to the bottom
        // with room for one line, and partly off the screen.
        let button = lineHeight(body) * (fixed ? 2 : 1) + 10
        let buttonTop = fixed ? y + 6 : Self.height - button + button / 3
        fill(8, buttonTop, 114, button, .accent)
        text([3, 6, 1, 4], x: 16, y: buttonTop + 5, width: 98, points: body, ink: .background, lineLimit: fixed ? 2 : 1)
        return buttonTop + button
    }

    /// The profile header: a display name in the brand font at a fixed 22 pt that never grows,
    /// above rows whose text does.
    static func profile(at size: Size) -> PhoneSketch {
        var sketch = PhoneSketch(size: size)
        sketch.statusBar()
        sketch.circle(45, 22, 40, .tint)
        sketch.circle(56, 29, 18, .photoDark)
        sketch.fill(50, 49, 30, 11, .photoDark)
        // The brand font, fixed at 22 pt: the same at every size.
        var y = sketch.text([3, 4], x: 40, y: 68, width: 60, points: 22)
        y = sketch.text([7, 3, 4], x: 8, y: y + 2, width: 114, points: sketch.points(.subheadline), ink: .secondary) + 6
        sketch.fill(0, y, Self.width, 6, .grouped)
        y += 8
        for row in [[5], [6], [5, 5], [8]] where y < Self.height - 28 {
            sketch.fill(8, y + 2, 8, 8, .accent)
            y = sketch.text(row, x: 22, y: y, width: 100, points: sketch.points(.body))
            sketch.fill(22, y + 1, 108, 1, .separator)
            y += 4
        }
        sketch.tabBar(selected: 3)
        return sketch
    }
}
