import Hierarchies

/// How an element is known across sizes and runs: its type and identifier, else its label, else
/// its place in the tree (the child positions from the top); the n-th of several elements with
/// the same type and name is matched to the n-th.
struct ElementKey: Hashable {
    var type: String
    /// `#identifier-or-label`, or `@0.2.1` for a place.
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
        for (index, element) in elements.enumerated() where element.parent >= 0 {
            position[index] = children[element.parent].count
            children[element.parent].append(index)
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
        for (index, element) in elements.enumerated() {
            let text: String
            if !element.name.isEmpty {
                text = "#" + element.name
            } else if !element.label.isEmpty {
                text = "#" + element.label
            } else {
                text = "@" + place(index)
            }
            var key = ElementKey(type: element.type.name, text: text, occurrence: 0)
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            key.occurrence = occurrence
            keys.append(key)
            lookup[key] = index
        }
        self.keys = keys
        self.lookup = lookup
        self.children = children
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
