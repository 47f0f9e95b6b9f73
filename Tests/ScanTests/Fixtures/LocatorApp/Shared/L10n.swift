import Foundation

// The app's strings as constants, in the shape SwiftGen writes them.
enum L10n {
    enum Onboarding {
        /// Get started
        static let start = L10n.tr("Localizable", "onboarding.start", fallback: "Get started")
        /// Skip for now
        static let skip = L10n.tr("Localizable", "onboarding.skip", fallback: "Skip for now")
        /// Step %d of %d
        static func step(_ p1: Int, _ p2: Int) -> String {
            L10n.tr("Localizable", "onboarding.step", p1, p2, fallback: "Step %d of %d")
        }
    }

    private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: value, table: table)
        return String(format: format, locale: Locale.current, arguments: args)
    }
}
