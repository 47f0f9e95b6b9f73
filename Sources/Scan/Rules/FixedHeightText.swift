extension RuleUnit {
    static let fixedHeightText = RuleUnit(
        id: "fixed-height-text", severity: .major, item: "no-truncation",
        title: "Fixed height on a view that holds text",
        summary: "a fixed height on a view that holds text: a label, a field, a titled button, a stack holding a label, a ButtonStyle's label",
        explanation: "A view with a fixed height cannot grow with its text, so large text is clipped or runs into the views around it.",
        fix: "Use a minimum height instead (.frame(minHeight:), greaterThanOrEqualToConstant:) or scale the height with @ScaledMetric.",
        noun: ("fixed height on text", "fixed heights on text"),
        mustTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").frame(height: 44) } }"#),
            Example("func layout(_ label: UILabel) { label.heightAnchor.constraint(equalToConstant: 20).isActive = true }"),
            Example("struct S: ButtonStyle { func makeBody(configuration: Configuration) -> some View { configuration.label.frame(height: 44) } }"),
        ],
        mustNotTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").frame(minHeight: 44) } }"#),
            Example(#"func layout(_ chevronButton: UIButton) { chevronButton.setImage(UIImage(named: "chevron"), for: .normal); chevronButton.heightAnchor.constraint(equalToConstant: 44).isActive = true }"#),
        ])
}
