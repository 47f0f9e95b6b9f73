import UIKit

/// The profile header: the app's brand font, built the ways real apps build fonts.
final class ProfileHeaderView: UIView {
    private let nameLabel = UILabel()
    private let handleLabel = UILabel()
    private let bioLabel = UILabel()
    private let statsLabel = UILabel()
    private let badgeLabel = UILabel()
    private let iconView = UIImageView()

    /// A font built once from a text style's point size, then scaled: not a fixed size.
    private func makeNameFont() -> UIFont {
        let bodySize = UIFont.preferredFont(forTextStyle: .title2).pointSize
        let bold = UIFont.systemFont(ofSize: bodySize, weight: .bold)
        return UIFontMetrics(forTextStyle: .title2).scaledFont(for: bold)
    }

    override init(frame: CGRect) {
        super.init(frame: frame)

        nameLabel.font = makeNameFont()
        nameLabel.adjustsFontForContentSizeCategory = true

        // A custom font wrapped in UIFontMetrics at the call.
        handleLabel.font = UIFontMetrics(forTextStyle: .subheadline)
            .scaledFont(for: UIFont(name: "Avenir-Medium", size: 15)!)
        handleLabel.adjustsFontForContentSizeCategory = true

        // The size only picks the family; the text style decides the size.
        let family = UIFont(name: "Avenir-Book", size: 0)?.familyName ?? "Avenir"
        let descriptor = UIFontDescriptor(name: "Avenir-Book", size: 0)
        let bioBase = UIFont(descriptor: descriptor, size: UIFont.preferredFont(forTextStyle: .body).pointSize)
        bioLabel.font = UIFontMetrics.default.scaledFont(for: bioBase)
        bioLabel.adjustsFontForContentSizeCategory = true
        _ = family

        // Fixed: a size held in a constant, a helper given a fixed size, and a text style pinned by withSize.
        statsLabel.font = UIFont(name: "Avenir-Heavy", size: Layout.statsFontSize)
        handleLabel.attributedText = NSAttributedString(string: "@", attributes: [.font: BrandFont.regular(12)])
        badgeLabel.font = UIFont.preferredFont(forTextStyle: .caption1).withSize(11)

        // A symbol at a fixed point size, and one that follows a text style.
        iconView.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 18, weight: .medium)
        let scaledIcon = UIImage.SymbolConfiguration(textStyle: .body)
        iconView.image = UIImage(systemName: "person.crop.circle", withConfiguration: scaledIcon)
        let badgeIcon = UIImage.SymbolConfiguration(font: UIFont.systemFont(ofSize: 12))
        _ = badgeIcon
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private enum Layout {
        static let statsFontSize: CGFloat = 13
    }
}

/// Helpers that take a size: each call decides, fixed unless it passes a scaled size.
enum BrandFont {
    static func regular(_ size: CGFloat) -> UIFont {
        UIFont(name: "Avenir-Book", size: size) ?? .systemFont(ofSize: size)
    }

    /// Scaled inside the helper: callers get a font that follows the text size.
    static func scaled(_ size: CGFloat, style: UIFont.TextStyle) -> UIFont {
        let base = UIFont(name: "Avenir-Book", size: size) ?? .systemFont(ofSize: size)
        return UIFontMetrics(forTextStyle: style).scaledFont(for: base)
    }
}
