extension ScanRule {
    /// The rules table of `dtaudit help scan`, one rule a row, its summary wrapped at `width` columns.
    public static func helpTable(width: Int = 50) -> String {
        var lines: [String] = []
        for rule in allCases {
            let unit = rule.unit
            let head = "  " + pad(unit.id, 19) + pad(unit.severity.rawValue, 10) + pad(unit.item, 15)
            for (k, line) in wrap(unit.summary, width: width).enumerated() {
                lines.append((k == 0 ? head : String(repeating: " ", count: head.count)) + line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The rules table of Docs/scan.md, in Markdown.
    public static var docsTable: String {
        var lines = ["| Rule | Severity | Checklist item | What it finds | Fix |", "|---|---|---|---|---|"]
        for rule in allCases {
            let unit = rule.unit
            lines.append("| `\(unit.id)` | \(unit.severity.rawValue) | `\(unit.item)` | \(unit.summary) | \(unit.fix) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = String(word)
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
