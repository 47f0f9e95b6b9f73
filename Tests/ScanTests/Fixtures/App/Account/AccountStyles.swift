import Prelude
import SnapKit
import UIKit

/// Styles applied with Prelude lenses, SnapKit and configuration closures.
final class AccountHeaderView: UIView {
    private lazy var nameLabel: UILabel = { UILabel(frame: .zero) }()
    private lazy var emailLabel: UILabel = { UILabel(frame: .zero) }()
    private lazy var planLabel = UILabel().then {
        $0.numberOfLines = 1
        $0.font = .preferredFont(forTextStyle: .caption1)
        $0.adjustsFontForContentSizeCategory = true
    }
    private let avatarView = UIImageView()
    private let captionLabel = UILabel()
    private let footerLabel = UILabel()

    func bindStyles() {
        _ = self.nameLabel
            |> \.numberOfLines .~ 1
            |> \.font .~ UIFont.preferredFont(forTextStyle: .headline)
            |> \.adjustsFontForContentSizeCategory .~ true

        _ = self.emailLabel
            |> UILabel.lens.numberOfLines .~ 0
            |> UILabel.lens.font .~ .preferredFont(forTextStyle: .subheadline)

        [captionLabel, footerLabel].forEach {
            $0.font = .preferredFont(forTextStyle: .caption2)
            $0.adjustsFontForContentSizeCategory = true
        }
    }

    func makeConstraints() {
        nameLabel.snp.makeConstraints { make in
            make.height.equalTo(24)
            make.leading.equalToSuperview()
        }
        avatarView.snp.makeConstraints {
            $0.height.equalTo(40)
            $0.width.equalTo(40)
        }
        emailLabel.snp.makeConstraints { make in
            make.height.greaterThanOrEqualTo(20)
        }
    }
}

private let badgeLabelStyle: (UILabel) -> UILabel = { (label: UILabel) in
    label
        |> \.adjustsFontSizeToFitWidth .~ true
        |> \.font .~ UIFont.systemFont(ofSize: 11, weight: .semibold)
}
