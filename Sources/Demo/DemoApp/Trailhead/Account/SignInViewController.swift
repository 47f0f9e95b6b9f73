import UIKit

final class SignInViewController: UIViewController {
    private let emailField = UITextField()
    private let passwordField = UITextField()
    private let forgotButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        for field in [emailField, passwordField] {
            field.font = .preferredFont(forTextStyle: .body)
            field.adjustsFontForContentSizeCategory = true
            field.borderStyle = .roundedRect
        }
        passwordField.isSecureTextEntry = true

        forgotButton.setTitle("Forgot password?", for: .normal)
        forgotButton.titleLabel?.font = .preferredFont(forTextStyle: .footnote)
        forgotButton.titleLabel?.adjustsFontForContentSizeCategory = true
        forgotButton.titleLabel?.numberOfLines = 0
        forgotButton.addTarget(self, action: #selector(showRecovery), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [emailField, passwordField, forgotButton])
        stack.axis = .vertical
        stack.spacing = 12
        view.addSubview(stack)
    }

    @objc private func showRecovery() {
        navigationController?.pushViewController(RecoveryEmailHostingController(), animated: true)
    }
}