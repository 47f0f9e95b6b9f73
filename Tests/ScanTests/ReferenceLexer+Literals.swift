@testable import Scan

// The reference lexer's string and number literals, kept word for word as the rest of it (ReferenceLexer.swift).
extension ReferenceLexerState {
    private enum Frame {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int, multiline: Bool)
    }

    /// Opens a string at `i` (`#`s then `"` or `"""`); returns its frame and moves past the delimiter.
    private mutating func openString() -> Frame {
        var hashes = 0
        while at(i) == RB.hash { hashes += 1; i += 1 }
        if at(i + 1) == RB.quote && at(i + 2) == RB.quote && i + 2 < n {
            i += 3
            return .string(hashes: hashes, multiline: true)
        }
        i += 1
        return .string(hashes: hashes, multiline: false)
    }

    /// A whole string literal, with interpolations and the strings nested in them, as one token.
    /// Uses an explicit stack, so no input can exhaust the call stack.
    mutating func stringLiteral() {
        let start = i
        var flags: Token.Flags = []
        var stack: [Frame] = [openString()]
        if case .string(_, true) = stack[0] { flags.insert(.multiline) }
        var unterminated = false

        scan: while i < n {
            guard let top = stack.last else { break }
            let c = p[i]
            switch top {
            case let .string(hashes, multiline):
                if c == RB.backslash {
                    if closes(at: i + 1, hashes: hashes) {
                        let k = i + 1 + hashes
                        if at(k) == RB.leftParen && k < n {
                            stack.append(.interpolation(depth: 0, multiline: multiline))
                            flags.insert(.interpolated)
                            i = k + 1
                        } else if k < n && RB.isLineEnd(p[k]) && !multiline {
                            i = k
                        } else {
                            i = min(k + 1, n)
                        }
                    } else {
                        i += 1
                    }
                } else if c == RB.quote {
                    if multiline {
                        if at(i + 1) == RB.quote && at(i + 2) == RB.quote && i + 2 < n && closes(at: i + 3, hashes: hashes) {
                            i += 3 + hashes
                            stack.removeLast()
                        } else {
                            i += 1
                        }
                    } else if closes(at: i + 1, hashes: hashes) {
                        i += 1 + hashes
                        stack.removeLast()
                    } else {
                        i += 1
                    }
                } else if RB.isLineEnd(c) && !multiline {
                    // A single-line string ends, unterminated, at the line break.
                    stack.removeLast()
                    if stack.isEmpty {
                        unterminated = true
                        break scan
                    }
                } else {
                    i += 1
                }
            case let .interpolation(depth, multiline):
                switch c {
                case RB.leftParen:
                    stack[stack.count - 1] = .interpolation(depth: depth + 1, multiline: multiline)
                    i += 1
                case RB.rightParen:
                    if depth == 0 {
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .interpolation(depth: depth - 1, multiline: multiline)
                    }
                    i += 1
                case RB.quote:
                    stack.append(openString())
                case RB.hash:
                    var hashes = 0
                    while at(i + hashes) == RB.hash { hashes += 1 }
                    if at(i + hashes) == RB.quote && i + hashes < n {
                        stack.append(openString())
                    } else {
                        i += hashes
                    }
                case RB.slash where at(i + 1) == RB.slash:
                    while i < n && !RB.isLineEnd(p[i]) { i += 1 }
                case RB.slash where at(i + 1) == RB.star:
                    i += 2
                    var commentDepth = 1
                    while i < n && commentDepth > 0 {
                        if p[i] == RB.slash && at(i + 1) == RB.star {
                            commentDepth += 1
                            i += 2
                        } else if p[i] == RB.star && at(i + 1) == RB.slash {
                            commentDepth -= 1
                            i += 2
                        } else {
                            i += 1
                        }
                    }
                case RB.newline, RB.carriageReturn:
                    if multiline {
                        i += 1
                    } else {
                        // The line break ends the single-line string that holds this interpolation.
                        stack.removeLast()
                        if !stack.isEmpty { stack.removeLast() }
                        if stack.isEmpty {
                            unterminated = true
                            break scan
                        }
                    }
                default:
                    i += 1
                }
            }
        }
        if !stack.isEmpty { unterminated = true }
        i = min(i, n)
        if unterminated { flags.insert(.unterminated) }
        emit(.string, start, i, flags: flags)
    }

    mutating func number() {
        let start = i
        var isFloat = false
        let afterPeriod = tokens.last?.kind == .period && tokens.last?.end == Int32(i)
        if p[i] == RB.zero && (at(i + 1) | 0x20) == 0x78 { // 0x
            i += 2
            while i < n && (RB.isHexDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            if !afterPeriod && at(i) == RB.period && RB.isHexDigit(at(i + 1)) && i + 1 < n {
                isFloat = true
                i += 1
                while i < n && (RB.isHexDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            }
            if (at(i) | 0x20) == 0x70 && i < n { // p exponent
                isFloat = true
                i += 1
                if at(i) == RB.plus || at(i) == RB.minus { i += 1 }
                while i < n && (RB.isDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            }
        } else {
            while i < n && (RB.isDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            if !afterPeriod && at(i) == RB.period && RB.isDigit(at(i + 1)) && i + 1 < n {
                isFloat = true
                i += 1
                while i < n && (RB.isDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            }
            if !afterPeriod && (at(i) | 0x20) == 0x65 && i < n { // e exponent
                let sign = at(i + 1) == RB.plus || at(i + 1) == RB.minus
                if RB.isDigit(at(i + (sign ? 2 : 1))) {
                    isFloat = true
                    i += sign ? 2 : 1
                    while i < n && (RB.isDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
                }
            }
        }
        // `0b1010`, `0o17` and malformed literals such as `12abc` keep their trailing characters.
        while i < n && RB.isIdentifierContinue(p[i]) { i += 1 }
        emit(isFloat ? .float : .integer, start, i)
    }
}
