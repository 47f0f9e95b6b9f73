import Foundation

/// Whether the text read back from a label's pixels is the label: compared as the sequence of its
/// letters and digits, of any script, case-folded. Spaces, punctuation and symbols do not count (a
/// reader drops or invents them: `$`, `&`, `₽`), so neither do line breaks: a label that wraps
/// reads back the same as one that does not.
public enum TextMatch {
    /// The label's letters and digits as they are compared: compatibility-composed (`ﬁ` is `fi`),
    /// lower-cased, and with the letters Cyrillic and Latin share in shape made one. That is the
    /// one confusion allowed: read with `rus+eng`, "Pay" comes back as the Cyrillic "Рау", and no
    /// picture can tell the two apart.
    public static func letters(_ text: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                result.append(lookalikes[scalar] ?? scalar)
            case .nonspacingMark, .spacingMark, .enclosingMark:
                // Marks belong to the letter before them: `й` written as `и` and a breve.
                if !result.isEmpty { result.append(scalar) }
            default:
                continue
            }
        }
        return result
    }

    /// Cyrillic letters drawn like Latin ones, in lower case.
    static let lookalikes: [Unicode.Scalar: Unicode.Scalar] = [
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
    ]

    /// Whether `read` holds every letter and digit of `label`, in order, with at most a few more:
    /// one, or one in eight of the label's letters. Truncation takes letters away and never adds
    /// any; a reader may add one (a symbol read as a letter: `₽` as `P`).
    public static func readsWhole(_ read: String, label: String) -> Bool {
        let wanted = letters(label), found = letters(read)
        guard found.count >= wanted.count, found.count - wanted.count <= max(1, wanted.count / 8) else { return false }
        var next = found.startIndex
        for scalar in wanted {
            guard let place = found[next...].firstIndex(of: scalar) else { return false }
            next = place + 1
        }
        return true
    }

    /// Whether `read` shows an ellipsis (`…`, or three dots a reader made of one) that `label`
    /// does not have: the mark UIKit and SwiftUI put where they cut text.
    public static func addsEllipsis(_ read: String, label: String) -> Bool {
        hasEllipsis(read) && !hasEllipsis(label)
    }

    static func hasEllipsis(_ text: String) -> Bool {
        text.contains("…") || text.contains("...") || text.contains("⋯")
    }

    /// The label's letters that the read text lacks, as the label spells them, for reasons: the
    /// longest run of the label missing from where the read text stops matching it.
    public static func missing(_ read: String, label: String) -> String {
        let wanted = letters(label), found = letters(read)
        var common = 0
        while common < min(wanted.count, found.count) && wanted[common] == found[common] { common += 1 }
        var tail = 0
        while tail < min(wanted.count, found.count) - common
                && wanted[wanted.count - 1 - tail] == found[found.count - 1 - tail] { tail += 1 }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: wanted[common..<(wanted.count - tail)])
        return String(text)
    }
}
