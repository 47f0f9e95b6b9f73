import UIKit

final class ProfileHeader: UIView {
    let nameLabel = UILabel()
    let bioView = UITextView()
    let button = UIButton(type: .system)

    func configure() {
        nameLabel.font = UIFont.systemFont(ofSize: 20, weight: .semibold)
        nameLabel.numberOfLines = 1
        nameLabel.adjustsFontSizeToFitWidth = true
        bioView.font = UIFont(name: "Georgia", size: 17)
        button.titleLabel?.font = UIFont(name: "Georgia", size: 15)!
        let cached = UIFont.systemFont(ofSize: 13)
        nameLabel.heightAnchor.constraint(equalToConstant: 24).isActive = true
        bioView.font = UIFont.preferredFont(forTextStyle: .body)
        _ = cached
    }
}