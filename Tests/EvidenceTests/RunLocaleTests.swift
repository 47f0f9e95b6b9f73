@testable import DynamicType
import Evidence
import Testing

/// The locale a UI-test file carries after its size (`Checkout_ax5_de.png`), read so that it is
/// never taken for a size or for part of a screen's name.
@Suite struct RunLocaleTests {
    @Test(arguments: [
        ("Checkout_ax5_de.png", "Checkout_ax5.png", "de"),
        ("Checkout_ax5_de.xml", "Checkout_ax5.xml", "de"),
        ("Checkout_ax5_de", "Checkout_ax5", "de"),
        ("run/Sign-in_accessibility-3_ru@3x.png", "run/Sign-in_accessibility-3@3x.png", "ru"),
        ("Checkout_ax3_pt-BR.png", "Checkout_ax3.png", "pt-BR"),
        ("Checkout_ax3_zh_Hans.png", "Checkout_ax3.png", "zh-Hans"),
        ("Checkout_ax3_es-419.png", "Checkout_ax3.png", "es-419"),
        ("Checkout_large_de.png", "Checkout_large.png", "de"),
    ])
    func aLocaleAfterTheSizeIsTakenOffTheName(name: String, rest: String, locale: String) throws {
        let found = try #require(RunLocale.split(name))
        #expect(found.name == rest && found.locale == locale)
        let parts = try #require(EvidenceNaming.parse(fileName: found.name))
        #expect(parts.screenKeys.first == (name.contains("Sign") ? "signin" : "checkout"))
    }

    /// Before the size, a language code is part of the screen's name; a name without a size, or
    /// with a word after it that is no language, carries no locale.
    @Test(arguments: ["Checkout-de_ax5.png", "de_ax5.png", "Checkout_ax5.png", "Checkout_de.png", "Checkout_ax5_dark.png",
                      "Checkout_ax5_1.png", "Checkout_ax5_xx.png", "Checkout_ax5_de-Latn-DE-x.png", "Checkout_ax5de.png", "ax5_de.png"])
    func noLocaleWhereNoneFollowsASize(name: String) {
        #expect(RunLocale.split(name) == nil)
    }

    /// No language code is a size's spelling, and each one after a size leaves the size and the
    /// screen as they were without it.
    @Test func noLanguageCodeReadsAsASize() throws {
        let keys = Set(Size.spellings.map { String($0.key) })
        for code in RunLocale.languages.sorted() {
            #expect(!keys.contains(code), "\(code)")
            #expect(Size(name: code) == nil, "\(code)")
            for size in Size.allCases {
                let found = try #require(RunLocale.split("Checkout_\(size.id)_\(code).png"), "\(code) \(size.id)")
                #expect(found.locale == code)
                let parts = try #require(EvidenceNaming.parse(fileName: found.name))
                #expect(parts.size == size && parts.screenKeys.first == "checkout", "\(code) \(size.id)")
            }
        }
    }

    @Test func aHarnessNamesAndLaunchesALocaleAsAppleDocumentsIt() {
        #expect(RunLocale.fileStem(screen: "Checkout", size: .ax5, locale: "de") == "Checkout_ax5_de")
        #expect(RunLocale.fileStem(screen: "Checkout", size: .ax5, locale: nil) == "Checkout_ax5")
        #expect(RunLocale.launchArguments("pt-BR") == ["-AppleLanguages", "(pt-BR)", "-AppleLocale", "pt_BR"])
        #expect(RunLocale.normalized("DE") == "de" && RunLocale.normalized("zh_hant_tw") == "zh-Hant-TW")
        #expect(RunLocale.normalized("ax5") == nil && RunLocale.normalized("") == nil && RunLocale.normalized("de;rm") == nil)
    }
}
