import UIKit

final class WelcomeViewController: UIViewController {
    private let headlineLabel = UILabel()
    private let detailLabel = UILabel()
    private let continueButton = UIButton(type: .system)
    private let laterButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        headlineLabel.text = NSLocalizedString("welcome.headline", comment: "")
        headlineLabel.font = .systemFont(ofSize: 30, weight: .bold) // expect: Find your next trail
        detailLabel.text = String(localized: "welcome.detail")
        detailLabel.numberOfLines = 1 // expect: Maps work offline, too
        continueButton.setTitle(NSLocalizedString("welcome.continue", comment: ""), for: .normal)
        continueButton.titleLabel?.font = .systemFont(ofSize: 17) // expect: Continue
        laterButton.setTitle("Not now", for: .normal)
        laterButton.titleLabel?.font = .systemFont(ofSize: 15) // expect: Not now
    }
}
