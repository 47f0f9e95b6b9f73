import Platform

/// The `tesseract` command, used the way git is: found on the PATH, run with arguments only, its
/// language data whatever is installed (Debian's `tesseract-ocr` and `tesseract-ocr-LANG`
/// packages, Homebrew's `tesseract` and `tesseract-lang`). Nothing is ever downloaded.
public struct Tesseract: Sendable {
    public let program: String
    /// The languages whose trained data is installed (`tesseract --list-langs`).
    public let installed: Set<String>

    public init(program: String, installed: Set<String>) {
        self.program = program
        self.installed = installed
    }

    /// What an import says, once, when there is no tesseract to read labels with.
    public static let missing = "no-truncation is left to people: install tesseract (apt-get install tesseract-ocr / brew install tesseract)"

    /// The `tesseract` on `path` (a PATH value) and its installed languages, or nil without one
    /// that answers `--list-langs`.
    public static func find(path: String? = System.environment("PATH")) -> Tesseract? {
        guard let program = Executable.onPath("tesseract", path: path),
              let listing = Subprocess.output(of: program, ["--list-langs"]) else { return nil }
        // A first line `List of available languages in "…" (4):`, then one language a line.
        let names = listing.split(whereSeparator: \.isNewline).dropFirst().map { $0.filter { !$0.isWhitespace } }
        return Tesseract(program: program, installed: Set(names.filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "_" } }))
    }

    /// tesseract's names of the languages `locale` (`de`, `ru-RU`, `zh-Hans`) is written in.
    static let byLocale: [String: String] = [
        "de": "deu", "ru": "rus", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld", "sv": "swe",
        "da": "dan", "nb": "nor", "no": "nor", "fi": "fin", "pl": "pol", "cs": "ces", "uk": "ukr", "tr": "tur",
        "el": "ell", "he": "heb", "ar": "ara", "ja": "jpn", "ko": "kor", "zh-hans": "chi_sim", "zh-hant": "chi_tra", "zh": "chi_sim",
    ]

    /// The languages to read a run's labels in, the first the one most of them are in: the run's
    /// locale where it says one, else what the labels' letters show (Cyrillic is read as Russian,
    /// Latin with `ä ö ü ß` as German), and always English, which reads the Latin words every
    /// interface has (`rus` alone reads "Apple" as Cyrillic).
    public static func languages(for labels: [String], locale: String? = nil) -> [String] {
        var wanted: [String] = []
        if let locale {
            let key = String(locale.lowercased().map { $0 == "_" ? "-" : $0 })
            let parts = key.split(separator: "-").map(String.init)
            if let found = byLocale[key] ?? (parts.count > 1 ? byLocale[parts[0] + "-" + parts[1]] : nil) ?? parts.first.flatMap({ byLocale[$0] }) {
                wanted.append(found)
            }
        }
        if wanted.isEmpty {
            var seen: [String: Int] = [:]
            for label in labels {
                for scalar in label.unicodeScalars {
                    if let language = language(of: scalar) { seen[language, default: 0] += 1 }
                }
            }
            wanted = seen.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        }
        return wanted.filter { $0 != "eng" } + ["eng"]
    }

    static func language(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0400...0x04FF: "rus"
        case 0x0370...0x03FF: "ell"
        case 0x0590...0x05FF: "heb"
        case 0x0600...0x06FF: "ara"
        case 0xAC00...0xD7AF, 0x1100...0x11FF: "kor"
        case 0x3040...0x30FF: "jpn"
        case 0x4E00...0x9FFF: "chi_sim"
        case 0xC4, 0xD6, 0xDC, 0xDF, 0xE4, 0xF6, 0xFC: "deu"
        default: nil
        }
    }

    /// `wanted` cut to what is installed, and what is not.
    public func usable(_ wanted: [String]) -> (languages: [String], missing: [String]) {
        (wanted.filter(installed.contains), wanted.filter { !installed.contains($0) })
    }

    /// How to install the data of `languages` on Debian and with Homebrew.
    public static func advice(installing languages: [String]) -> String {
        let packages = languages.map { "tesseract-ocr-" + String($0.map { $0 == "_" ? "-" : $0 }) }
        return "apt-get install \(packages.joined(separator: " ")) / brew install tesseract-lang"
    }
}
