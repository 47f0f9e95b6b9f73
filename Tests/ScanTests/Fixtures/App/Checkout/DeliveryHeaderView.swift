import UIKit

/// Patterns from real apps that must not be misreported: sizes chosen by checking the text size,
/// views configured in builder closures, and styles applied only below the accessibility sizes.
final class DeliveryHeaderView: UIView {
    private enum Layout {
        static let iconSize: CGFloat = 24
        static let largeIconSize: CGFloat = 48
        static let separatorHeight: CGFloat = 1
        static let buttonHeight: CGFloat = 44
    }

    private let titleLabel: UILabel = .build { label in
        label.font = BrandFonts.headline.scaledFont()
        label.adjustsFontForContentSizeCategory = true
        label.numberOfLines = 0
    }
    private let etaLabel = UILabel()
    private let iconView = UIImageView()
    private let separator = UIView()
    private let changeButton = UIButton(type: .system)

    private func layout(isAccessibilityCategory: Bool) {
        let iconSize = isAccessibilityCategory ? Layout.largeIconSize : Layout.iconSize
        let buttonHeight = isAccessibilityCategory ? UITableView.automaticDimension : Layout.buttonHeight
        NSLayoutConstraint.activate([
            iconView.heightAnchor.constraint(equalToConstant: iconSize),
            separator.heightAnchor.constraint(equalToConstant: Layout.separatorHeight),
            changeButton.heightAnchor.constraint(equalToConstant: buttonHeight),
        ])
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        layout(isAccessibilityCategory: traitCollection.preferredContentSizeCategory.isAccessibilityCategory)
        if traitCollection.preferredContentSizeCategory.isAccessibilityCategory {
            useStackedStyle()
        } else {
            useCompactStyle()
        }
    }

    private func useStackedStyle() {
        etaLabel.numberOfLines = 0
    }

    /// Only called below the accessibility sizes, where one line fits.
    private func useCompactStyle() {
        etaLabel.numberOfLines = 1
    }
}
