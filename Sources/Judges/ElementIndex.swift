import Hierarchies

/// How an element is known across sizes and runs: its type and identifier, else its label, else
/// its place in the tree (the child positions from the top); the n-th of several elements with
/// the same type and name is matched to the n-th.
struct ElementKey: Hashable {
    var type: String
    /// `#` before an identifier or label, `@` before a place, `~` before a cell's first label: kept
    /// apart from the text so that keys are made without building a string per element.
    var mark: UInt8
    /// The identifier or label, or `0.2.1` for a place.
    var text: String
    var occurrence: Int
}

/// A hierarchy with every element's key, the reverse lookup and every element's children.
final class ElementIndex {
    let hierarchy: Hierarchy
    let keys: [ElementKey]
    let lookup: [ElementKey: Int]
    let children: [[Int]]

    init(_ hierarchy: Hierarchy) {
        self.hierarchy = hierarchy
        let elements = hierarchy.elements
        var children = [[Int]](repeating: [], count: elements.count)
        var position = [Int](repeating: 0, count: elements.count)
        for index in elements.indices where elements[index].parent >= 0 {
            let parent = elements[index].parent
            position[index] = children[parent].count
            children[parent].append(index)
        }
        var places = [String?](repeating: nil, count: elements.count)
        // A place is worked out only for elements without a name, and for their parents.
        func place(_ index: Int) -> String {
            if let known = places[index] { return known }
            let parent = elements[index].parent
            let made = parent >= 0 ? place(parent) + "." + String(position[index]) : String(index)
            places[index] = made
            return made
        }
        var keys: [ElementKey] = []
        keys.reserveCapacity(elements.count)
        var seen: [ElementKey: Int] = [:]
        var lookup: [ElementKey: Int] = [:]
        lookup.reserveCapacity(elements.count)
        for index in elements.indices {
            var key: ElementKey
            if !elements[index].name.isEmpty {
                key = ElementKey(type: elements[index].type.name, mark: UInt8(ascii: "#"), text: elements[index].name, occurrence: 0)
            } else if !elements[index].label.isEmpty {
                key = ElementKey(type: elements[index].type.name, mark: UInt8(ascii: "#"), text: elements[index].label, occurrence: 0)
            } else {
                key = ElementKey(type: elements[index].type.name, mark: UInt8(ascii: "@"), text: place(index), occurrence: 0)
            }
            // Counted in one lookup of `seen` rather than a read and a write.
            key.occurrence = Self.countOne(&seen[key, default: 0])
            keys.append(key)
            lookup[key] = index
        }
        self.keys = keys
        self.lookup = lookup
        self.children = children
    }

    /// The count so far, then one more.
    private static func countOne(_ count: inout Int) -> Int {
        defer { count += 1 }
        return count
    }

    /// Every element under `index`, depth first.
    func descendants(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = children[index].reversed() as [Int]
        while let next = stack.popLast() {
            result.append(next)
            stack += children[next].reversed()
        }
        return result
    }

    func frame(_ index: Int) -> Frame? { hierarchy.elements[index].frame }

    func element(_ index: Int) -> Element { hierarchy.elements[index] }
}
