import AuditLog
import AuditStore
import AutomatedRuns
import DynamicType
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The example's UI-test run: the harness's screenshot and element hierarchy of Home, Search and
/// Trail detail at Large and AX5, taken in as `evidence import-xcresult` takes in a run, so that
/// the judges record what geometry decides and crop each failure. What it finds: the offline
/// banner's text, fixed at 13 pt, does not grow on any of the three screens (shared UI: one
/// problem), on Search the first filter chip grows over the second at AX5, and Trail detail's
/// title, written out in letters on one line, is cut at AX5: read back where tesseract is
/// installed, it fails `no-truncation`; without tesseract that check stays with people.
enum DemoRun {
    /// The run's folder name, which names the run in the audit.
    static let folderName = "Trailhead UI tests"
    static let sizes: [Size] = [.l, .ax5]

    /// The screens the run reached: the name its files carry, the screen drawn at a size, and the
    /// primary action the harness names.
    static var screens: [(file: String, draw: (Size) -> SketchedScreen, primaryAction: String?)] {
        [("Home", home, nil), ("Search", search, nil), ("Trail detail", trailDetail, "trail.directions")]
    }

    /// Writes the run's files to a folder of their own, takes them in, and removes the folder.
    static func importRun(into store: AuditStore, by author: String, at time: Timestamp) throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-demo-run-" + UUID().uuidString).path
        let folder = parent + "/" + folderName
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for screen in screens {
            for size in sizes {
                let drawn = screen.draw(size)
                let base = folder + "/" + screen.file + "_" + size.id
                // Scratch files, read back at once and removed: nothing to flush to the disk.
                try Files.writeAtomically(base + ".png", durable: false) { $0.write(bytes: drawn.screenshot) }
                try Files.writeAtomically(base + ".xml", durable: false) { $0.write(bytes: Array(xml(drawn.application, primaryAction: screen.primaryAction).utf8)) }
            }
        }
        let result = try RunReader.read(path: folder, shownAs: folderName)
        // Labels are read back where tesseract is installed; without it no-truncation stays with people.
        let plan = try RunImport.plan(result, store: store, map: ScreenMap(), hashFiles: false, labels: .onPath())
        _ = try RunImport.apply(plan, store: store, by: author, at: time)
    }

    // MARK: The screens

    static func home(at size: Size) -> SketchedScreen {
        var screen = SketchedScreen(size: size)
        var y = screen.offlineBanner() + 2
        y = screen.label("Trails", x: 8, y: y, width: 114, points: screen.sketch.points(.largeTitle)) + 2
        let bottom = PhoneSketch.height - 28
        let trails = [("Eagle Peak Loop", "5.2 mi · 1,400 ft · Moderate"), ("Cedar Falls", "3.1 mi · 600 ft · Easy"),
                      ("Lakeshore Path", "2.4 mi · 90 ft · Easy"), ("North Ridge", "8.7 mi · 2,900 ft · Hard")]
        screen.list("trail", count: trails.count, y: y, bottom: bottom) { screen, index, top in
            let trail = trails[index]
            let headline = screen.sketch.points(.headline), detail = screen.sketch.points(.subheadline)
            if size.isAccessibility {
                // The fixed card: the photo above the title at accessibility sizes.
                screen.image("trail.photo.\(index)", x: 8, y: top + 2, width: 114, height: 48)
                let below = screen.label(trail.0, x: 8, y: top + 53, width: 114, points: headline)
                return screen.label(trail.1, x: 8, y: below, width: 114, points: detail, ink: .secondary) + 4
            }
            screen.image("trail.photo.\(index)", x: 8, y: top + 2, width: 34, height: 34)
            let below = screen.label(trail.0, x: 48, y: top + 2, width: 74, points: headline)
            return max(top + 40, screen.label(trail.1, x: 48, y: below, width: 74, points: detail, ink: .secondary) + 4)
        }
        screen.tabBar(selected: 0)
        return screen
    }

    static func search(at size: Size) -> SketchedScreen {
        var screen = SketchedScreen(size: size)
        var y = screen.offlineBanner() + 2
        y = screen.label("Search", x: 8, y: y, width: 114, points: screen.sketch.points(.largeTitle)) + 2
        let body = screen.sketch.points(.body), chip = screen.sketch.points(.subheadline)
        let field = screen.sketch.lineHeight(body) + 4
        screen.sketch.fill(8, y, 114, field, .grouped)
        screen.sketch.text([6, 6], x: 14, y: y + 2, width: 100, points: body, ink: .secondary, lineLimit: 1)
        screen.add(SketchedScreen.element("SearchField", "search.field", "Search trails", 8, y, 114, field))
        y += field + 4
        // The chips wrap their labels since the last fix, but the second still starts at a fixed
        // offset: at AX5 the first grows over it.
        let first = screen.button("Wheelchair accessible", name: "filter.wheelchair", x: 6, y: y, maxWidth: 100, points: chip, fill: .tint, ink: .accent)
        let second = screen.button("Dog friendly", name: "filter.dogs", x: 72, y: y, maxWidth: 54, points: chip, fill: .tint, ink: .accent)
        y = max(first, second) + 4
        let bottom = PhoneSketch.height - 28
        let results = [("Cedar Falls", "Paved · 3.1 mi"), ("Lakeshore Path", "Boardwalk · 2.4 mi"), ("Meadow Loop", "Packed gravel · 1.8 mi")]
        screen.list("result", count: results.count, y: y, bottom: bottom) { screen, index, top in
            let result = results[index]
            let below = screen.label(result.0, x: 8, y: top + 2, width: 114, points: screen.sketch.points(.headline))
            return screen.label(result.1, x: 8, y: below, width: 114, points: screen.sketch.points(.subheadline), ink: .secondary) + 4
        }
        screen.tabBar(selected: 1)
        return screen
    }

    static func trailDetail(at size: Size) -> SketchedScreen {
        var screen = SketchedScreen(size: size)
        let y = screen.offlineBanner() + 2
        screen.group("ScrollView", x: 0, y: y, width: PhoneSketch.width, height: PhoneSketch.height - 6 - y) { screen in
            screen.image("trail.header", x: 0, y: y, width: PhoneSketch.width, height: 50)
            // The title, written out, keeps to one line: at AX5 its tail is cut ("EAGLE...").
            var below = screen.writtenLabel("Eagle Peak Loop", x: 8, y: y + 54, width: 114, scale: size > .l ? 2 : 1)
            below = screen.label("5.2 mi loop · 1,400 ft of climbing · Moderate", x: 8, y: below + 2, width: 114,
                                 points: screen.sketch.points(.subheadline), ink: .secondary)
            below = screen.label("A ridge walk above the lake with views of the north face; the last mile is exposed.", x: 8, y: below + 4,
                                 width: 114, points: screen.sketch.points(.body))
            // Below the window at AX5, where the scroll view reaches it.
            return screen.button("Directions", name: "trail.directions", x: 8, y: below + 6, maxWidth: 114, points: screen.sketch.points(.body),
                                 fill: .accent, ink: .background)
        }
        screen.sketch.homeIndicator()
        return screen
    }

    // MARK: The hierarchy files

    /// The page source the harness writes (`XCTestTemplate.pageSourceWriter`).
    static func xml(_ root: SketchedElement, primaryAction: String?) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT"
        if let primaryAction { text += " primary-action=\"\(escaped(primaryAction))\"" }
        text += ">\n"
        write(root, depth: 1, into: &text)
        return text + "</AppiumAUT>\n"
    }

    static func write(_ element: SketchedElement, depth: Int, into text: inout String) {
        let tag = "XCUIElementType" + element.type
        let indent = String(repeating: "  ", count: depth)
        let name = element.name.isEmpty ? element.label : element.name
        text += indent + "<\(tag) type=\"\(tag)\" name=\"\(escaped(name))\" label=\"\(escaped(element.label))\" value=\"\" enabled=\"true\""
        text += " x=\"\(element.x)\" y=\"\(element.y)\" width=\"\(element.width)\" height=\"\(element.height)\""
        guard !element.children.isEmpty else {
            text += "/>\n"
            return
        }
        text += ">\n"
        for child in element.children { write(child, depth: depth + 1, into: &text) }
        text += indent + "</\(tag)>\n"
    }

    /// The demo's own texts hold no markup; escaped all the same, as the harness escapes.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
