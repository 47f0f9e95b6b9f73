/// The index from body braces to declarations that `Declarations` keeps.

/// The declarations whose bodies open at given brace tokens: brace index to declaration index, the
/// last declaration set for a brace winning. Kept as two sorted arrays and searched by halves, which
/// is cheaper than hashing for the few hundred braces of a file.
struct BraceIndex: Sendable {
    private var braces: [Int32] = []
    private var indices: [Int32] = []

    init() {}

    /// Entry `k` maps `keys[k]` to `k`; negative keys (no body) are left out, and of several equal
    /// keys the last one wins.
    init(_ keys: [Int]) {
        braces.reserveCapacity(keys.count)
        indices.reserveCapacity(keys.count)
        var sorted = true
        var previous = Int.min
        for (index, key) in keys.enumerated() where key >= 0 {
            if key <= previous { sorted = false }
            previous = key
            braces.append(Int32(truncatingIfNeeded: key))
            indices.append(Int32(index))
        }
        guard !sorted else { return }
        // Stable by brace, so that of several entries for a brace the last one stays last.
        let order = braces.indices.sorted { braces[$0] != braces[$1] ? braces[$0] < braces[$1] : $0 < $1 }
        var newBraces: [Int32] = []
        var newIndices: [Int32] = []
        for k in order {
            if let last = newBraces.last, last == braces[k] {
                newIndices[newIndices.count - 1] = indices[k]
            } else {
                newBraces.append(braces[k])
                newIndices.append(indices[k])
            }
        }
        braces = newBraces
        indices = newIndices
    }

    subscript(brace: Int) -> Int? {
        var low = 0
        var high = braces.count
        let target = Int32(truncatingIfNeeded: brace)
        guard brace == Int(target) else { return nil }
        while low < high {
            let middle = (low + high) / 2
            if braces[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < braces.count && braces[low] == target ? Int(indices[low]) : nil
    }
}
