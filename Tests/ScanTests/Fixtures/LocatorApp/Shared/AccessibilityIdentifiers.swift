import Foundation

/// Identifiers the UI tests find elements by.
enum A11y {
    enum Settings {
        static let title = "settings.title"
        static let subtitle = "settings.subtitle"
        static let notifications = "settings.notifications"
        static let sounds = "settings.sounds"
        static let privacy = "settings.privacy"
        static let version = "settings.version"
        static let signOut = "settings.signOut"
        static let badge = "settings.badge"
        static let help = "settings.help"
        static let legal = "settings.legal"
    }

    enum Account {
        static let header = "account.header"
        static let email = "account.email"
        static let plan = "account.plan"
        static let renew = "account.renew"
        static let usage = "account.usage"
        static let avatar = "account.avatar"
        static let limits = "account.limits"
        static let delete = "account.delete"
        static let footer = "account.footer"
        static let status = "account.status"
    }
}

let sharedBannerID = "shared.offlineBanner"
