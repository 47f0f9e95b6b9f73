/// Calls and their arguments, and postfix chains, in a `SwiftFile`.

extension SwiftFile {
    // MARK: Calls and arguments

    struct Argument {
        /// The label's name when it is one the rules know; `.none` for other labels and for no label.
        var label: Name
        /// The index of the label token, or -1.
        var labelIndex: Int
        /// The value's tokens: `start..<end`.
        var start: Int
        var end: Int
        var hasLabel: Bool { labelIndex >= 0 }
        var isEmpty: Bool { start >= end }
    }

    /// The comma-separated arguments between the open bracket at `open` and its partner.
    func arguments(_ open: Int) -> [Argument] {
        var result: [Argument] = []
        forEachArgument(open) { result.append($0) }
        return result
    }

    /// The first two of `arguments(open)` and how many there are, without making the list: what
    /// the font calls a file may hold hundreds of thousands of are asked.
    func leadingArguments(_ open: Int) -> (count: Int, first: Argument?, second: Argument?) {
        var count = 0
        var first: Argument?
        var second: Argument?
        forEachArgument(open) { argument in
            if count == 0 { first = argument } else if count == 1 { second = argument }
            count += 1
        }
        return (count, first, second)
    }

    /// Calls `body` with each of `arguments(open)` in turn, without making the list.
    @inline(__always)
    func forEachArgument(_ open: Int, _ body: (Argument) -> Void) {
        let close = closing(open)
        var any = false
        var segmentStart = open + 1
        var j = open + 1
        while j <= close {
            if j == close || tokens[j].kind == .comma {
                if j > segmentStart || j != close || any {
                    body(argument(segmentStart, j))
                    any = true
                }
                segmentStart = j + 1
                j += 1
                continue
            }
            switch tokens[j].kind {
            case .leftParen, .leftBracket, .leftBrace: j = min(after(j), close)
            default: j += 1
            }
        }
    }

    private func argument(_ start: Int, _ end: Int) -> Argument {
        if end - start >= 2 && tokens[start].kind == .identifier && tokens[start + 1].kind == .colon {
            return Argument(label: tokens[start].name, labelIndex: start, start: start + 2, end: end)
        }
        return Argument(label: .none, labelIndex: -1, start: start, end: end)
    }

    func argument(_ label: Name, in arguments: [Argument]) -> Argument? {
        arguments.first { $0.label == label && $0.hasLabel }
    }

    /// The call that an argument token sits in: the index of the `(` and of the argument.
    func enclosingCall(of i: Int) -> (open: Int, callee: Int)? {
        let open = Int(parent[i])
        guard open > 0, tokens[open].kind == .leftParen else { return nil }
        let callee = open - 1
        guard tokens[callee].kind == .identifier || tokens[callee].kind == .rightParen
            || tokens[callee].kind == .rightBracket || isPostfixUnwrap(callee) else { return nil }
        return (open, callee)
    }

    // MARK: Postfix chains

    /// The first token of the postfix expression (`a.b(c)[d].e { }`) whose last token is `last`.
    func chainStart(endingAt last: Int) -> Int {
        var j = last
        // The receiver of a member on a line of its own, which may follow a postfix `#if` block.
        if j >= 0 && j + 1 < tokens.count && tokens[j + 1].kind == .period && tokens[j + 1].flags.contains(.newlineBefore) {
            j = chainReceiver(skippingDirectivesFrom: j)
        }
        var steps = 0
        while j >= 0 && steps < 10_000 {
            steps += 1
            let token = tokens[j]
            switch token.kind {
            case .rightParen, .rightBracket, .rightBrace:
                let open = Int(matching[j])
                guard open >= 0 else { return j + 1 }
                var before = open - 1
                // `Button { } label: { }`: a labelled trailing closure follows the first one.
                if token.kind == .rightBrace && isKind(before, .colon) && isKind(before - 1, .identifier)
                    && isKind(before - 2, .rightBrace) {
                    before -= 2
                }
                let attached = before >= 0 && (
                    tokens[before].kind == .identifier || tokens[before].kind == .rightParen
                        || tokens[before].kind == .rightBracket || tokens[before].kind == .rightBrace
                        || isPostfixUnwrap(before) || tokens[before].kind == .pound)
                let sameLine = token.kind == .rightBrace || !tokens[open].flags.contains(.newlineBefore)
                if attached && sameLine && !isStatementKeyword(before) {
                    j = before
                } else {
                    return open
                }
            case .identifier:
                if isKind(j - 1, .period) {
                    var receiver = j - 2
                    // A member on a line of its own may follow a postfix `#if` block.
                    if tokens[j - 1].flags.contains(.newlineBefore) && receiver >= 0 {
                        receiver = chainReceiver(skippingDirectivesFrom: receiver)
                    }
                    if receiver >= 0 && continuesChain(receiver) {
                        j = receiver
                    } else {
                        return j - 1
                    }
                } else {
                    return j
                }
            case .operator:
                if isPostfixUnwrap(j) && j > 0 {
                    j -= 1
                } else {
                    return j + 1
                }
            case .string, .integer, .float, .pound:
                return j
            default:
                return j + 1
            }
        }
        return max(0, j)
    }

    private func continuesChain(_ i: Int) -> Bool {
        switch tokens[i].kind {
        case .identifier: return !isStatementKeyword(i)
        case .rightParen, .rightBracket, .rightBrace, .string, .integer, .float: return true
        case .operator: return isPostfixUnwrap(i)
        default: return false
        }
    }

    func isStatementKeyword(_ i: Int) -> Bool {
        switch name(i) {
        case .return, .if, .guard, .else, .in, .case, .var, .let, .try, .await, .switch, .for, .while, .do,
             .some, .any, .where:
            return true
        default:
            return false
        }
    }

    /// The index just past the call or name at `i`: its argument list and trailing closures
    /// (`Button(action: f) { } label: { }`).
    func endOfCall(_ i: Int) -> Int {
        var j = i + 1
        if isKind(j, .leftParen) && !tokens[j].flags.contains(.newlineBefore) { j = after(j) }
        while j < tokens.count {
            if tokens[j].kind == .leftBrace {
                j = after(j)
            } else if tokens[j].kind == .identifier && isKind(j + 1, .colon) && isKind(j + 2, .leftBrace)
                && !tokens[j].flags.contains(.newlineBefore) {
                j = after(j + 2)
            } else {
                break
            }
        }
        return j
    }

    struct Member {
        var dot: Int
        var name: Int
        /// The `(` of the member's argument list, or -1.
        var open: Int
    }

    /// The `.member` and `.member(...)` links that follow the expression ending just before `j`.
    func members(from j: Int, limit: Int = 64) -> [Member] {
        var result: [Member] = []
        var j = j
        while result.count < limit && j < tokens.count {
            if isPostfixUnwrap(j) {
                j += 1
                continue
            }
            if tokens[j].kind == .pound && tokens[j].flags.contains(.newlineBefore) && directive(j) != nil {
                // A postfix `#if` block: its members, in any branch, apply too.
                j += 1
                while j < tokens.count && !tokens[j].flags.contains(.newlineBefore) { j += 1 }
                continue
            }
            guard tokens[j].kind == .period, isKind(j + 1, .identifier) else { break }
            let nameIndex = j + 1
            var open = -1
            if isKind(nameIndex + 1, .leftParen) && !tokens[nameIndex + 1].flags.contains(.newlineBefore) {
                open = nameIndex + 1
            }
            result.append(Member(dot: j, name: nameIndex, open: open))
            j = endOfCall(nameIndex)
        }
        return result
    }
}
