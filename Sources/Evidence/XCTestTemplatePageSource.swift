extension XCTestTemplate {
    /// The element types the judges tell apart, as XCUIAutomation's `XCUIElement.ElementType`
    /// cases spell them; the harness writes any other type as `Other`.
    public static let elementTypes = [
        "application", "window", "other", "group", "alert", "sheet",
        "staticText", "textView", "textField", "secureTextField", "searchField",
        "button", "link", "switch", "toggle", "slider", "stepper", "segmentedControl", "popUpButton", "menuButton",
        "radioButton", "checkBox", "pickerWheel", "picker", "datePicker", "colorWell", "disclosureTriangle", "comboBox",
        "pageIndicator", "tab", "menuItem", "incrementArrow", "decrementArrow",
        "image", "icon", "cell", "scrollView", "table", "collectionView", "webView",
        "navigationBar", "tabBar", "toolbar", "statusBar", "keyboard",
    ]

    /// The harness's writer of page sources: the snapshot's tree as WebDriverAgent's XML, the
    /// shape dtaudit reads (Docs/judges.md, "The hierarchy files"). A snapshot has no `visible`
    /// attribute, so none is written; values are escaped with XML's entities and character
    /// references, so no label can break the file.
    /// How many Unicode scalars of a label or value the harness writes: escaped, each is at most
    /// 6 bytes (`&quot;`), so a cut text stays below the reader's 64 KB for one attribute.
    public static let clippedScalars = 10_000

    static var pageSourceWriter: [String] {
        var lines = [
            "",
            "/// A screen's element hierarchy as the page source WebDriverAgent returns: the XML dtaudit reads.",
            "enum PageSource {",
            "    @MainActor",
            "    static func xml(of root: any XCUIElementSnapshot, primaryAction: String?) -> Data {",
            "        var text = \"<?xml version=\\\"1.0\\\" encoding=\\\"UTF-8\\\"?>\\n<AppiumAUT\"",
            "        if let primaryAction { text += \" primary-action=\\\"\\(escaped(primaryAction))\\\"\" }",
            "        text += \">\\n\"",
            "        write(root, depth: 1, into: &text)",
            "        text += \"</AppiumAUT>\\n\"",
            "        return Data(text.utf8)",
            "    }",
            "",
            "    @MainActor",
            "    static func write(_ element: any XCUIElementSnapshot, depth: Int, into text: inout String) {",
            "        let tag = \"XCUIElementType\" + typeName(element.elementType)",
            "        let indent = String(repeating: \"  \", count: depth)",
            "        let name = clipped(element.identifier.isEmpty ? element.label : element.identifier)",
            "        let value = clipped(element.value.map { String(describing: $0) } ?? \"\")",
            "        let frame = element.frame",
            "        text += indent + \"<\\(tag) type=\\\"\\(tag)\\\" name=\\\"\\(escaped(name))\\\" label=\\\"\\(escaped(clipped(element.label)))\\\"\"",
            "        text += \" value=\\\"\\(escaped(value))\\\" enabled=\\\"\\(element.isEnabled)\\\"\"",
            "        text += \" x=\\\"\\(Double(frame.minX))\\\" y=\\\"\\(Double(frame.minY))\\\" width=\\\"\\(Double(frame.width))\\\" height=\\\"\\(Double(frame.height))\\\"\"",
            "        let children = element.children",
            "        if children.isEmpty {",
            "            text += \"/>\\n\"",
            "            return",
            "        }",
            "        text += \">\\n\"",
            "        for child in children { write(child, depth: depth + 1, into: &text) }",
            "        text += indent + \"</\\(tag)>\\n\"",
            "    }",
            "",
            "    /// dtaudit reads attribute values of up to 64 KB: a longer text (a text view's whole document) is cut to",
            "    /// its first \(clippedScalars) Unicode scalars, which stay below that even when every one is escaped.",
            "    static func clipped(_ text: String) -> String {",
            "        let scalars = text.unicodeScalars",
            "        guard scalars.count > \(clippedScalars) else { return text }",
            "        var kept = String.UnicodeScalarView()",
            "        kept.append(contentsOf: scalars.prefix(\(clippedScalars)))",
            "        return String(kept) + \"…\"",
            "    }",
            "",
            "    /// XML's five entities; line breaks and tabs as character references (&#10;), other control characters",
            "    /// (which XML does not allow) as spaces.",
            "    static func escaped(_ text: String) -> String {",
            "        var result = \"\"",
            "        for scalar in text.unicodeScalars {",
            "            switch scalar {",
            "            case \"&\": result += \"&amp;\"",
            "            case \"<\": result += \"&lt;\"",
            "            case \">\": result += \"&gt;\"",
            "            case \"\\\"\": result += \"&quot;\"",
            "            case \"'\": result += \"&apos;\"",
            "            case \"\\n\", \"\\r\", \"\\t\": result += \"&#\\(scalar.value);\"",
            "            case _ where scalar.value < 0x20: result += \" \"",
            "            default: result.unicodeScalars.append(scalar)",
            "            }",
            "        }",
            "        return result",
            "    }",
            "",
            "    static func typeName(_ type: XCUIElement.ElementType) -> String {",
            "        switch type {",
        ]
        for name in elementTypes {
            let spelled = name == "switch" ? "`switch`" : name
            lines.append("        case .\(spelled): \"\(name.prefix(1).uppercased() + name.dropFirst())\"")
        }
        lines += [
            "        default: \"Other\"",
            "        }",
            "    }",
            "}",
        ]
        return lines
    }
}
