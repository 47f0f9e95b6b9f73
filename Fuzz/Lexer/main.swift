// libFuzzer target: the Swift lexer accepts any bytes. Its tokens and comments cover the input in
// order, never overlap and leave out only white space; each starts on the line its file gives, lines and
// columns never go back; and the whole scan of the same bytes reports places inside the file.
import FuzzSupport
import Scan

/// The bytes the lexer skips between tokens.
func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C || byte == 0
}

func check(_ bytes: [UInt8]) {
    let lexed = Lexer.lex(bytes)
    let count = bytes.count

    // Line starts: the first at 0, then strictly increasing, each just after a line break.
    let starts = lexed.lineStarts.map(Int.init)
    precondition(starts.first == 0, "the first line starts at 0")
    for k in starts.indices.dropFirst() {
        precondition(starts[k] > starts[k - 1] && starts[k] <= count, "line starts increase inside the input")
        let end = bytes[starts[k] - 1]
        precondition(end == 0x0A || end == 0x0D, "a line starts after a line break")
    }
    func line(of offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    // Code tokens and comments merged in source order.
    var merged: [Token] = []
    merged.reserveCapacity(lexed.tokens.count + lexed.comments.count)
    var t = 0
    var c = 0
    while t < lexed.tokens.count || c < lexed.comments.count {
        if c == lexed.comments.count || (t < lexed.tokens.count && lexed.tokens[t].start < lexed.comments[c].start) {
            merged.append(lexed.tokens[t])
            t += 1
        } else {
            merged.append(lexed.comments[c])
            c += 1
        }
    }
    precondition(lexed.tokens.allSatisfy { $0.kind != .lineComment && $0.kind != .blockComment }, "comments are kept apart")
    precondition(lexed.comments.allSatisfy { $0.kind == .lineComment || $0.kind == .blockComment }, "only comments among the comments")

    // A byte order mark at the very start is not code.
    var covered = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    var previousLine = 1
    var previousColumn = 0
    for token in merged {
        let start = Int(token.start)
        let end = Int(token.end)
        precondition(start >= covered, "tokens are in order and do not overlap")
        precondition(end > start && end <= count, "a token holds at least one byte of the input")
        for offset in covered..<start { precondition(isSpace(bytes[offset]), "only white space lies between tokens") }
        let tokenLine = line(of: start)
        precondition(lexed.line(of: token) == tokenLine, "a token starts on the line the file's line starts give")
        let column = start - starts[tokenLine - 1] + 1
        precondition(tokenLine > previousLine || (tokenLine == previousLine && column > previousColumn), "lines and columns go forward")
        previousLine = tokenLine
        previousColumn = column
        covered = end
    }
    for offset in covered..<count { precondition(isSpace(bytes[offset]), "only white space follows the last token") }

    // The rules run on the same bytes without trouble and point inside the file.
    guard let report = try? SourceScanner.scan(files: [(path: "Fuzz.swift", bytes: bytes)]) else {
        preconditionFailure("a scan of one Swift file always runs")
    }
    precondition(report.filesScanned == 1)
    for finding in report.findings {
        precondition(finding.line >= 1 && finding.line <= starts.count, "a finding is on a line of the file")
        precondition(finding.column >= 1, "columns start at 1")
    }
}

runFuzzer { bytes in check(Array(bytes)) }
