extension RuleUnit {
    static let noLiveUpdate = RuleUnit(
        id: "no-live-update", severity: .major, item: "live-update",
        title: "Text style font that does not follow size changes while the app runs",
        summary: "a text style font without adjustsFontForContentSizeCategory = true, in code or Interface Builder",
        explanation: "A font taken from a text style is sized once, when it is set; without adjustsFontForContentSizeCategory the view keeps that size until it is rebuilt when the reader changes the setting.",
        fix: "Set adjustsFontForContentSizeCategory = true on the label, field or text view (\"Automatically Adjusts Font\" in Interface Builder).",
        noun: ("font without live updates", "fonts without live updates"),
        mustTrigger: [
            Example("func make() -> UILabel { let label = UILabel(); label.font = .preferredFont(forTextStyle: .body); return label }"),
            Example("View.xib", #"<document><objects><label numberOfLines="0" id="a"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label></objects></document>"#),
        ],
        mustNotTrigger: [
            Example("func make() -> UILabel { let label = UILabel(); label.font = .preferredFont(forTextStyle: .body); label.adjustsFontForContentSizeCategory = true; return label }"),
        ])
}
