/// The lexer's reader for string literals, with their interpolations and nested strings.

extension LexerState {
    enum Frame {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int, multiline: Bool)
    }

    /// Opens a string at `i` (`#`s then `"` or `"""`); returns its frame and moves past the delimiter.
    private mutating func openString() -> Frame {
        var hashes = 0
        while at(i) == Byte.hash { hashes += 1; i += 1 }
        if at(i + 1) == Byte.quote && at(i + 2) == Byte.quote && i + 2 < n {
            i += 3
            return .string(hashes: hashes, multiline: true)
        }
        i += 1
        return .string(hashes: hashes, multiline: false)
    }

    /// The end of a literal at `i` on one line whose escapes are simple and whose interpolations
    /// hold plain code (no bracket, string, `#` or `/`), `"text \(value * 2)"`: most literals,
    /// found without the frames of `stringLiteral`, and whether it interpolates; nil for any other.
    /// (Static: a method of `self` here took a copy of the whole state at each literal.)
    private static func simpleStringEnd(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> (end: Int, interpolated: Bool)? {
        let n = p.count
        guard p[i] == Byte.quote && !(i + 2 < n && p[i + 1] == Byte.quote && p[i + 2] == Byte.quote) else { return nil }
        var j = i &+ 1
        var interpolated = false
        while j < n {
            let c = p[j]
            if Byte.isPlainInString(c) {
                j &+= 1
                continue
            }
            if c == Byte.quote { return (j &+ 1, interpolated) }
            // A line end, or a backslash as the last byte.
            guard c == Byte.backslash && j &+ 1 < n else { return nil }
            let next = p[j &+ 1]
            if next == Byte.leftParen {
                var k = j &+ 2
                while k < n && Byte.isPlainInInterpolation(p[k]) { k &+= 1 }
                guard k < n && p[k] == Byte.rightParen else { return nil }
                interpolated = true
                j = k &+ 1
            } else if Byte.isLineEnd(next) {
                return nil
            } else {
                j &+= 2
            }
        }
        return nil
    }

    /// A whole string literal, with interpolations and the strings nested in them, as one token.
    /// Uses an explicit stack, so no input can exhaust the call stack.
    mutating func stringLiteral() {
        if let (end, interpolated) = LexerState.simpleStringEnd(p, from: i) {
            // It holds no line break: a spanning token's count of its lines is not needed.
            emit(.string, i, end, flags: interpolated ? .interpolated : Token.Flags())
            i = end
            return
        }
        let start = i
        var flags = Token.Flags()
        // The kept frames, taken out so that they are not shared while in use.
        var stack = frames
        frames = []
        stack.removeAll(keepingCapacity: true)
        defer { frames = stack }
        stack.append(openString())
        if case .string(_, true) = stack[0] { flags.insert(.multiline) }
        var unterminated = false

        scan: while i < n {
            guard let top = stack.last else { break }
            let c = p[i]
            switch top {
            case let .string(hashes, multiline):
                if c == Byte.backslash {
                    if closes(at: i + 1, hashes: hashes) {
                        let k = i + 1 + hashes
                        if at(k) == Byte.leftParen && k < n {
                            stack.append(.interpolation(depth: 0, multiline: multiline))
                            flags.insert(.interpolated)
                            i = k + 1
                        } else if k < n && Byte.isLineEnd(p[k]) && !multiline {
                            i = k
                        } else {
                            i = min(k + 1, n)
                        }
                    } else {
                        i += 1
                    }
                } else if c == Byte.quote {
                    if multiline {
                        if at(i + 1) == Byte.quote && at(i + 2) == Byte.quote && i + 2 < n && closes(at: i + 3, hashes: hashes) {
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
                } else if Byte.isLineEnd(c) && !multiline {
                    // A single-line string ends, unterminated, at the line break.
                    stack.removeLast()
                    if stack.isEmpty {
                        unterminated = true
                        break scan
                    }
                } else {
                    // Most of a literal is plain text, none of whose bytes changes a frame: passed
                    // here without a look at the stack for each.
                    var j = i &+ 1
                    while j < n && Byte.isPlainInString(p[j]) { j &+= 1 }
                    i = j
                }
            case let .interpolation(depth, multiline):
                switch c {
                case Byte.leftParen:
                    stack[stack.count - 1] = .interpolation(depth: depth + 1, multiline: multiline)
                    i += 1
                case Byte.rightParen:
                    if depth == 0 {
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .interpolation(depth: depth - 1, multiline: multiline)
                    }
                    i += 1
                case Byte.quote:
                    stack.append(openString())
                case Byte.hash:
                    var hashes = 0
                    while at(i + hashes) == Byte.hash { hashes += 1 }
                    if at(i + hashes) == Byte.quote && i + hashes < n {
                        stack.append(openString())
                    } else {
                        i += hashes
                    }
                case Byte.slash where at(i + 1) == Byte.slash:
                    while i < n && !Byte.isLineEnd(p[i]) { i += 1 }
                case Byte.slash where at(i + 1) == Byte.star:
                    i += 2
                    var commentDepth = 1
                    while i < n && commentDepth > 0 {
                        if p[i] == Byte.slash && at(i + 1) == Byte.star {
                            commentDepth += 1
                            i += 2
                        } else if p[i] == Byte.star && at(i + 1) == Byte.slash {
                            commentDepth -= 1
                            i += 2
                        } else {
                            i += 1
                        }
                    }
                case Byte.newline, Byte.carriageReturn:
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
                    // Code in an interpolation: only the bytes above change a frame.
                    var j = i &+ 1
                    while j < n && Byte.isPlainInInterpolation(p[j]) { j &+= 1 }
                    i = j
                }
            }
        }
        if !stack.isEmpty { unterminated = true }
        i = min(i, n)
        if unterminated { flags.insert(.unterminated) }
        // Only a multi-line literal or one with interpolations can hold a line break.
        if flags.contains(.multiline) || flags.contains(.interpolated) {
            emitSpanning(.string, start, i, flags: flags)
        } else {
            emit(.string, start, i, flags: flags)
        }
    }
}
