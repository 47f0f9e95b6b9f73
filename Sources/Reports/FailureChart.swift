import AuditStore
import DynamicType
import Interchange

/// Open failures per size at the end of each day, replayed from the recordings: a cell counts
/// from the recording that failed it to the one that passed it (or marked it n/a or untested).
public struct FailureTimeline: Sendable {
    public struct Point: Sendable {
        public var day: String
        /// Failed cells at each size, indexed by `Size.rawValue`.
        public var counts: [Int]
    }

    public var points: [Point]
    /// The sizes the chart draws: every planned size, and any other that ever failed; smallest first.
    public var sizes: [Size]

    public init(document: AuditDocument, through lastDay: Timestamp? = nil) {
        points = []
        let screenIndex = Dictionary(document.screens.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var everFailed = Set<Size>()
        for recording in document.recordings where recording.status == .fail && screenIndex[recording.screen] != nil { everFailed.insert(recording.size) }
        sizes = Array(Set(document.checklist.plannedSizes).union(everFailed)).sorted()
        guard let firstScreen = document.screens.map(\.createdAt).min() else { return }
        var first = ReviewPlan.dayNumber(firstScreen)
        if let earliest = document.recordings.first { first = min(first, ReviewPlan.dayNumber(earliest.at)) }
        var last = ReviewPlan.dayNumber(document.latestActivity)
        if let lastDay { last = max(last, ReviewPlan.dayNumber(lastDay)) }
        let step = max(1, (last - first + ProgressTimeline.maximumPoints) / ProgressTimeline.maximumPoints)
        // Whether each (screen, item, size) cell fails now, in a flat array for the checklist's
        // items (no string is built per recording, only the screen's and the item's looked up),
        // and by number for items the checklist no longer has.
        var itemIndex = Dictionary(document.checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let planned = document.checklist.items.count
        var failing = [Bool](repeating: false, count: planned * screenIndex.count * Size.allCases.count)
        var failingElsewhere: [Int: Bool] = [:]
        var counts = [Int](repeating: 0, count: Size.allCases.count)
        var next = 0
        var day = first
        while true {
            let end = Timestamp(milliseconds: Int64(day + 1) * 86_400_000)
            while next < document.recordings.count, document.recordings[next].at < end {
                let recording = document.recordings[next]
                next += 1
                guard let screen = screenIndex[recording.screen] else { continue }
                let item: Int
                if let known = itemIndex[recording.item] {
                    item = known
                } else {
                    // An item the checklist no longer has still has cells.
                    item = itemIndex.count
                    itemIndex[recording.item] = item
                }
                let slot = (item * screenIndex.count + screen) * Size.allCases.count + recording.size.rawValue
                let fails = recording.status == .fail
                let before = item < planned ? failing[slot] : failingElsewhere[slot] ?? false
                if fails != before {
                    if item < planned { failing[slot] = fails } else { failingElsewhere[slot] = fails }
                    counts[recording.size.rawValue] += fails ? 1 : -1
                }
            }
            points.append(Point(day: end.adding(minutes: -1).day, counts: counts))
            if day >= last { break }
            day = min(last, day + step)
        }
    }
}

/// The second chart of the review page: one stepped line per size, each with its own dash
/// pattern and marker and labelled at its end, so that it reads without colour.
public enum FailureChart {
    /// Dash patterns and markers by position among the drawn sizes.
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2", "12 2", "3 6", "6 2 2 2 2 2", "14 4 4 4", "2 8"]
    static let colours = ["#0969da", "#cf222e", "#1a7f37", "#8250df", "#9a6700", "#bc4c00", "#1f2328", "#bf3989", "#0a7e8c", "#6e7781", "#953800", "#116329"]

    /// How far a 12-point label reaches above and below the point it is placed at (its baseline is
    /// 4 below it), with a margin.
    static let labelTop = 14.0, labelBelow = 10.0

    /// Label positions as close to `wanted` (sorted) as they can be, at least `spacing` apart and
    /// within `from...to`: pushed down past each other, then pulled up from the bottom edge; when
    /// even that leaves no room, spread evenly over the whole range.
    static func placeLabels(_ wanted: [Double], spacing: Double, from top: Double, to bottom: Double) -> [Double] {
        guard !wanted.isEmpty else { return [] }
        var placed: [Double] = []
        for y in wanted { placed.append(max(y, top, (placed.last ?? -.infinity) + spacing)) }
        placed[placed.count - 1] = min(placed[placed.count - 1], bottom)
        for index in stride(from: placed.count - 2, through: 0, by: -1) { placed[index] = min(placed[index], placed[index + 1] - spacing) }
        if placed[0] < top {
            let step = placed.count == 1 ? 0 : (bottom - top) / Double(placed.count - 1)
            placed = placed.indices.map { top + step * Double($0) }
        }
        return placed
    }

    public static func svg(_ timeline: FailureTimeline, app: String) -> String {
        let width = 760.0, height = 320.0, left = 48.0, right = width - 150, top = 56.0, bottom = height - 44
        let points = timeline.points
        let sizes = timeline.sizes
        let maximum = max(1, points.flatMap { point in sizes.map { point.counts[$0.rawValue] } }.max() ?? 0)
        let range = points.isEmpty ? "" : points.count == 1 ? points[0].day : "\(points[0].day) to \(points[points.count - 1].day)"
        let latest = points.last?.counts ?? []
        let title = "\(app): open failures per size" + (range.isEmpty ? "" : ", \(range)")
        let description = "Line chart of how many checks were failing at each text size on each day. "
            + (points.isEmpty ? "The audit has no screens yet." : "At the end: " + sizes.map { "\(latest[$0.rawValue]) at \($0.id)" }.joined(separator: ", ") + ".")
        let x = ProgressChart.number
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(x(width))" height="\(x(height))" viewBox="0 0 \(x(width)) \(x(height))" role="img" aria-labelledby="failures-title failures-desc" font-family="\(ProgressChart.fonts)">
            <title id="failures-title">\(XML.escaped(title))</title>
            <desc id="failures-desc">\(XML.escaped(description))</desc>
            <rect x="0" y="0" width="\(x(width))" height="\(x(height))" rx="6" fill="#ffffff"/>
            <text x="\(x(left))" y="26" font-size="15" font-weight="600" fill="#1f2328">\(XML.escaped(TextClip.clip(app, to: 40))): open failures per size</text>
            <text x="\(x(left))" y="44" font-size="11" fill="#59636e">\(XML.escaped(range.isEmpty ? "no screens yet" : range))</text>

            """
        let tick = ProgressChart.niceStep(Double(maximum) / 4)
        var value = 0.0
        func y(_ count: Int) -> Double { bottom - (bottom - top) * Double(count) / Double(maximum) }
        while value <= Double(maximum) + 0.001 {
            let lineY = y(Int(value))
            svg += "<line x1=\"\(x(left))\" y1=\"\(x(lineY))\" x2=\"\(x(right))\" y2=\"\(x(lineY))\" stroke=\"#d8dee4\" stroke-width=\"1\"/>\n"
            svg += "<text x=\"\(x(left - 8))\" y=\"\(x(lineY + 4))\" font-size=\"11\" fill=\"#59636e\" text-anchor=\"end\">\(Int(value))</text>\n"
            value += tick
        }
        svg += "<line x1=\"\(x(left))\" y1=\"\(x(bottom))\" x2=\"\(x(right))\" y2=\"\(x(bottom))\" stroke=\"#59636e\" stroke-width=\"1\"/>\n"
        guard !points.isEmpty else {
            svg += "<text x=\"\(x((left + right) / 2))\" y=\"\(x((top + bottom) / 2))\" font-size=\"13\" fill=\"#59636e\" text-anchor=\"middle\">No screens yet</text>\n</svg>\n"
            return svg
        }
        let column = (right - left) / Double(points.count)
        var labels: [(size: Size, index: Int, y: Double)] = []
        for (index, size) in sizes.enumerated() {
            var path = ""
            for (position, point) in points.enumerated() {
                let x0 = left + column * Double(position), pointY = y(point.counts[size.rawValue])
                path += (position == 0 ? "M" : " L") + "\(x(x0)),\(x(pointY)) L\(x(x0 + column)),\(x(pointY))"
            }
            let dash = dashes[index % dashes.count]
            svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colours[index % colours.count])\" stroke-width=\"2\"\(dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")><title>\(size.id)</title></path>\n"
            labels.append((size, index, y(latest[size.rawValue])))
        }
        // Each line's label at its end, nudged apart so that none overlaps another and every one
        // stays inside the picture.
        labels.sort { ($0.y, $0.size.rawValue) < ($1.y, $1.size.rawValue) }
        let placed = placeLabels(labels.map(\.y), spacing: 15, from: labelTop, to: height - labelBelow)
        for (label, labelY) in zip(labels, placed) {
            let colour = colours[label.index % colours.count]
            let dash = dashes[label.index % dashes.count]
            svg += "<line x1=\"\(x(right + 6))\" y1=\"\(x(labelY))\" x2=\"\(x(right + 30))\" y2=\"\(x(labelY))\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")/>\n"
            svg += "<text x=\"\(x(right + 36))\" y=\"\(x(labelY + 4))\" font-size=\"12\" fill=\"#1f2328\">\(label.size.id) <tspan font-weight=\"600\">\(latest[label.size.rawValue])</tspan></text>\n"
        }
        let labelCount = min(points.count, 5)
        var shown = Set<Int>()
        for step in 0..<labelCount {
            let index = labelCount == 1 ? 0 : step * (points.count - 1) / (labelCount - 1)
            guard shown.insert(index).inserted else { continue }
            let tickX = left + column * (Double(index) + 0.5)
            let anchor = labelCount > 1 && step == 0 ? "start" : labelCount > 1 && step == labelCount - 1 ? "end" : "middle"
            svg += "<text x=\"\(x(anchor == "start" ? left : anchor == "end" ? right : tickX))\" y=\"\(x(bottom + 18))\" font-size=\"11\" fill=\"#59636e\" text-anchor=\"\(anchor)\">\(ProgressChart.shortDate(points[index].day))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
