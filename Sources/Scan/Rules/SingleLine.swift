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
        ])
}
