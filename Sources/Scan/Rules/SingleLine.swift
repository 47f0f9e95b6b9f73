extension RuleUnit {
    static let singleLine = RuleUnit(
        id: "single-line", severity: .major, item: "no-truncation",
        title: "Text held to a single line",
        summary: ".lineLimit(1), numberOfLines = 1, an Interface Builder label with no Lines setting",
        explanation: "At large text sizes a single line cannot hold the text, so it is cut off with an ellipsis and the end of it is lost.",
        fix: "Allow as many lines as the text needs (remove lineLimit(1), numberOfLines = 0), or limit lines only below the accessibility sizes.",
        noun: ("single-line limit", "single-line limits"),
        mustTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").lineLimit(1) } }"#),
            Example("func style(_ label: UILabel) { label.numberOfLines = 1 }"),
            Example("View.xib", #"<document><objects><label text="Name" id="a"/></objects></document>"#),
        ],
        mustNotTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").lineLimit(3) } }"#),
            Example("View.xib", #"<document><objects><label text="Name" numberOfLines="0" id="a"/></objects></document>"#),
        ],
        swift: [
            .modifier("lineLimit") { $0.checkLineLimit($1) },
            .property("numberOfLines") { $0.checkNumberOfLines($1) },
        ],
        interfaceBuilder: [
            .element("label") { $0.checkLines($1, $2) },
        ])
}

extension ScanRule {
    public static let singleLine = ScanRule(.singleLine)
}

/// Text held to one line: SwiftUI's `lineLimit(1)`, UIKit's `numberOfLines = 1`.
extension SwiftAnalyzer {
    func checkLineLimit(_ i: Int) {
        guard let base = modifiedView(i) else { return }
        let arguments = file.arguments(i + 1)
        guard let limit = arguments.first, !limit.hasLabel, file.literalNumber(limit.start, limit.end) == 1 else { return }
        let content = content(ofBase: base)
        if content == .symbol || content == .noText { return }
        if isAdaptive(i) { return }
        report(.singleLine, at: i, .high,
               ".lineLimit(1) keeps this text on one line, so at large sizes it is cut off with an ellipsis. Remove the limit, or apply it only below the accessibility sizes.")
    }

    func checkNumberOfLines(_ i: Int) {
        guard let value = assignmentValue(i), value.end == value.start + 1, file.number(value.start) == 1,
              let (_, receiver) = assignment(i, value: value) else { return }
        let (kind, certain) = receiverClass(receiver, property: "numberOfLines", at: i)
        var confidence: Finding.Confidence
        switch kind {
        case .label?: confidence = certain ? .high : .medium
        case nil: confidence = .low
        default: return
        }
        if confidence != .low && !certain && index.ownProperties.contains("numberOfLines") { confidence = .low }
        if confidence == .low && index.ownProperties.contains("numberOfLines") && kind == nil { return }
        if isAdaptive(i) { return }
        let who = describe(receiver, as: "label")
        report(.singleLine, at: i, confidence,
               "numberOfLines = 1 keeps \(who) on one line, so at large sizes its text is cut off. Set numberOfLines = 0 so it wraps.")
    }
}

/// Labels held to one line in Interface Builder.
extension InterfaceBuilderAnalyzer {
    /// A label with no Lines setting (Interface Builder leaves out the default of one) or with one.
    func checkLines(_ position: Int, _ element: MarkupElement) {
        if element.value("numberOfLines") == nil, !codeSetsLines(position) {
            // Interface Builder leaves out the default: a label with no Lines is held to one.
            report(.singleLine, offset: element.offset, element.value("id").flatMap { outlets[$0] } == nil ? .high : .medium,
                   "\(capitalized(describe(element))) has no Lines setting, so it keeps the default of one line and at large sizes its text is cut off. Set Lines to 0 so it wraps.")
        }
        if element.value("numberOfLines") == "1" {
            let offset = element.attribute("numberOfLines")?.offset ?? element.offset
            report(.singleLine, offset: offset, confidence(position),
                   "\(capitalized(describe(element))) is limited to one line, so at large sizes its text is cut off. Set Lines to 0 so it wraps.")
        }
    }

    /// The code of the element's class, or of the class that owns its outlet, sets its number of lines.
    func codeSetsLines(_ element: Int) -> Bool {
        let value = document.elements[element]
        if let custom = value.value("customClass"), index.linesMembers[custom]?.contains("self") == true { return true }
        guard let id = value.value("id"), let outlet = outlets[id], let owner = outlet.owner else { return false }
        return index.linesMembers[owner]?.contains(outlet.property) == true
    }
}
