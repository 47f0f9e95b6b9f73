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
        let file = Array("-file".utf8)
        // The rest of a line is read for the first `ignore-file` on it only: what a later one on the
        // same line would find there, the first found already.
        var fileLineRead = 0
        var from = 0
        while !wholeFile, let k = source.find(marker, from: from) {
            from = k + marker.count
            let line = source.line(of: k)
            let after = k + marker.count
            if after + file.count <= bytes.count && bytes[after..<after + file.count].elementsEqual(file) {
                if fileLineRead != line {
                    fileLineRead = line
                    let rest = source.text(after..<max(after, source.lineEnd(line)))
                    if rest.contains(rule.rawValue) || rest.split(whereSeparator: { $0 == " " || $0 == "," }).contains("all") { wholeFile = true }
                }
            } else {
                lines.insert(line)
                lines.insert(line + 1)
            }
        }
    }

    func contains(_ line: Int) -> Bool { wholeFile || lines.contains(line) }
}
