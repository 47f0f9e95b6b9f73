import UIKit

final class ProfileHeader: UIView {
    let nameLabel = UILabel()
    let bioView = UITextView()
    let button = UIButton(type: .system)

    func configure() {
        nameLabel.font = UIFontMetrics(forTextStyle: .title3).scaledFont(for: UIFont.systemFont(ofSize: 20, weight: .semibold))
        nameLabel.adjustsFontForContentSizeCategory = true
        nameLabel.numberOfLines = 0
        bioView.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont(name: "Georgia", size: 17) ?? .systemFont(ofSize: 17))
        bioView.adjustsFontForContentSizeCategory = true
        button.titleLabel?.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: UIFont(name: "Georgia", size: 15)!)
        button.titleLabel?.adjustsFontForContentSizeCategory = true
        let cached = UIFont.systemFont(ofSize: 13)
        nameLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 24).isActive = true
        bioView.font = UIFont.preferredFont(forTextStyle: .body)
        _ = cached
    }
}