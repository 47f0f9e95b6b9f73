import UIKit

final class AccountViewController: UIViewController {
    private let headerLabel = UILabel()
    private let emailLabel = UILabel()
    private let planLabel = UILabel()
    private let renewButton = UIButton(type: .system)
    private let usageLabel = UILabel()
    private let avatarView = UIImageView()
    private let limitsLabel = UILabel()
    private let deleteButton = UIButton(type: .system)
    private let footerLabel = UILabel()
    private let statusLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        headerLabel.accessibilityIdentifier = A11y.Account.header
        headerLabel.font = .systemFont(ofSize: 24, weight: .heavy) // expect: account.header
        emailLabel.accessibilityIdentifier = A11y.Account.email
        emailLabel.numberOfLines = 1 // expect: account.email
        planLabel.accessibilityIdentifier = A11y.Account.plan
        planLabel.font = UIFont(name: "Georgia", size: 15) // expect: account.plan
        renewButton.accessibilityIdentifier = A11y.Account.renew
        renewButton.titleLabel?.font = .systemFont(ofSize: 15) // expect: account.renew
        usageLabel.accessibilityIdentifier = A11y.Account.usage
        usageLabel.font = .systemFont(ofSize: 14, weight: .light) // expect: account.usage
        setUpLimits()
        setUpFooter()
    }

    private func setUpLimits() {
        limitsLabel.accessibilityIdentifier = A11y.Account.limits
        limitsLabel.font = .systemFont(ofSize: 13) // expect: account.limits
        limitsLabel.heightAnchor.constraint(equalToConstant: 18).isActive = true // expect: account.limits.height
        deleteButton.accessibilityIdentifier = A11y.Account.delete
        deleteButton.setTitle("Delete account", for: .normal)
        deleteButton.titleLabel?.adjustsFontSizeToFitWidth = true // expect: account.delete
    }

    private func setUpFooter() {
        footerLabel.font = .systemFont(ofSize: 11) // expect: account.footer
        footerLabel.accessibilityIdentifier = A11y.Account.footer
        statusLabel.accessibilityIdentifier = A11y.Account.status
        statusLabel.font = .systemFont(ofSize: 11) // expect: account.status
    }
}
