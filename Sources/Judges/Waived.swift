import DynamicType
import Hierarchies

/// An element a person waived for one item: the judges of that item leave it out, matched as
/// they match elements across sizes (its identifier, else its label; its type when given).
public struct WaivedElement: Sendable, Equatable {
    public var item: String
    public var name: String
    /// `Button` or `XCUIElementTypeButton`; nil matches any type.
    public var type: String?

    public init(item: String, name: String, type: String?) {
        self.item = item
        self.name = name
        self.type = type.map { $0.hasPrefix("XCUIElementType") ? String($0.dropFirst("XCUIElementType".count)) : $0 }
    }

    public func matches(_ element: Element) -> Bool {
        if let type, type != element.type.name { return false }
        return element.name.isEmpty ? element.label == name : element.name == name
    }
}

extension ScreenRun {
    /// The run with the waived elements left out: they keep their place in the tree (so the rest
    /// match across sizes as before) and lose their frame, which every judge passes over.
    func leavingOut(_ waived: [WaivedElement]) -> (run: ScreenRun, count: Int) {
        var left = Set<String>()
        var copy = self
        for (size, hierarchy) in hierarchies {
            guard hierarchy.elements.contains(where: { element in waived.contains { $0.matches(element) } }) else { continue }
            var elements = hierarchy.elements
            for index in elements.indices where elements[index].frame != nil && waived.contains(where: { $0.matches(elements[index]) }) {
                elements[index].frame = nil
                left.insert(elements[index].shownName)
            }
            copy.hierarchies[size] = Hierarchy(elements: elements, primaryAction: hierarchy.primaryAction)
        }
        return (copy, left.count)
    }
}
