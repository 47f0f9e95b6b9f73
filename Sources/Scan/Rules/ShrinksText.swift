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
        ])
}
