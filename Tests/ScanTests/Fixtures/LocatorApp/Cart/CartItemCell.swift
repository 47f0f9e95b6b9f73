import UIKit

final class CartItemCell: UITableViewCell {
    let nameLabel = UILabel()
    let priceLabel = UILabel()
    let quantityLabel = UILabel()
    let thumbnail = UIImageView()
    let discountLabel = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        accessibilityIdentifier = "cart.itemCell"
        nameLabel.accessibilityIdentifier = "cart.item.name"
        nameLabel.font = UIFont.systemFont(ofSize: 16, weight: .medium) // expect: cart.item.name
        priceLabel.accessibilityIdentifier = "cart.item.price"
        priceLabel.font = UIFont.monospacedDigitSystemFont(ofSize: 15, weight: .regular) // expect: cart.item.price
        quantityLabel.accessibilityIdentifier = "cart.item.quantity"
        quantityLabel.numberOfLines = 1 // expect: cart.item.quantity
        discountLabel.font = .systemFont(ofSize: 11) // expect: cart.item.discount
        contentView.addSubview(nameLabel)
        contentView.addSubview(priceLabel)
        heightAnchor.constraint(equalToConstant: 64).isActive = true // expect: cart.itemCell
    }

    required init?(coder: NSCoder) { fatalError() }
}

final class CartFooter: UIView {
    private let totalLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        totalLabel.accessibilityIdentifier = "cart.footer.total"
        totalLabel.font = .systemFont(ofSize: 18) // expect: cart.footer.total
        addSubview(totalLabel)
        snp.makeConstraints { $0.height.equalTo(56) } // expect: cart.footer
        accessibilityIdentifier = "cart.footer"
    }

    required init?(coder: NSCoder) { fatalError() }
}

final class CartRowView: UIView {
    private let titleLabel = UILabel()

    func configure(index: Int) {
        titleLabel.accessibilityIdentifier = rowIdentifier(for: index)
        titleLabel.font = .systemFont(ofSize: 15)
    }

    private func rowIdentifier(for index: Int) -> String {
        ["cart", "row", String(index)].joined(separator: ".")
    }
}
