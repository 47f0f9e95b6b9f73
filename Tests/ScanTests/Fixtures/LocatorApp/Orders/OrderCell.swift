import UIKit

final class OrderCell: UITableViewCell {
    @IBOutlet private var dateLabel: UILabel!
    @IBOutlet private var totalLabel: UILabel!

    override func awakeFromNib() {
        super.awakeFromNib()
        dateLabel.font = .systemFont(ofSize: 12) // expect: order.date
        totalLabel.textColor = .label
    }
}
