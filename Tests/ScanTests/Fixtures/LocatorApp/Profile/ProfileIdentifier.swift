/// The profile screen's element identifiers.
enum ProfileIdentifier: String {
    case name = "profile.name"
    case handle = "profile.handle"
    case bio = "profile.bio"
    case followers = "profile.followers"
    case follow = "profile.follow"
    case location = "profile.location"
    case website = "profile.website"
    case joined = "profile.joined"
    case verified = "profile.verified"
    case edit = "profile.edit"
}

extension UIView {
    func identify(_ identifier: ProfileIdentifier) {
        accessibilityIdentifier = identifier.rawValue
    }
}

struct User {
    var displayName: String
}
