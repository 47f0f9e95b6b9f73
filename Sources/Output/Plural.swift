/// Counts in words, the same in every message: `1 record`, `3 records`, `2 fixes`, `1 copy`,
/// `2 copies`; and the verbs and pronouns that agree with a count (`1 file is`, `2 files are`).
///
/// English makes most plurals by rule (`fix` → `fixes`, `copy` → `copies`, `day` → `days`); the
/// words no rule covers are declared once, here. A noun phrase whose plural is not its last
/// word's (`piece of evidence`) is declared with the concept it names and passed whole.

/// The words whose plural no rule makes.
private let irregularPlurals: [String: String] = [
    "is": "are", "was": "were", "has": "have", "it": "them", "its": "their", "this": "these",
    "fails": "fail", "falls": "fall", "keeps": "keep", "lists": "list", "waits": "wait",
]

/// `word` as it reads with `count`: `plural("file", 3)` is `files`, `plural("is", 1)` is `is`.
/// In a phrase the last word takes the plural (`failed check` → `failed checks`), and a leading
/// `a` or `an` goes (`a frame` → `frames`). `many` is for a word whose plural depends on where it
/// stands: `it` is `them` as an object, `they` as a subject.
public func plural(_ word: String, _ count: Int, _ many: String? = nil) -> String {
    guard count != 1 else { return word }
    if let many { return many }
    var phrase = Substring(word)
    for article in ["a ", "an "] where phrase.hasPrefix(article) { phrase = phrase.dropFirst(article.count) }
    let lastStart = phrase.lastIndex(of: " ").map { phrase.index(after: $0) } ?? phrase.startIndex
    return String(phrase[..<lastStart]) + pluralOfWord(String(phrase[lastStart...]))
}

private func pluralOfWord(_ word: String) -> String {
    if let irregular = irregularPlurals[word] { return irregular }
    let lower = word.lowercased()
    if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
        return word.dropLast() + "ies"
    }
    if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return word + "es" }
    return word + "s"
}

/// `1 item`, `17 items`, `2 fixes`: a count and its noun, in the plural by `plural(_:_:)` unless
/// the noun's own `many` is given (`pieces of evidence`); `grouped` writes `12,345`.
public func counted(_ count: Int, _ noun: String, _ many: String? = nil, grouped: Bool = false) -> String {
    (grouped ? Output.grouped(count) : String(count)) + " " + plural(noun, count, many)
}

/// Thousands separators for counts in summaries: 12,345.
public func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, character) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return value < 0 ? "-" + result : result
}
