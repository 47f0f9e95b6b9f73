/// An element's type, as XCUIAutomation names it without the `XCUIElementType` prefix
/// (`StaticText`, `Button`, `Cell`), and the part it plays for the judges.
public struct ElementType: Sendable, Hashable, CustomStringConvertible {
    public enum Role: Sendable, Hashable {
        /// Shows text: a label, a text view or field.
        case text
        /// Something a person operates: a button, a switch, a slider, a field.
        case control
        case image
        case cell
        /// Holds content that may be scrolled into view: scroll, table, collection and web views.
        case scrollContainer
        /// A navigation bar, tab bar or toolbar: bars that keep their size by design.
        case bar
        /// The status bar and the keyboard: the system's, not the app's.
        case system
        case application
        case window
        /// Anything else: groups and other containers.
        case other
    }

    public let name: String
    public let role: Role

    public init(name: String) {
        self.name = name
        role = ElementType.roles[name] ?? .other
    }

    public static let prefix = "XCUIElementType"

    /// The type a page source spells `XCUIElementTypeStaticText` (the prefix is optional).
    public init(spelled text: String) {
        self.init(name: text.hasPrefix(ElementType.prefix) ? String(text.dropFirst(ElementType.prefix.count)) : text)
    }

    public var description: String { name }

    /// Text fields count as text; they are also controls.
    public var isTextOrControl: Bool { role == .text || role == .control }

    /// Text that a person reads: labels and text views; fields show text too.
    public var isText: Bool { role == .text }

    private static let roles: [String: Role] = {
        var table: [String: Role] = [:]
        for name in ["StaticText", "TextView", "TextField", "SecureTextField", "SearchField"] { table[name] = .text }
        for name in ["Button", "Link", "Switch", "Toggle", "Slider", "Stepper", "SegmentedControl", "PopUpButton",
                     "MenuButton", "RadioButton", "CheckBox", "PickerWheel", "Picker", "DatePicker", "ColorWell",
                     "DisclosureTriangle", "ComboBox", "PageIndicator", "Tab", "MenuItem", "IncrementArrow",
                     "DecrementArrow"] { table[name] = .control }
        for name in ["Image", "Icon"] { table[name] = .image }
        table["Cell"] = .cell
        for name in ["ScrollView", "Table", "CollectionView", "WebView"] { table[name] = .scrollContainer }
        for name in ["NavigationBar", "TabBar", "Toolbar"] { table[name] = .bar }
        for name in ["StatusBar", "Keyboard"] { table[name] = .system }
        table["Application"] = .application
        table["Window"] = .window
        return table
    }()
}
