import UIKit

final class ProfileViewController: UIViewController {
    private let nameLabel = UILabel()
    private let handleLabel = UILabel()
    private let bioLabel = UILabel()
    private let followersLabel = UILabel()
    private let followButton = UIButton(type: .system)
    private let locationLabel = UILabel()
    private let websiteButton = UIButton(type: .system)
    private let joinedLabel = UILabel()
    private let verifiedIcon = UIImageView()
    private let editButton = UIButton(type: .system)
    private let displayNameLabel = UILabel()
    var user = User(displayName: "")

    override func viewDidLoad() {
        super.viewDidLoad()
        nameLabel.accessibilityIdentifier = ProfileIdentifier.name.rawValue
        nameLabel.font = UIFont.systemFont(ofSize: 26, weight: .bold) // expect: profile.name
        handleLabel.accessibilityIdentifier = ProfileIdentifier.handle.rawValue
        handleLabel.font = UIFont.systemFont(ofSize: 15) // expect: profile.handle
        bioLabel.identify(.bio)
        bioLabel.numberOfLines = 1 // expect: profile.bio
        followersLabel.identify(.followers)
        followersLabel.font = .systemFont(ofSize: 14) // expect: profile.followers
        followButton.identify(.follow)
        followButton.setTitle("Follow", for: .normal)
        followButton.titleLabel?.font = .boldSystemFont(ofSize: 15) // expect: profile.follow
        locationLabel.accessibilityIdentifier = ProfileIdentifier.location.rawValue
        locationLabel.font = .systemFont(ofSize: 14) // expect: profile.location
        websiteButton.accessibilityIdentifier = ProfileIdentifier.website.rawValue
        websiteButton.setTitle("example.com", for: .normal)
        websiteButton.heightAnchor.constraint(equalToConstant: 30).isActive = true // expect: profile.website
        joinedLabel.accessibilityIdentifier = ProfileIdentifier.joined.rawValue
        joinedLabel.font = .italicSystemFont(ofSize: 12) // expect: profile.joined
        verifiedIcon.accessibilityIdentifier = ProfileIdentifier.verified.rawValue
        verifiedIcon.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 14) // expect: profile.verified
        editButton.accessibilityIdentifier = ProfileIdentifier.edit.rawValue
        editButton.titleLabel?.font = UIFont(name: "Avenir-Medium", size: 14) // expect: profile.edit
        displayNameLabel.text = user.displayName
        displayNameLabel.font = .systemFont(ofSize: 17)
    }
}
