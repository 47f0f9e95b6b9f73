extension RuleUnit {
    static let shrinksText = RuleUnit(
        id: "shrinks-text", severity: .major, item: "no-shrink",
        title: "Text shrunk to fit its space",
        summary: ".minimumScaleFactor, adjustsFontSizeToFitWidth, Interface Builder autoshrink and text fields that adjust to fit",
        explanation: "Shrinking text to fit its space undoes the larger size the reader asked for, often making it smaller than the text around it.",
        fix: "Remove the shrinking; let the text wrap (lineLimit(nil), numberOfLines = 0) and let the layout grow or scroll.",
        noun: ("text shrunk to fit", "texts shrunk to fit"),
        mustTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").minimumScaleFactor(0.5) } }"#),
            Example("func style(_ label: UILabel) { label.adjustsFontSizeToFitWidth = true }"),
            Example("View.xib", #"<document><objects><textField id="f" minimumFontSize="17"/></objects></document>"#),
        ],
        mustNotTrigger: [
            Example(#"struct V: View { var body: some View { Image(systemName: "a").minimumScaleFactor(0.5) } }"#),
            Example("View.xib", #"<document><objects><textField id="f" adjustsFontSizeToFit="NO" minimumFontSize="17"/></objects></document>"#),
        ],
        swift: [
            .modifier("minimumScaleFactor") { $0.checkMinimumScaleFactor($1) },
            .property("adjustsFontSizeToFitWidth") { $0.checkAdjustsFontSizeToFitWidth($1) },
        ],
        interfaceBuilder: [
            .element("label", "textField") { $0.checkShrinking($1, $2) },
        ])
}

extension ScanRule {
    public static let shrinksText = ScanRule(.shrinksText)
}

/// Text shrunk to fit: SwiftUI's `minimumScaleFactor`, UIKit's `adjustsFontSizeToFitWidth`.
extension SwiftAnalyzer {
    func checkMinimumScaleFactor(_ i: Int) {
        guard let base = modifiedView(i) else { return }
        let arguments = file.arguments(i + 1)
        guard arguments.count == 1, let factor = arguments.first else { return }
        if let value = file.literalNumber(factor.start, factor.end), value >= 1 { return }
        if content(ofBase: base) == .symbol || content(ofBase: base) == .noText { return }
        if isAdaptive(i) { return }
        let literal = file.literalNumber(factor.start, factor.end) != nil
        report(.shrinksText, at: i, literal ? .high : .medium,
               ".minimumScaleFactor(\(code(factor.start, factor.end))) shrinks this text back down when it does not fit, undoing the size the reader chose. Let it wrap (.lineLimit(nil)) and let the layout grow or scroll instead.")
    }

    func checkAdjustsFontSizeToFitWidth(_ i: Int) {
        guard let value = assignmentValue(i), isTrue(value), let (_, receiver) = assignment(i, value: value) else { return }
        let (kind, certain) = receiverClass(receiver, property: "adjustsFontSizeToFitWidth", at: i)
        let confidence: Finding.Confidence
        switch kind {
        case .label?, .textField?, .button?: confidence = certain ? .high : .medium
        case nil: confidence = .medium
        default: return
        }
        if isAdaptive(i) { return }
        let who = describe(receiver, as: kind?.noun ?? "view")
        report(.shrinksText, at: i, confidence,
               "adjustsFontSizeToFitWidth = true shrinks the text of \(who) when it does not fit, undoing the size the reader chose. Let it wrap (numberOfLines = 0) and let the layout grow instead.")
    }
}

/// Autoshrink and "Adjust to Fit" in Interface Builder.
extension InterfaceBuilderAnalyzer {
    /// Autoshrink on a label, "Adjust to Fit" on a text field (on unless the file turns it off).
    func checkShrinking(_ position: Int, _ element: MarkupElement) {
        // A text field adjusts to fit unless told not to; a label of older files shrinks when it
        // has a minimum font size and no `adjustsFontSizeToFit="NO"`.
        // Interface Builder leaves out "Autoshrink" when it is on: a label with a minimum font scale
        // or size and no `adjustsFontSizeToFit="NO"` shrinks.
        let fit = element.value("adjustsFontSizeToFit")
        let shrinks = fit == "YES" || (fit == nil && element.name == "textField")
            || (fit == nil && element.name == "label"
                && (element.value("minimumFontSize") != nil || element.value("minimumScaleFactor").flatMap(Double.init).map { $0 < 1 } == true))
        guard shrinks else { return }
        if element.name == "textField" {
            // A field that can shrink no further than its font's size, or that shows nothing, does not shrink.
            if let minimum = element.value("minimumFontSize").flatMap(Double.init), let size = fontSize(of: position),
               minimum >= size { return }
            if isHiddenAndEmpty(position) { return }
        }
        let offset = element.attribute("adjustsFontSizeToFit")?.offset ?? element.attribute("minimumFontSize")?.offset
            ?? element.offset
        let minimum = element.value("minimumScaleFactor").map { " (down to \($0) of its size)" }
            ?? element.value("minimumFontSize").map { " (down to \($0) pt)" } ?? ""
        if element.name == "textField" {
            report(.shrinksText, offset: offset, confidence(position),
                   "\(capitalized(describe(element))) adjusts its text to fit\(minimum)\(fit == nil ? ", as text fields do unless told not to" : ""), undoing the size the reader chose. Turn off \"Adjust to Fit\" and let the field grow with its text.")
        } else {
            report(.shrinksText, offset: offset, confidence(position),
                   "Autoshrink on \(describe(element)) shrinks its text to fit\(minimum), undoing the size the reader chose. Turn Autoshrink off, set Lines to 0 and let the layout grow.")
        }
    }
}
