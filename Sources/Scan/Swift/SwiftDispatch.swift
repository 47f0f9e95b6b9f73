/// Which checks run at which token of a Swift file, made once from the rules' triggers and the good
/// signs': for each name the lexer resolves, the checks that name sets off, so that the analyzer
/// visits the file's landmarks once and looks each one up instead of asking every rule.
struct SwiftDispatch: Sendable {
    typealias Check = @Sendable (SwiftAnalyzer, Int) -> Void

    /// A check kept in a struct: an array of bare closures holds them in their most general form,
    /// and every call would go through a conversion thunk.
    struct Slot: Sendable {
        let check: Check
    }

    /// The checks of every name, grouped by name: those of name `n` (by raw value) are
    /// `checks[starts[n]..<starts[n + 1]]`, and those of the attribute `@n` follow all names',
    /// from `starts[attributes + n]`.
    private let starts: [Int32]
    private let attributes: Int
    private let checks: [Slot]
    /// Checks that run once every token has been visited, in the rules' order.
    let endOfFile: [Slot]

    static let shared = SwiftDispatch(RuleUnit.all.flatMap(\.swift) + GoodSign.swiftTriggers, names: .shared)

    /// The table of `triggers`, their names resolved by `names`. A name `names` does not know could
    /// never be reached: that is a mistake in a rule, caught here when the table is first made.
    init(_ triggers: [SwiftTrigger], names: NameTable) {
        let count = Name.allCases.count
        var byName = [[Slot]](repeating: [], count: count)
        var byAttribute = [[Slot]](repeating: [], count: count)
        var endOfFile: [Slot] = []
        for trigger in triggers {
            if trigger.form == .endOfFile {
                endOfFile.append(Slot(check: trigger.check))
                continue
            }
            for spelling in trigger.names {
                let name = names.name(spelling)
                precondition(name != .none, "the trigger name '\(spelling)' is not one the lexer resolves")
                if trigger.form == .attribute {
                    byAttribute[Int(name.rawValue)].append(Slot(check: trigger.check))
                } else {
                    byName[Int(name.rawValue)].append(Slot(check: trigger.check))
                }
            }
        }
        var checks: [Slot] = []
        var starts: [Int32] = []
        starts.reserveCapacity(2 * count + 1)
        for list in byName + byAttribute {
            starts.append(Int32(checks.count))
            checks += list
        }
        starts.append(Int32(checks.count))
        self.starts = starts
        attributes = count
        self.checks = checks
        self.endOfFile = endOfFile
    }

    /// Runs, at each of `landmarks` (indices into `tokens`), the checks its name sets off.
    func visit(_ landmarks: Stored<Int32>, of tokens: Stored<Token>, with analyzer: SwiftAnalyzer) {
        let attributes = attributes
        let tokens = tokens.buffer
        starts.withUnsafeBufferPointer { starts in
            checks.withUnsafeBufferPointer { checks in
                for landmark in landmarks.buffer {
                    let i = Int(landmark)
                    let token = tokens[i]
                    var n = Int(token.name.rawValue)
                    switch token.kind {
                    case .identifier: break
                    case .attribute: n += attributes
                    default: continue
                    }
                    var k = Int(starts[n])
                    let end = Int(starts[n + 1])
                    while k < end {
                        checks[k].check(analyzer, i)
                        k += 1
                    }
                }
            }
        }
    }

    /// How many checks a name (or the attribute of that name) sets off.
    func checkCount(_ name: Name, attribute: Bool = false) -> Int {
        let n = Int(name.rawValue) + (attribute ? attributes : 0)
        return Int(starts[n + 1] - starts[n])
    }
}

extension NameTable {
    /// The name `spelling` spells, or `.none`.
    func name(_ spelling: String) -> Name {
        let bytes = Array(spelling.utf8)
        return bytes.withUnsafeBufferPointer { lookup($0, 0, bytes.count) }
    }
}
