import DynamicType
import Imaging

/// An element of a screen as the demo's UI-test run reports it: type, identifier, label and
/// frame in points, as the harness writes them.
struct SketchedElement {
    var type: String
    var name: String
    var label: String
    var x: Double, y: Double, width: Double, height: Double
    var children: [SketchedElement] = []
}

/// Draws a screen and records, for each thing drawn, the element the app's hierarchy reports at
/// that place. A pixel of the sketch is 3 points (390 × 846 points are 130 × 282 pixels), and each
/// frame is its drawing's, so that the crops the judges cut from the screenshot outline what the
/// picture shows.
struct SketchedScreen {
    static let pointsPerPixel = 3.0

    var sketch: PhoneSketch
    /// Containers open now, innermost last; the first is the window.
    private var open: [SketchedElement]

    init(size: Size) {
        sketch = PhoneSketch(size: size)
        sketch.statusBar()
        open = [Self.element("Window", "", "", 0, 0, PhoneSketch.width, PhoneSketch.height)]
    }

    var size: Size { sketch.size }

    /// The screenshot as the run attaches it: a pixel a point (each of the sketch's pixels drawn
    /// 3 × 3), so that its scale against the window (390 points) is 1, as the crops need; deflated,
    /// since flat colour packs small.
    var screenshot: [UInt8] {
        let scale = Int(Self.pointsPerPixel)
        let image = sketch.image
        let colors = image.palette.map { RGBA($0.red, $0.green, $0.blue) }
        var picture = RGBAImage(width: image.width * scale, height: image.height * scale)
        for y in 0..<image.height {
            for x in 0..<image.width {
                picture.fill(PixelRect(x: x * scale, y: y * scale, width: scale, height: scale), colors[Int(image.pixel(x: x, y: y))])
            }
        }
        return PNGEncoder.encode(picture)
    }

    static func element(_ type: String, _ name: String, _ label: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> SketchedElement {
        let scale = pointsPerPixel
        return SketchedElement(type: type, name: name, label: label, x: Double(x) * scale, y: Double(y) * scale,
                               width: Double(width) * scale, height: Double(height) * scale)
    }

    /// The application holding the window, as a snapshot of `XCUIApplication` starts.
    var application: SketchedElement {
        var application = Self.element("Application", "Trailhead", "Trailhead", 0, 0, PhoneSketch.width, PhoneSketch.height)
        application.children = [open[0]]
        return application
    }

    mutating func add(_ element: SketchedElement) {
        open[open.count - 1].children.append(element)
    }

    /// A label of `text` at `points`, wrapped at `width`; returns the y below it.
    @discardableResult
    mutating func label(_ text: String, name: String = "", x: Int, y: Int, width: Int, points: Int, ink: PhoneSketch.Ink = .label) -> Int {
        let words = text.split(separator: " ").map(\.count)
        let bottom = sketch.text(words, x: x, y: y, width: width, points: points, ink: ink)
        add(Self.element("StaticText", name, text, x, y, width, bottom - y))
        return bottom
    }

    /// A button whose label is its own (no separate text element), sized to its label at `points`.
    @discardableResult
    mutating func button(_ text: String, name: String, x: Int, y: Int, maxWidth: Int, points: Int, fill: PhoneSketch.Ink, ink: PhoneSketch.Ink) -> Int {
        let words = text.split(separator: " ").map(\.count)
        let natural = Int((Double(text.count) * sketch.characterWidth(points)).rounded()) + 8
        let width = min(maxWidth, natural)
        // Laid out once off the picture to know its height, then drawn over its fill.
        var measure = PhoneSketch(size: size)
        let height = measure.text(words, x: 0, y: 0, width: width - 8, points: points) + 4
        sketch.fill(x, y, width, height, fill)
        sketch.text(words, x: x + 4, y: y + 2, width: width - 8, points: points, ink: ink)
        add(Self.element("Button", name, text, x, y, width, height))
        return y + height
    }

    mutating func image(_ name: String, x: Int, y: Int, width: Int, height: Int) {
        sketch.photo(x, y, width, height)
        add(Self.element("Image", name, "", x, y, width, height))
    }

    /// A container whose children `body` draws; its height is theirs unless given.
    @discardableResult
    mutating func group(_ type: String, name: String = "", x: Int, y: Int, width: Int, height: Int? = nil,
                        _ body: (inout SketchedScreen) -> Int) -> Int {
        open.append(Self.element(type, name, "", x, y, width, 0))
        let bottom = body(&self)
        var element = open.removeLast()
        element.height = Double(height ?? bottom - y) * Self.pointsPerPixel
        add(element)
        return height.map { y + $0 } ?? bottom
    }

    /// A scrolling list from `y` to `bottom` holding only the cells that fit, as a lazy list lays
    /// them out, each named `prefix.index` and ruled off below; `cell` draws one from its top.
    mutating func list(_ prefix: String, count: Int, y: Int, bottom: Int, _ cell: (inout SketchedScreen, Int, Int) -> Int) {
        group("ScrollView", x: 0, y: y, width: PhoneSketch.width, height: bottom - y) { screen in
            var top = y
            for index in 0..<count {
                var trial = screen
                let end = trial.group("Cell", name: "\(prefix).\(index)", x: 0, y: top, width: PhoneSketch.width) { cell(&$0, index, top) }
                guard end <= bottom else { break }
                (screen, top) = (trial, end)
                screen.sketch.fill(8, top - 1, 122, 1, .separator)
            }
            return bottom
        }
    }

    /// The offline banner every screen shows under the status bar: its text is fixed at 13 pt,
    /// the same at every size (the fault the run finds on every screen, once).
    mutating func offlineBanner() -> Int {
        group("Other", name: "offline.banner.background", x: 0, y: 15, width: PhoneSketch.width) { screen in
            let top = 15
            var measure = PhoneSketch(size: screen.size)
            let height = measure.text([7, 7, 5, 6], x: 0, y: 0, width: 114, points: 13) + 4
            screen.sketch.fill(0, top, PhoneSketch.width, height, .tint)
            screen.label("Offline: showing saved trails", name: "offline.banner", x: 8, y: top + 2, width: 114, points: 13, ink: .accent)
            return top + height
        }
    }

    /// The tab bar `PhoneSketch.tabBar` draws, with a button per tab.
    mutating func tabBar(selected: Int) {
        sketch.tabBar(selected: selected)
        let top = PhoneSketch.height - 28
        group("TabBar", x: 0, y: top, width: PhoneSketch.width, height: 28) { screen in
            for (index, name) in ["Home", "Search", "Map", "Profile"].enumerated() {
                let center = 16 + index * 33
                screen.add(Self.element("Button", name, name, center - 6, top + 5, 13, 13))
            }
            return top + 28
        }
    }
}
