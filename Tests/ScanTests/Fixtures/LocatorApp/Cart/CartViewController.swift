import UIKit

final class CartViewController: UIViewController {
    private lazy var totalLabel: UILabel = {
        let label = UILabel()
        label.font = .systemFont(ofSize: 20, weight: .bold) // expect: cart.total
        label.accessibilityIdentifier = "cart.total"
        return label
    }()

    private let countLabel = UILabel()
    private let payButton = UIButton(type: .system)
    private let promoLabel = UILabel()
    private let emptyLabel = UILabel()
    private let shippingLabel = UILabel()
    private let noteView = UITextView()
    private let badgeLabel = UILabel()
    private lazy var savingsLabel = makeLabel(size: 12) // expect: cart.savings

    override func viewDidLoad() {
        super.viewDidLoad()
        countLabel.font = UIFont.systemFont(ofSize: 13) // expect: cart.count
        countLabel.accessibilityIdentifier = "cart.count"

        payButton.setTitle("Checkout", for: .normal)
        payButton.titleLabel?.font = UIFont(name: "Avenir-Heavy", size: 18) // expect: cart.pay
        payButton.accessibilityIdentifier = "cart.pay"
        payButton.heightAnchor.constraint(equalToConstant: 48).isActive = true // expect: cart.pay.height

        promoLabel.text = "Free delivery over $50"
        promoLabel.numberOfLines = 1 // expect: cart.promo
        promoLabel.accessibilityIdentifier = "cart.promo"

        emptyLabel.accessibilityIdentifier = "cart.empty"
        emptyLabel.font = .systemFont(ofSize: 15) // expect: cart.empty

        self.shippingLabel.accessibilityIdentifier = "cart.shipping"
        self.shippingLabel.font = .systemFont(ofSize: 12) // expect: cart.shipping

        noteView.accessibilityIdentifier = "cart.note"
        noteView.font = UIFont.italicSystemFont(ofSize: 14) // expect: cart.note

        badgeLabel.accessibilityIdentifier = "cart.badge"
        badgeLabel.font = .boldSystemFont(ofSize: 10) // expect: cart.badge
        NSLayoutConstraint.activate([
            badgeLabel.heightAnchor.constraint(equalToConstant: 16), // expect: cart.badge.height
            badgeLabel.widthAnchor.constraint(equalToConstant: 16),
        ])
        savingsLabel.accessibilityIdentifier = "cart.savings"
        layout()
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath) as! CartItemCell
        cell.discountLabel.accessibilityIdentifier = "cart.item.discount"
        return cell
    }

    private func makeLabel(size: CGFloat) -> UILabel {
        let label = UILabel()
        label.font = .systemFont(ofSize: size)
        return label
    }

    private func layout() {
        totalLabel.heightAnchor.constraint(equalToConstant: 24).isActive = true // expect: cart.total.height
        countLabel.adjustsFontSizeToFitWidth = true // expect: cart.count.shrink
    }
}
