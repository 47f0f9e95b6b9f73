import Scan

/// The lines a `dtaudit:ignore` comment covers for one rule, read from the bytes, for rewrites that
/// have no finding to carry the scan's own suppression. It errs on the side of leaving code alone:
/// any `dtaudit:ignore` on a line or the line above covers it.
struct SuppressedLines {
    private var lines: Set<Int> = []
    private var wholeFile = false

    init(_ source: SourceText, rule: ScanRule) {
        let marker = Array("dtaudit:ignore".utf8)
        let bytes = source.bytes
        guard bytes.count >= marker.count else { return }
        var k = 0
        while k + marker.count <= bytes.count {
            guard bytes[k] == marker[0], bytes[k..<k + marker.count].elementsEqual(marker) else {
                k += 1
                continue
            }
            let line = source.line(of: k)
            let rest = source.text(k + marker.count..<source.lineEnd(line))
            if rest.hasPrefix("-file") {
                if rest.contains(rule.rawValue) || rest.split(whereSeparator: { $0 == " " || $0 == "," }).contains("all") { wholeFile = true }
            } else {
                lines.insert(line)
                lines.insert(line + 1)
            }
            k += marker.count
        }
    }

    func contains(_ line: Int) -> Bool { wholeFile || lines.contains(line) }
}
