/// Page sources for tests, written in the two shapes dtaudit reads: WebDriverAgent's (as Appium
/// returns it: every element with `type`, `visible`, `accessible` and `index`, open and close tags)
/// and the harness's (self-closing leaves, no `visible`, the primary action on the root).
public enum PageShape: String, CaseIterable, Sendable, CustomStringConvertible {
    case webDriverAgent, harness
    public var description: String { rawValue }
}

/// One element of a test screen.
public struct Node: Sendable {
    public var type: String
    public var name: String
    public var label: String
    public var frame: (x: Double, y: Double, width: Double, height: Double)?
    /// Written only in WebDriverAgent's shape.
    public var visible: Bool
    public var children: [Node]
    /// Attribute text written as it is, for hostile frames.
    public var rawFrame: String?

    public init(_ type: String, _ name: String = "", label: String? = nil, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                visible: Bool = true, _ children: [Node] = []) {
        self.type = type
        self.name = name
        self.label = label ?? name
        frame = (x, y, width, height)
        self.visible = visible
        self.children = children
    }

    public init(_ type: String, _ name: String = "", rawFrame: String, _ children: [Node] = []) {
        self.type = type
        self.name = name
        label = name
        frame = nil
        visible = true
        self.children = children
        self.rawFrame = rawFrame
    }

    public static func text(_ name: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, visible: Bool = true) -> Node {
        Node("StaticText", name, x, y, width, height, visible: visible)
    }

    public static func button(_ name: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ children: [Node] = []) -> Node {
        Node("Button", name, x, y, width, height, children)
    }
}

public enum PageSource {
    /// A screen: application and window of `width` x `height` points holding `content`.
    public static func screen(_ content: [Node], width: Double = 390, height: Double = 844, primaryAction: String? = nil,
                              shape: PageShape) -> String {
        let window = Node("Window", "", 0, 0, width, height, [Node("Other", "", 0, 0, width, height, content)])
        let application = Node("Application", "Shop", 0, 0, width, height, [window])
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let primary = shape == .harness ? primaryAction.map { " primary-action=\"\(escaped($0))\"" } ?? "" : ""
        lines.append("<AppiumAUT\(primary)>")
        write(application, depth: 1, index: 0, shape: shape, into: &lines)
        lines.append("</AppiumAUT>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ node: Node, depth: Int, index: Int, shape: PageShape, into lines: inout [String]) {
        let tag = "XCUIElementType" + node.type
        let indent = String(repeating: "  ", count: depth)
        var attributes = "type=\"\(tag)\""
        if !node.name.isEmpty || shape == .harness { attributes += " name=\"\(escaped(node.name))\"" }
        if !node.label.isEmpty || shape == .harness { attributes += " label=\"\(escaped(node.label))\"" }
        attributes += " enabled=\"true\""
        if shape == .webDriverAgent { attributes += " visible=\"\(node.visible)\" accessible=\"\(node.type == "StaticText")\"" }
        if let frame = node.frame {
            attributes += " x=\"\(number(frame.x))\" y=\"\(number(frame.y))\" width=\"\(number(frame.width))\" height=\"\(number(frame.height))\""
        } else if let raw = node.rawFrame {
            attributes += " " + raw
        }
        if shape == .webDriverAgent { attributes += " index=\"\(index)\"" }
        if node.children.isEmpty && shape == .harness {
            lines.append("\(indent)<\(tag) \(attributes)/>")
            return
        }
        lines.append("\(indent)<\(tag) \(attributes)>")
        for (position, child) in node.children.enumerated() {
            write(child, depth: depth + 1, index: position, shape: shape, into: &lines)
        }
        lines.append("\(indent)</\(tag)>")
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e9 ? String(Int(value)) : String(value)
    }

    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case _ where scalar.value < 0x20: result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
