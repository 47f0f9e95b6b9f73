import Output

/// One element of a hierarchy, as a UI test or WebDriverAgent recorded it.
public struct Element: Sendable {
    public var type: ElementType
    /// The identifier, else the label: WebDriverAgent's `name`, which the harness writes the same way.
    public var name: String
    public var label: String
    public var value: String
    /// In screen points; nil when the file gave none or one the judges cannot use (`frameProblem`).
    public var frame: Frame?
    /// Why a frame that was written is not used: `width is negative (-4)`.
    public var frameProblem: String?
    public var enabled: Bool
    /// WebDriverAgent's `visible`; nil when the file does not say (a UI test's snapshot never does).
    public var visible: Bool?
    /// The index of the element that holds it; -1 for the top.
    public var parent: Int
    public var depth: Int

    public init(type: ElementType, name: String = "", label: String = "", value: String = "", frame: Frame?,
                frameProblem: String? = nil, enabled: Bool = true, visible: Bool? = nil, parent: Int = -1, depth: Int = 0) {
        self.type = type
        self.name = name
        self.label = label
        self.value = value
        self.frame = frame
        self.frameProblem = frameProblem
        self.enabled = enabled
        self.visible = visible
        self.parent = parent
        self.depth = depth
    }

    /// How reasons name the element: `StaticText "Total"`, or the type alone when it has no name.
    public var shownName: String {
        let text = name.isEmpty ? label : name
        // A type is read from the file too: a hostile one may hold a line break.
        let type = Element.shown(type.name)
        return text.isEmpty ? type : "\(type) \"\(Element.shown(text))\""
    }

    /// A name as reasons show it: control and formatting characters as `U+...`, at most 60 characters.
    public static func shown(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 60 { return result + "..." }
            if scalar.isUnsafeToShow || scalar == "\"" {
                result += scalar.codePoint
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }
}

/// A screen's element hierarchy at one text size: every element in document order (a parent
/// before its children), the window and the primary action the harness named.
public struct Hierarchy: Sendable {
    public let elements: [Element]
    /// The frame of the first window that is not hidden, else the application's; nil without one.
    public let window: Frame?
    /// The identifier or label of the screen's primary action, where the harness names it.
    public let primaryAction: String?
    /// Per element: hidden (`visible="false"` while on screen, but for a leaf inside an element not
    /// marked so; or inside a hidden element).
    public let hidden: [Bool]
    /// Per element: the nearest scroll, table, collection or web view holding it, or -1.
    public let scrollContainer: [Int]
    /// Per element: inside a navigation bar, tab bar or toolbar.
    public let inBar: [Bool]
    /// Per element: inside the status bar or the keyboard, which belong to the system.
    public let inSystemUI: [Bool]
    /// Elements whose frame was written but unusable, with the reason of the first.
    public let unusableFrames: (count: Int, first: String?)

    public init(elements: [Element], primaryAction: String? = nil) {
        self.elements = elements
        self.primaryAction = primaryAction.flatMap { $0.isEmpty ? nil : $0 }
        let firstWindow = elements.first { $0.type.role == .window && $0.visible != false && $0.frame.map { $0.area > 0 } == true }
        let application = elements.first { $0.type.role == .application && $0.frame.map { $0.area > 0 } == true }
        let window = firstWindow?.frame ?? application?.frame
        self.window = window
        var hidden = [Bool](repeating: false, count: elements.count)
        var scroll = [Int](repeating: -1, count: elements.count)
        var inBar = [Bool](repeating: false, count: elements.count)
        var system = [Bool](repeating: false, count: elements.count)
        var unusable = 0
        var firstProblem: String?
        var hasChild = [Bool](repeating: false, count: elements.count)
        for index in elements.indices where elements[index].parent >= 0 {
            hasChild[elements[index].parent] = true
        }
        // Fields are read in place: copying each element would retain and release its strings.
        for index in elements.indices {
            let parent = elements[index].parent
            if parent >= 0 {
                let parentRole = elements[parent].type.role
                hidden[index] = hidden[parent]
                scroll[index] = parentRole == .scrollContainer ? parent : scroll[parent]
                inBar[index] = inBar[parent] || parentRole == .bar
                system[index] = system[parent] || parentRole == .system
            }
            if elements[index].type.role == .system { system[index] = true }
            // WebDriverAgent's `visible` is a hit test at the element's midpoint: an icon or chevron
            // inside a cell is `false` because the touch lands on the cell holding it. So a leaf
            // marked false inside an element not marked false is shown; an element holding others,
            // or held by one marked false too, is hidden (something covers it); and nothing off
            // screen, merely scrolled away, is hidden.
            if elements[index].visible == false {
                let offScreen = elements[index].frame.flatMap { frame in window.map { frame.intersection($0) == nil } } ?? false
                let missedLeaf = !hasChild[index] && parent >= 0 && elements[parent].visible != false
                if !offScreen && !missedLeaf { hidden[index] = true }
            }
            if elements[index].frameProblem != nil {
                unusable += 1
                if firstProblem == nil { firstProblem = "\(elements[index].shownName): \(elements[index].frameProblem!)" }
            }
        }
        self.hidden = hidden
        scrollContainer = scroll
        self.inBar = inBar
        inSystemUI = system
        unusableFrames = (unusable, firstProblem)
    }

    /// Whether `ancestor` holds `element`, directly or further up.
    public func isAncestor(_ ancestor: Int, of element: Int) -> Bool {
        var current = elements[element].parent
        while current >= 0 {
            if current == ancestor { return true }
            current = elements[current].parent
        }
        return false
    }

    /// Per element, the index just past its last descendant: elements are in document order, so
    /// `a` holds `b` exactly when `a < b < ends[a]`, told without walking up (a hostile file may
    /// nest thousands deep).
    public func subtreeEnds() -> [Int] {
        var ends = elements.indices.map { $0 + 1 }
        for index in elements.indices.reversed() where elements[index].parent >= 0 {
            let parent = elements[index].parent
            ends[parent] = max(ends[parent], ends[index])
        }
        return ends
    }

    /// Elements a judge may look at: not hidden, not the system's, with a usable frame.
    public func judged(where include: (Element) -> Bool) -> [Int] {
        elements.indices.filter { !hidden[$0] && !inSystemUI[$0] && elements[$0].frame != nil && include(elements[$0]) }
    }
}
