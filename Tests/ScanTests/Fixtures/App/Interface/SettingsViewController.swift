import UIKit

/// Owns the Settings storyboard's outlets: it replaces one label's font and turns on live updates
/// for another, so the scan judges those labels by this code, not by the storyboard.
final class SettingsViewController: UIViewController {
    @IBOutlet private var titleLabel: UILabel!
    @IBOutlet private var subtitleLabel: UILabel!
    @IBOutlet private var detailLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        subtitleLabel.font = UIFont.preferredFont(forTextStyle: .subheadline)
        subtitleLabel.adjustsFontForContentSizeCategory = true
        detailLabel.adjustsFontForContentSizeCategory = true
        titleLabel.text = NSLocalizedString("Settings", comment: "")
    }
}
