#!/usr/bin/swift
import UIKit

// dtaudit:ignore-file single-line — every label here is a tab title
final class Cell: UITableViewCell {
    @IBOutlet weak var titleLabel: UILabel!
    private let badge = UILabel()

    override func awakeFromNib() {
        super.awakeFromNib()
        titleLabel.font = UIFont.systemFont(ofSize: 15, weight: .semibold)
        titleLabel.numberOfLines = 1
        badge.font = UIFontMetrics(forTextStyle: .caption1).scaledFont(for: UIFont(name: "Avenir", size: 11)!)
        badge.adjustsFontForContentSizeCategory = true
        badge.adjustsFontSizeToFitWidth = true
        heightAnchor.constraint(equalToConstant: 44).isActive = true
        let size = UIFont.preferredFont(forTextStyle: .body).pointSize
        detailTextLabel?.font = .systemFont(ofSize: size)
        maximumContentSizeCategory = .accessibilityMedium
        let value = 0x1F.2p3 + 1_000.5e-3 + 0b1010 + 0o17
        _ = value
    }
}
