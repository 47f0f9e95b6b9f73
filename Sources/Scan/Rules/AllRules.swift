extension RuleUnit {
    /// Every rule the scan runs, in the order the help and docs tables list them: the one list a new
    /// rule joins (see Docs/scan-rules.md).
    static let all: [RuleUnit] = [
        .fixedFontSize,
        .fixedSymbolSize,
        .shrinksText,
        .singleLine,
        .fixedHeightText,
        .clampedTypeSize,
        .noLiveUpdate,
    ]
}
