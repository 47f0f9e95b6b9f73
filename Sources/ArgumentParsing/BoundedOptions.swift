/// Whole-number options with the range they may take, checked as the command line is read, so
/// that no value a command was not written for (a count near `Int.max`, a negative delay) reaches it.
private func bounded(_ range: ClosedRange<Int>) -> (String, String) throws -> Int {
    { raw, spelling in
        guard let value = Int(raw), range.contains(value) else {
            throw UsageError.invalidValue(spelling: spelling, message: "'\(raw)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}

extension Option where Value == Int {
    /// A whole number in `range`, with a default value.
    public convenience init(wrappedValue: Int, name: Name? = nil, help: String, valueName: String? = nil, range: ClosedRange<Int>) {
        precondition(range.contains(wrappedValue), "the default lies in the range")
        self.init(storage: Box(definition: Definition(kind: .option, explicitName: name, help: help, valueName: valueName,
                                                      isRequired: false, isRepeating: false, defaultDescription: String(wrappedValue),
                                                      allowedValues: [], completion: Int.defaultCompletionKind),
                               initial: wrappedValue, convert: bounded(range)))
    }
}

extension Option where Value == Int? {
    /// An optional whole number in `range`.
    public convenience init(name: Name? = nil, help: String, valueName: String? = nil, range: ClosedRange<Int>) {
        let convert = bounded(range)
        self.init(storage: Box(definition: Definition(kind: .option, explicitName: name, help: help, valueName: valueName,
                                                      isRequired: false, isRepeating: false, allowedValues: [],
                                                      completion: Int.defaultCompletionKind),
                               initial: .some(nil), convert: { Optional(try convert($0, $1)) }))
    }
}
