extension RuleUnit {
    static let fixedFontSize = RuleUnit(
        id: "fixed-font-size", severity: .critical, item: "text-scales",
        title: "Font with a fixed point size",
        summary: "a font of a fixed point size: .system(size:), UIFont.systemFont(ofSize:), UIFont(name:size:), a helper around a fixed size, an Interface Builder font without a text style",
        explanation: "A font given a point size stays at that size whatever text size the reader chose, so the text never grows for the people who need it larger.",
        fix: "Use a text style (.font(.body), UIFont.preferredFont(forTextStyle:)), or scale the size: Font.custom(_:size:relativeTo:), UIFontMetrics(forTextStyle:).scaledFont(for:) or @ScaledMetric.",
        noun: ("fixed font size", "fixed font sizes"),
        mustTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").font(.system(size: 17)) } }"#),
            Example("func style() { label.font = UIFont.systemFont(ofSize: 14) }"),
            Example("extension UIFont { static func appFont(ofSize size: CGFloat) -> UIFont { .systemFont(ofSize: size) } }\nfunc style() { title.font = .appFont(ofSize: 20) }"),
            Example("View.xib", #"<document><objects><label numberOfLines="0" id="a"><fontDescription key="fontDescription" type="system" pointSize="17"/></label></objects></document>"#),
        ],
        mustNotTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").font(.body) } }"#),
            Example("func style() { label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 14)) }"),
            Example(#"struct V: View { @ScaledMetric var size: CGFloat = 17; var body: some View { Text("a").font(.system(size: size)) } }"#),
        ])
}
