import AuditStore
import DynamicType
import Interchange
import Output

/// Screens per row of `status` at the end of each day of the audit, replayed from its history:
/// screens count from the day they were added, and each recording and fix changes where the screen
/// stands from the moment it was made. A triage guess counts as unaudited, as it does in `status`.
public struct ProgressTimeline: Sendable {
    public struct Point: Sendable {
        /// `2026-09-07`
        public var day: String
        public var counts: [Standing.Group: Int]

        public var total: Int { counts.values.reduce(0, +) }
    }

    public var points: [Point]

    /// At most this many points; longer audits are sampled every few days.
    static let maximumPoints = 400

    public init(document: AuditDocument, through lastDay: Timestamp? = nil) {
        points = []
        guard let firstScreen = document.screens.map(\.createdAt).min() else { return }
        let dayLength: Int64 = 86_400_000
        func dayNumber(_ time: Timestamp) -> Int64 {
            time.milliseconds >= 0 ? time.milliseconds / dayLength : (time.milliseconds - dayLength + 1) / dayLength
        }
        var first = dayNumber(firstScreen)
        if let earliest = document.recordings.first, dayNumber(earliest.at) < first { first = dayNumber(earliest.at) }
        var last = dayNumber(document.latestActivity)
        if let lastDay, dayNumber(lastDay) > last { last = dayNumber(lastDay) }
        let span = last - first + 1
        let step = max(1, (span + Int64(Self.maximumPoints) - 1) / Int64(Self.maximumPoints))

        let screens = document.screens.sorted { $0.createdAt < $1.createdAt }
        var nextScreen = 0
        var nextRecording = 0
        var nextFix = 0
        var cells: [String: [CellKey: (status: ResultStatus, at: Timestamp)]] = [:]
        var fixes: [String: [Fix]] = [:]
        var groups: [String: Standing.Group] = [:]
        var touched = Set<String>()
        var added = Set<String>()
        let rule = CategoryRule(document.checklist)

        var day = first
        while true {
            let end = Timestamp(milliseconds: (day + 1) * dayLength)
            while nextScreen < screens.count, screens[nextScreen].createdAt < end {
                touched.insert(screens[nextScreen].id)
                added.insert(screens[nextScreen].id)
                nextScreen += 1
            }
            while nextRecording < document.recordings.count, document.recordings[nextRecording].at < end {
                let recording = document.recordings[nextRecording]
                let key = recording.screen
                cells[key, default: [:]][CellKey(item: recording.item, size: recording.size)] = (recording.status, recording.at)
                touched.insert(key)
                nextRecording += 1
            }
            while nextFix < document.fixes.count, document.fixes[nextFix].at < end {
                let fix = document.fixes[nextFix]
                fixes[fix.screen, default: []].append(fix)
                touched.insert(fix.screen)
                nextFix += 1
            }
            for key in touched where added.contains(key) {
                groups[key] = rule.standing(of: cells[key] ?? [:], fixes: fixes[key] ?? [], triage: nil).group
            }
            touched.removeAll()
            var counts: [Standing.Group: Int] = [:]
            for group in groups.values { counts[group, default: 0] += 1 }
            points.append(Point(day: end.adding(minutes: -1).day, counts: counts))
            if day >= last { break }
            day = min(last, day + step)
        }
    }
}

/// The progress chart: a stacked step chart of screens per category over time, as a plain SVG
/// file (no scripts, no external resources, fonts with fallbacks) that renders in a browser and on
/// GitHub, light or dark.
public enum ProgressChart {
    /// Bottom to top.
    static let stack: [Standing.Group] = [.supported, .recheckPending, .broken, .unsupported, .unaudited]

    /// Each at least 4.5:1 against white, so that the bands and their swatches stand out.
    static func colour(_ group: Standing.Group) -> String {
        switch group {
        case .supported: "#1a7f37"
        case .recheckPending: "#0969da"
        case .broken: "#9a6700"
        case .unsupported: "#cf222e"
        case .unaudited: "#6e7781"
        }
    }

    /// A texture per category, drawn in white over its colour, so that the bands differ without
    /// colour too: solid, dots, horizontal lines, diagonal hatching, cross-hatching.
    static func pattern(_ group: Standing.Group) -> String {
        let id = "pattern-\(group.rawValue)"
        let shapes: String
        switch group {
        case .supported: shapes = ""
        case .recheckPending: shapes = "<circle cx=\"4\" cy=\"4\" r=\"1.6\" fill=\"#ffffff\"/>"
        case .broken: shapes = "<line x1=\"0\" y1=\"4\" x2=\"8\" y2=\"4\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
        case .unsupported: shapes = "<line x1=\"0\" y1=\"8\" x2=\"8\" y2=\"0\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
        case .unaudited: shapes = "<line x1=\"0\" y1=\"8\" x2=\"8\" y2=\"0\" stroke=\"#ffffff\" stroke-width=\"1\"/><line x1=\"0\" y1=\"0\" x2=\"8\" y2=\"8\" stroke=\"#ffffff\" stroke-width=\"1\"/>"
        }
        return "<pattern id=\"\(id)\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\"><rect width=\"8\" height=\"8\" fill=\"\(colour(group))\"/>\(shapes)</pattern>"
    }

    static func fill(_ group: Standing.Group) -> String { "url(#pattern-\(group.rawValue))" }

    static let fonts = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif"

    public static func svg(_ timeline: ProgressTimeline, app: String) -> String {
        let width = 760.0
        let height = 340.0
        let left = 48.0
        let right = width - 196
        let top = 56.0
        let bottom = height - 44
        let points = timeline.points
        let maximum = max(1, points.map(\.total).max() ?? 0)
        let range = points.isEmpty ? "" : points.count == 1 ? points[0].day : "\(points[0].day) to \(points[points.count - 1].day)"
        let title = "\(app): screens per category" + (range.isEmpty ? "" : ", \(range)")
        let latest = points.last?.counts ?? [:]
        let description = "Stacked chart of how many screens were supported (solid), supported with re-checks pending (dots), broken (lines), unsupported (hatched) and unaudited (cross-hatched) on each day; each band is labelled at its end. "
            + (points.isEmpty ? "The audit has no screens yet." : "At the end: " + stack.map { "\(latest[$0] ?? 0) \($0.label)" }.joined(separator: ", ") + ".")

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" viewBox="0 0 \(number(width)) \(number(height))" role="img" aria-labelledby="chart-title chart-desc" font-family="\(fonts)">
            <title id="chart-title">\(XML.escaped(title))</title>
            <desc id="chart-desc">\(XML.escaped(description))</desc>
            <defs>\(stack.map(pattern).joined())</defs>
            <rect x="0" y="0" width="\(number(width))" height="\(number(height))" rx="6" fill="#ffffff"/>
            <text x="\(number(left))" y="26" font-size="15" font-weight="600" fill="#1f2328">\(XML.escaped(TextClip.clip(app, to: 40))): screens per category</text>
            <text x="\(number(left))" y="44" font-size="11" fill="#59636e">\(XML.escaped(range.isEmpty ? "no screens yet" : range))</text>

            """

        // Grid lines and the vertical scale.
        let tick = niceStep(Double(maximum) / 4)
        var value = 0.0
        while value <= Double(maximum) + 0.001 {
            let y = bottom - (bottom - top) * value / Double(maximum)
            svg += "<line x1=\"\(number(left))\" y1=\"\(number(y))\" x2=\"\(number(right))\" y2=\"\(number(y))\" stroke=\"#d8dee4\" stroke-width=\"1\"/>\n"
            svg += "<text x=\"\(number(left - 8))\" y=\"\(number(y + 4))\" font-size=\"11\" fill=\"#59636e\" text-anchor=\"end\">\(Int(value))</text>\n"
            value += tick
        }

        // Where each band ends on the right, for its label.
        var ends: [Standing.Group: Double] = [:]
        if !points.isEmpty {
            let column = (right - left) / Double(points.count)
            func y(_ count: Int) -> Double { bottom - (bottom - top) * Double(count) / Double(maximum) }
            var lower = [Int](repeating: 0, count: points.count)
            for category in stack {
                let upper = points.indices.map { lower[$0] + (points[$0].counts[category] ?? 0) }
                if upper != lower {
                    var outline: [String] = []
                    for index in points.indices {
                        let x0 = left + column * Double(index)
                        outline.append("\(number(x0)),\(number(y(upper[index])))")
                        outline.append("\(number(x0 + column)),\(number(y(upper[index])))")
                    }
                    for index in points.indices.reversed() {
                        let x0 = left + column * Double(index)
                        outline.append("\(number(x0 + column)),\(number(y(lower[index])))")
                        outline.append("\(number(x0)),\(number(y(lower[index])))")
                    }
                    svg += "<polygon points=\"\(outline.joined(separator: " "))\" fill=\"\(fill(category))\" stroke=\"#ffffff\" stroke-width=\"1\"><title>\(category.label)</title></polygon>\n"
                }
                ends[category] = (y(lower[points.count - 1]) + y(upper[points.count - 1])) / 2
                lower = upper
            }
            // Dates along the bottom: the first, the last, and a few between.
            let labels = min(points.count, 5)
            var shown = Set<Int>()
            for step in 0..<labels {
                let index = labels == 1 ? 0 : step * (points.count - 1) / (labels - 1)
                guard shown.insert(index).inserted else { continue }
                let x = left + column * (Double(index) + 0.5)
                let anchor = labels > 1 && step == 0 ? "start" : labels > 1 && step == labels - 1 ? "end" : "middle"
                let xAnchored = anchor == "start" ? left : anchor == "end" ? right : x
                svg += "<line x1=\"\(number(x))\" y1=\"\(number(bottom))\" x2=\"\(number(x))\" y2=\"\(number(bottom + 4))\" stroke=\"#59636e\" stroke-width=\"1\"/>\n"
                svg += "<text x=\"\(number(xAnchored))\" y=\"\(number(bottom + 18))\" font-size=\"11\" fill=\"#59636e\" text-anchor=\"\(anchor)\">\(shortDate(points[index].day))</text>\n"
            }
        } else {
            svg += "<text x=\"\(number((left + right) / 2))\" y=\"\(number((top + bottom) / 2))\" font-size=\"13\" fill=\"#59636e\" text-anchor=\"middle\">No screens yet</text>\n"
        }
        svg += "<line x1=\"\(number(left))\" y1=\"\(number(bottom))\" x2=\"\(number(right))\" y2=\"\(number(bottom))\" stroke=\"#59636e\" stroke-width=\"1\"/>\n"

        // Direct labels, top category first: each beside the end of its band (nudged apart so that
        // none overlaps another), with its texture and the latest count.
        var placed: [Double] = []
        for category in stack.reversed() {
            let wanted = ends[category] ?? top + 6 + Double(placed.count) * 22
            placed.append(max(wanted, (placed.last ?? top - 100) + 22))
        }
        let overflow = (placed.last ?? 0) - (bottom - 6)
        if overflow > 0 { placed = placed.map { $0 - overflow } }
        var legendY = top + 6
        for (category, labelY) in zip(stack.reversed(), placed) {
            if let end = ends[category] {
                svg += "<line x1=\"\(number(right))\" y1=\"\(number(end))\" x2=\"\(number(right + 20))\" y2=\"\(number(labelY - 4))\" stroke=\"#59636e\" stroke-width=\"1\"/>\n"
            }
            svg += "<rect x=\"\(number(right + 24))\" y=\"\(number(labelY - 10))\" width=\"12\" height=\"12\" rx=\"2\" fill=\"\(fill(category))\" stroke=\"\(colour(category))\"/>\n"
            svg += "<text x=\"\(number(right + 42))\" y=\"\(number(labelY))\" font-size=\"12\" fill=\"#1f2328\">\(category.label.capitalizedFirst)</text>\n"
            svg += "<text x=\"\(number(width - 20))\" y=\"\(number(labelY))\" font-size=\"12\" font-weight=\"600\" fill=\"#1f2328\" text-anchor=\"end\">\(latest[category] ?? 0)</text>\n"
            legendY = max(legendY, labelY + 22)
        }
        let total = points.last?.total ?? 0
        svg += "<text x=\"\(number(right + 24))\" y=\"\(number(legendY + 6))\" font-size=\"11\" fill=\"#59636e\">\(counted(total, "screen")) in all</text>\n"
        svg += "</svg>\n"
        return svg
    }

    /// 1, 2, 5, 10, 20, 25, 50 ... at least `raw` and at least 1.
    static func niceStep(_ raw: Double) -> Double {
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where magnitude * factor >= raw {
            return max(1, (magnitude * factor).rounded())
        }
        return max(1, magnitude * 10)
    }

    /// A coordinate with at most one decimal, written the same on every platform.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? sign + String(magnitude / 10) : sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `2026-09-07` as `Sep 7`.
    static func shortDate(_ day: String) -> String {
        let parts = day.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let dayOfMonth = Int(parts[2]) else { return day }
        return "\(months[month - 1]) \(dayOfMonth)"
    }
}

enum TextClip {
    /// At most `limit` characters, with an ellipsis when cut.
    static func clip(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

extension String {
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
