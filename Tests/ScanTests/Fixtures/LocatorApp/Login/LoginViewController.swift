import UIKit

final class LoginViewController: UIViewController {
    @IBOutlet private var titleLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.textColor = .label
    }
}
