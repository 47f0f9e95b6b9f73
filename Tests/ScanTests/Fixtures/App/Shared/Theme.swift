import SwiftUI
import UIKit

/// Sizes and fonts shared across the app. The other files use these by name.
enum Theme {
    static let captionSize: CGFloat = 12
    static let headlineSize: CGFloat = 20

    /// Scaled once here, so `Theme.scaledBodySize` follows the text size wherever it is used.
    static var scaledBodySize: CGFloat {
        UIFontMetrics(forTextStyle: .body).scaledValue(for: 17)
    }

    /// A fixed font kept in a constant: reported here, where the fix goes.
    static let legacyTitleFont = Font.system(size: 28, weight: .heavy)

    /// A custom font scaled by a helper.
    static func brand(_ size: CGFloat, relativeTo style: Font.TextStyle) -> Font {
        .custom("Avenir-Heavy", size: size, relativeTo: style)
    }
}

extension UIFont {
    /// Scales any font with the body text style.
    var scaledForBody: UIFont { UIFontMetrics(forTextStyle: .body).scaledFont(for: self) }
}

struct ThemedCaption: View {
    let text: String

    var body: some View {
        VStack {
            Text(text).font(.system(size: Theme.captionSize))
            Text(text).font(.system(size: Theme.scaledBodySize))
            Text(text).font(Theme.legacyTitleFont)
            Text(text).font(Theme.brand(17, relativeTo: .body))
            Label(text, systemImage: "star").font(.system(size: Theme.headlineSize))
        }
    }
}

final class ThemedLabel: UILabel {
    override init(frame: CGRect) {
        super.init(frame: frame)
        font = UIFont(name: "Avenir-Heavy", size: 16)?.scaledForBody
        adjustsFontForContentSizeCategory = true
        numberOfLines = 1
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
