/// The scan's findings on an element: those inside its expression, those a view around it applies
/// to what it holds, those that set the same UIKit view, those inside its Interface Builder element
/// or that its owner's code makes on its outlet.
extension CodeLocator {
    /// The items of the findings that can make `item` fail: those of every rule that can name it
    /// (`text-scales` takes a custom font's `custom-fonts`); nil for an item no rule names, which
    /// takes any finding on its element.
    static func acceptedItems(for item: String) -> Set<String>? {
        let units = ScanRule.allCases.map(\.unit).filter { $0.items.contains(item) }
        guard !units.isEmpty else { return nil }
        return Set(units.flatMap(\.items))
    }

    func findings(on site: Site, item: String) -> [CodeFinding] {
        let accepted = CodeLocator.acceptedItems(for: item)
        func relevant(_ list: [CodeFinding]) -> [CodeFinding] {
            accepted.map { items in list.filter { items.contains($0.item) } } ?? list
        }
        var found: [CodeFinding] = []
        for scope in site.scopes {
            let more: [CodeFinding]
            switch scope {
            case let .chain(start, end): more = chainFindings(site.file, start, end, relevant)
            case let .receiver(key, type):
                let own = relevant(receiverFindings(key, type: type))
                more = !own.isEmpty ? own : relevant(factoryFindings(key, type: type, anyFile: false))
            case let .member(key, type):
                let own = relevant(receiverFindings(key, type: type, anyFile: true))
                more = !own.isEmpty ? own : relevant(factoryFindings(key, type: type, anyFile: true))
            case let .nib(first, last, owner, outlet):
                let own = relevant((findingsByFile[site.file] ?? []).filter { first <= $0.line && $0.line <= last })
                more = !own.isEmpty ? own : outlet.map { relevant(receiverFindings($0, type: owner, anyFile: true)) } ?? []
            }
            for finding in more where !found.contains(finding) { found.append(finding) }
        }
        return found
    }

    /// The findings inside the expression `start...end`; else those of the nearest view around it
    /// that apply to what it holds (a modifier after its closure, `VStack { ... }.font(...)`); else
    /// those in the body of the app's helper that makes the view (`row(title: "Pay")`).
    func chainFindings(_ path: String, _ start: Int, _ end: Int, _ relevant: ([CodeFinding]) -> [CodeFinding]) -> [CodeFinding] {
        guard let file = sources.swift(path) else { return [] }
        let placed = (findingsByFile[path] ?? []).compactMap { finding in CodeLocator.tokenIndex(file, finding).map { (finding, $0) } }
        let own = relevant(placed.filter { start <= $0.1 && $0.1 <= end }.map(\.0))
        if !own.isEmpty { return own }
        let decls = file.declarations
        var inner = start
        for _ in 0..<12 {
            guard let brace = file.ancestors(of: inner).first(where: { file.isKind($0, .leftBrace) }),
                  decls.functionByBrace[brace] == nil, decls.typeByBrace[brace] == nil, decls.variableByBrace[brace] == nil,
                  brace > 0 else { break }
            var callee = brace - 1
            if file.isKind(callee, .rightParen), file.matching[callee] >= 0 { callee = Int(file.matching[callee]) - 1 }
            // `} label: {`: the closure after a first one.
            if file.isKind(callee, .colon), file.isKind(callee - 2, .rightBrace), file.matching[callee - 2] >= 0 {
                callee = Int(file.matching[callee - 2]) - 1
                if file.isKind(callee, .rightParen), file.matching[callee] >= 0 { callee = Int(file.matching[callee]) - 1 }
            }
            guard file.isKind(callee, .identifier) else { break }
            let base = file.chainStart(endingAt: callee)
            let outerEnd = chainEnd(file, from: base)
            // Its modifiers, not what its closures hold (other views, with modifiers of their own).
            var closures: [ClosedRange<Int>] = []
            var j = callee + 1
            if file.isKind(j, .leftParen) { j = file.after(j) }
            let bodyEnd = file.endOfCall(callee)
            while j < bodyEnd {
                if file.isKind(j, .leftBrace) {
                    closures.append(j...file.closing(j))
                    j = file.after(j)
                } else {
                    j += 1
                }
            }
            let around = relevant(placed.filter { finding, t in base <= t && t <= outerEnd && !closures.contains { $0.contains(t) } }.map(\.0))
            if !around.isEmpty { return around }
            inner = base
        }
        return helperFindings(path, file, start, relevant)
    }

    /// The findings in the body of the app's own function or view that the expression at `start`
    /// calls (`row(title: "Pay")`, `PayButton(title: "Pay")`), for a view such a helper makes.
    func helperFindings(_ home: String, _ file: SwiftFile, _ start: Int, _ relevant: ([CodeFinding]) -> [CodeFinding]) -> [CodeFinding] {
        var callee = start
        while CodeLocator.isTypeName(file, callee), file.isKind(callee + 1, .period), file.isKind(callee + 2, .identifier) { callee += 2 }
        guard file.isKind(callee, .identifier) else { return [] }
        let name = file.identifier(callee)
        // A call, or a view property: `row(title:)`, `PayButton()`, `compass`.
        let call = file.isKind(callee + 1, .leftParen) || file.isKind(callee + 1, .leftBrace)
        var found: [CodeFinding] = []
        for path in sources.paths where path.hasSuffix(".swift") && sources.mayHold(path, Array(name.utf8)) {
            guard let other = sources.swift(path) else { continue }
            let decls = other.declarations
            var bodies: [ClosedRange<Int>] = []
            if call {
                bodies += decls.functions.filter { $0.isNamed(name, in: other) }.map { $0.open...$0.close }
                // A view type of that name: its whole body.
                bodies += decls.types.filter { $0.name == name && $0.keyword != .extension }.map { $0.open...$0.close }
            } else if path == home {
                bodies += decls.variables.filter { $0.name == name && $0.bodyOpen >= 0 }.map { $0.bodyOpen...other.closing($0.bodyOpen) }
            }
            guard !bodies.isEmpty else { continue }
            for finding in findingsByFile[path] ?? [] {
                guard let t = CodeLocator.tokenIndex(other, finding), bodies.contains(where: { $0.contains(t) }) else { continue }
                found.append(finding)
            }
        }
        return relevant(found)
    }

    /// The findings that set the UIKit view `key` in the code of the type `type` (any of its
    /// extensions, in the screen's files, or in every file with `anyFile`).
    func receiverFindings(_ key: String, type: String?, anyFile: Bool = false) -> [CodeFinding] {
        var found: [CodeFinding] = []
        for path in sources.paths where path.hasSuffix(".swift") && (anyFile || sources.screenFiles.contains(path)) {
            guard let findings = findingsByFile[path], !findings.isEmpty else { continue }
            if let type, !sources.mayHold(path, Array(type.utf8)) { continue }
            guard let file = sources.swift(path) else { continue }
            for finding in findings {
                guard let t = CodeLocator.tokenIndex(file, finding),
                      file.declarations.enclosingType(of: t, in: file)?.name == type,
                      let subject = declaredSubject(file, t) ?? statementSubject(file, t) else { continue }
                if subject == key || subject.hasPrefix(key + ".") { found.append(finding) }
            }
        }
        return found
    }

    /// The view the statement holding token `t` sets: `titleLabel` of `titleLabel.font = ...`,
    /// `label` of `label.snp.makeConstraints { $0.height.equalTo(20) }`.
    func statementSubject(_ file: SwiftFile, _ t: Int) -> String? {
        let parent = file.parent[t]
        var head = t
        // Back to the statement's first token at the same level: a bracket group is one step, and
        // a new line ends the walk unless it or the line before carries the expression on.
        while head > 0 {
            var previous = head - 1
            if file.parent[previous] != parent {
                guard file.isKind(previous, .rightParen) || file.isKind(previous, .rightBracket) || file.isKind(previous, .rightBrace),
                      file.matching[previous] >= 0, file.parent[Int(file.matching[previous])] == parent else { break }
                previous = Int(file.matching[previous])
            }
            if file.isKind(previous, .comma) || file.isKind(previous, .semicolon) || file.isKind(previous, .colon) { break }
            let continues = file.isKind(head, .period) || file.isKind(previous, .period)
                || (file.isKind(previous, .operator) && !file.isPostfixUnwrap(previous))
            if file.tokens[head].flags.contains(.newlineBefore) && !continues { break }
            head = previous
        }
        guard file.isKind(head, .identifier) else { return nil }
        if file.text(head).hasPrefix("$") {
            // `$0` of a closure: the view the closure's call is made on (`label.snp.makeConstraints`).
            guard let brace = file.enclosingBrace(of: head), brace > 0 else { return nil }
            if let owner = initializedProperty(around: head, in: file) { return owner }
            let base = file.chainStart(endingAt: brace - 1)
            var end = base
            while file.isKind(end + 1, .period) || file.isPostfixUnwrap(end + 1) {
                if file.isPostfixUnwrap(end + 1) { end += 1; continue }
                guard file.isKind(end + 2, .identifier), !["snp", "then", "do", "with", "makeConstraints", "remakeConstraints"].contains(file.identifier(end + 2)) else { break }
                end += 2
            }
            return subjectKey(file, from: base, through: end, at: head)
        }
        // The names up to the property or method set: `cell.titleLabel` of `cell.titleLabel.font`.
        var end = head
        while true {
            var next = end + 1
            while file.isPostfixUnwrap(next) { next += 1 }
            guard file.isKind(next, .period), file.isKind(next + 1, .identifier) else { break }
            end = next + 1
        }
        guard end > head else { return subjectKey(file, from: head, through: head, at: t) }
        var last = end - 1
        while last > head && !file.isKind(last, .identifier) { last -= 1 }
        return subjectKey(file, from: head, through: last, at: t)
    }

    /// The token a finding's line and column point at, or nil when the file no longer has one there.
    static func tokenIndex(_ file: SwiftFile, _ finding: CodeFinding) -> Int? {
        guard finding.line >= 1, finding.line <= file.lineStarts.count else { return nil }
        var offset = Int(file.lineStarts[finding.line - 1])
        var remaining = finding.column - 1
        let count = file.bytes.count
        while remaining > 0 && offset < count {
            offset += 1
            while offset < count && file.bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        var low = 0
        var high = file.tokens.count
        while low < high {
            let middle = (low + high) / 2
            if Int(file.tokens[middle].start) < offset { low = middle + 1 } else { high = middle }
        }
        return low < file.tokens.count && Int(file.tokens[low].start) == offset ? low : nil
    }
}
