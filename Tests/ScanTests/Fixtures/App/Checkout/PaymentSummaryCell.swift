import UIKit

/// The summary cell of the payment table, built in code.
final class PaymentSummaryCell: UITableViewCell {
    private let titleLabel = UILabel()
    private let amountLabel: UILabel = {
        let label = UILabel()
        label.font = UIFont.monospacedDigitSystemFont(ofSize: 17, weight: .medium)
        label.numberOfLines = 1
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        return label
    }()
    private let noteLabel = UILabel()
    private let payButton = UIButton(type: .system)
    private let promoField = UITextField()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)

        titleLabel.font = .boldSystemFont(ofSize: 15)
        titleLabel.numberOfLines = 0

        noteLabel.font = UIFont.preferredFont(forTextStyle: .footnote)
        noteLabel.numberOfLines = 0

        payButton.titleLabel?.font = UIFont.preferredFont(forTextStyle: .headline)
        payButton.titleLabel?.adjustsFontForContentSizeCategory = true
        payButton.titleLabel?.numberOfLines = 1

        promoField.font = UIFont.italicSystemFont(ofSize: 14)
        promoField.adjustsFontForContentSizeCategory = false

        detailTextLabel?.font = .preferredFont(forTextStyle: .caption1)
        detailTextLabel?.adjustsFontForContentSizeCategory = true

        NSLayoutConstraint.activate([
            titleLabel.heightAnchor.constraint(equalToConstant: 22),
            noteLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 22),
            payButton.heightAnchor.constraint(lessThanOrEqualToConstant: 44),
            promoField.heightAnchor.constraint(equalToConstant: 36).withPriority(.defaultHigh),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class PaymentTableViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 64
        tableView.estimatedRowHeight = 64
        navigationController?.navigationBar.maximumContentSizeCategory = .accessibilityMedium
        view.minimumContentSizeCategory = .small
    }
}
