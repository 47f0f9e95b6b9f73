import UIKit

/// The hiker's name in the brand font, and their stats under it.
final class ProfileHeaderView: UIView {
    private let nameLabel = UILabel()
    private let statsLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        // The brand font, scaled like .title1 (PR 444).
        let brand = UIFont(name: "Fraunces-SemiBold", size: 28) ?? .systemFont(ofSize: 28, weight: .semibold)
        nameLabel.font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: brand)
        nameLabel.adjustsFontForContentSizeCategory = true
        nameLabel.numberOfLines = 0

        statsLabel.font = UIFont(name: "Fraunces-Regular", size: 13)
        statsLabel.textColor = .secondaryLabel
        statsLabel.numberOfLines = 0

        let stack = UIStackView(arrangedSubviews: [nameLabel, statsLabel])
        stack.axis = .vertical
        stack.spacing = 4
        addSubview(stack)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    func show(_ hiker: Hiker) {
        nameLabel.text = hiker.displayName
        statsLabel.text = "\(hiker.trailCount) trails · \(hiker.totalDistance.formatted())"
    }
}