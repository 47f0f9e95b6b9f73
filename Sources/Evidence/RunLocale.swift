import DynamicType

/// The locale a UI-test file was taken in, written as the last part of its name, after the size:
/// `Checkout_ax5_de.png`, `Checkout_ax3_pt-BR.xml`, `Checkout_ax3_zh_Hans.png`. A name without
/// one was taken in the app's base locale.
///
/// Only a language code of `languages` right after a size counts, so a locale never reads as a
/// size (no code is a size's spelling) nor as part of a screen's name (`Checkout-de_ax5` is the
/// screen "Checkout de").
public enum RunLocale {
    /// ISO 639-1 codes of the languages iOS is localized into, and a few more apps ship. None is
    /// a size's spelling (`Size.spellings`): a test holds to that.
    public static let languages: Set<String> = [
        "ar", "bg", "bn", "ca", "cs", "cy", "da", "de", "el", "en", "es", "et", "eu", "fa", "fi", "fr", "ga", "gl", "gu", "he",
        "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "km", "kn", "ko", "lt", "lv", "mk", "ml", "mr", "ms", "nb",
        "nl", "nn", "no", "or", "pa", "pl", "pt", "ro", "ru", "sk", "sl", "sq", "sr", "sv", "sw", "ta", "te", "th", "tr", "uk",
        "ur", "uz", "vi", "zh",
    ]

    /// `code` as a locale dtaudit names files with (`de`, `pt-BR`, `zh-Hans`), or nil when it is
    /// none: a language of `languages`, then perhaps a script (`Hans`) and a region (`BR`, `419`),
    /// joined by `-` or `_`.
    public static func normalized(_ code: some StringProtocol) -> String? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, parts.count <= 3, languages.contains(first.lowercased()), first.count == 2 else { return nil }
        var result = first.lowercased()
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            result += "-" + script.prefix(1).uppercased() + script.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        if let region = rest.first {
            let letters = region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter }
            let digits = region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber }
            guard letters || digits else { return nil }
            result += "-" + region.uppercased()
            rest = rest.dropFirst()
        }
        return rest.isEmpty ? result : nil
    }

    /// The name without its locale part, and the locale; nil when the name carries none. A
    /// folder part of `name` is kept as it is.
    public static func split(_ name: String) -> (name: String, locale: String)? {
        let last = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
        let folder = name.dropLast(last.count)
        let stem = EvidenceNaming.stem(of: last)
        guard !stem.isEmpty, last.hasPrefix(stem) else { return nil }
        let suffix = last.dropFirst(stem.count)
        // The locale is one to three parts at the end, after a `_` or `-`; the longest that reads
        // as one, with a size ending right before it, wins.
        let separators = stem.indices.filter { stem[$0] == "_" || stem[$0] == "-" }
        for cut in separators.suffix(3) {
            let code = stem[stem.index(after: cut)...]
            guard let locale = normalized(code) else { continue }
            let rest = String(stem[..<cut])
            guard let reading = EvidenceNaming.interpretations(fileName: rest).first, reading.after.isEmpty, !reading.before.isEmpty else { continue }
            return (String(folder) + rest + suffix, locale)
        }
        return nil
    }

    /// The name a harness gives a file of `screen` at `size` in `locale`: `Checkout_ax5_de`.
    public static func fileStem(screen: String, size: Size, locale: String?) -> String {
        screen + "_" + size.id + (locale.map { "_" + $0 } ?? "")
    }

    /// The arguments that launch an app in `locale`: its language first (`-AppleLanguages (de)`,
    /// a property list array, as the defaults system reads it) and its region formats
    /// (`-AppleLocale de_DE`, with `_` as locale identifiers are written).
    public static func launchArguments(_ locale: String) -> [String] {
        ["-AppleLanguages", "(" + locale + ")", "-AppleLocale", String(locale.map { $0 == "-" ? "_" : $0 })]
    }
}
