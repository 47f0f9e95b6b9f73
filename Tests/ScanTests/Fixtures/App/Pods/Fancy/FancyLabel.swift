import UIKit
final class FancyLabel: UILabel {
    override func awakeFromNib() { font = .systemFont(ofSize: 9); numberOfLines = 1 }
}
