extension RuleUnit {
    static let clampedTypeSize = RuleUnit(
        id: "clamped-type-size", severity: .major, item: "text-scales",
        title: "Text size capped below the largest size",
        summary: "a text size capped below AX5: .dynamicTypeSize, maximumContentSizeCategory, a helper's default cap",
        explanation: "Capping the text size keeps the text from reaching the sizes readers with low vision rely on.",
        fix: "Remove the cap, or keep it only on a control that shows the Large Content Viewer instead.",
        noun: ("capped text size", "capped text sizes"),
        mustTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").dynamicTypeSize(...DynamicTypeSize.xxLarge) } }"#),
            Example("func style(_ view: UIView) { view.maximumContentSizeCategory = .extraExtraLarge }"),
            Example("extension UIFont { static func app(maxSizeCategory: UIContentSizeCategory = .extraLarge) -> UIFont { .preferredFont(forTextStyle: .body) } }"),
        ],
        mustNotTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").dynamicTypeSize(...DynamicTypeSize.accessibility5) } }"#),
            Example("func style(_ view: UIView) { view.maximumContentSizeCategory = .unspecified }"),
        ])
}
