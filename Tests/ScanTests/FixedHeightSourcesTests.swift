import Testing
@testable import Scan

/// fixed-height-text where the height comes from somewhere else: an enum's case, a function that
/// switches over its parameter, a helper view's initializer, or the view's own constraints.
@Suite("fixed-height-text: where heights come from")
struct FixedHeightSourcesTests {
    private func heights(_ files: [String: String]) throws -> [String] {
        let findings = try SourceScanner.scan(files: files.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) },
                                              rules: ["fixed-height-text"]).findings
        return findings.map { "\($0.file):\($0.line)" }
    }

    private static let enums = """
    import UIKit
    enum OptionRowHeight {
        case short, tall
        var value: CGFloat {
            switch self {
            case .short: return 56
            case .tall: return 80
            }
        }
    }
    enum RowHeight: CGFloat {
        case compact = 44
        case regular = 56
    }
    enum Metrics {
        static let rowHeight: CGFloat = 56
    }
    enum ScaledRow {
        case short
        var value: CGFloat {
            switch self {
            case .short: return UIFontMetrics.default.scaledValue(for: 56)
            }
        }
    }
    """

    @Test("a height from an enum's case, its raw value or a switch of constants is as fixed as a static let")
    func enumHeights() throws {
        let view = """
        struct OptionRow: View {
            var body: some View {
                VStack {
                    Text("A").frame(height: OptionRowHeight.short.value)
                    Text("B").frame(height: RowHeight.regular.rawValue)
                    Text("C").frame(height: Metrics.rowHeight)
                    Image("x").frame(height: OptionRowHeight.tall.value)
                    Text("D").frame(height: height(for: .compact))
                    Text("E").frame(height: ScaledRow.short.value)
                }
            }
            func height(for style: RowHeight) -> CGFloat {
                switch style {
                case .compact: 44
                case .regular: 56
                }
            }
        }
        """
        // The enums in the view's own file, then in a file of their own.
        #expect(try heights(["OptionRow.swift": Self.enums + "\n" + view]).map { $0.replacingOccurrences(of: "OptionRow.swift:", with: "") }
                    == ["29", "30", "31", "33"])
        #expect(try heights(["Heights.swift": Self.enums, "OptionRow.swift": view])
                    == ["OptionRow.swift:4", "OptionRow.swift:5", "OptionRow.swift:6", "OptionRow.swift:8"])
        let messages = try SourceScanner.scan(files: [("OptionRow.swift", Array((Self.enums + "\n" + view).utf8))],
                                              rules: ["fixed-height-text"]).findings.map(\.message)
        try #require(messages.count == 4)
        #expect(messages[0].contains("56 pt (OptionRowHeight.short.value)"))
        #expect(messages[1].contains("56 pt (RowHeight.regular.rawValue)"))
        #expect(messages[3].contains("44 pt (height(for: .compact))"))
    }

    @Test("a height from a nested enum's case is as fixed as one from a nested static let")
    func nestedEnumHeights() throws {
        let layout = """
        enum Layout {
            enum Row { static let compact: CGFloat = 44 }
            enum Kind: CGFloat { case compact = 44 }
        }
        """
        let view = """
        struct Rows: View {
            var body: some View {
                VStack {
                    Text("A").frame(height: Layout.Row.compact)
                    Text("B").frame(height: Layout.Kind.compact.rawValue)
                    Image("x").frame(height: Layout.Kind.compact.rawValue)
                }
            }
        }
        """
        #expect(try heights(["Layout.swift": layout, "Rows.swift": view]) == ["Rows.swift:4", "Rows.swift:5"])
        #expect(try heights(["Rows.swift": layout + "\n" + view]) == ["Rows.swift:8", "Rows.swift:9"])
    }

    @Test("UIKit: a height constraint from an enum's raw value on a label")
    func enumConstraint() throws {
        let code = """
        enum RowHeight: CGFloat { case compact = 44, regular = 56 }
        final class Header: UIView {
            let titleLabel = UILabel()
            let iconView = UIImageView()
            func layout() {
                titleLabel.heightAnchor.constraint(equalToConstant: RowHeight.compact.rawValue).isActive = true
                iconView.heightAnchor.constraint(equalToConstant: RowHeight.regular.rawValue).isActive = true
            }
        }
        """
        #expect(try heights(["Header.swift": code]) == ["Header.swift:6"])
    }

    private static let helpers = """
    struct OptionRow: View {
        let title: String
        let height: CGFloat
        init(title: String, height: CGFloat = 40) {
            self.title = title
            self.height = height
        }
        var body: some View {
            Text(title).frame(height: height)
        }
    }
    struct Badge: View {
        let height: CGFloat
        var body: some View { Image(systemName: "star").frame(height: height) }
    }
    struct Caption: View {
        let text: String
        var height: CGFloat
        var body: some View { Text(text).frame(height: height) }
    }
    """

    @Test("a height passed into a helper view is reported where the constant is: the default, or the call's argument")
    func helperParameters() throws {
        let screen = """
        struct Settings: View {
            @ScaledMetric var rowHeight: CGFloat = 60
            var body: some View {
                VStack {
                    OptionRow(title: "A")
                    OptionRow(title: "B", height: 60)
                    Badge(height: 30)
                    Caption(text: "C", height: 50)
                    OptionRow(title: "D", height: rowHeight)
                    Caption(text: "E", height: Metrics.rowHeight)
                }
            }
        }
        enum Metrics { static let rowHeight: CGFloat = 48 }
        """
        #expect(try heights(["Helpers.swift": Self.helpers, "Settings.swift": screen])
                    == ["Helpers.swift:4", "Settings.swift:6", "Settings.swift:8", "Settings.swift:10"])
        let findings = try SourceScanner.scan(files: [("Helpers.swift", Array(Self.helpers.utf8)), ("Settings.swift", Array(screen.utf8))],
                                              rules: ["fixed-height-text"]).findings
        try #require(findings.count == 4)
        #expect(findings[0].message.contains("OptionRow") && findings[0].message.contains("40 pt"))
        #expect(findings[1].message.contains("OptionRow(height: 60)") && findings[1].message.contains("60 pt"))
        #expect(findings[3].message.contains("48 pt (rowHeight)"))
    }

    @Test("a helper's height given without a label, or as a memberwise default, is reported where the constant is")
    func unlabeledAndMemberwiseHeights() throws {
        let helpers = """
        struct UnlabeledRow: View {
            let title: String
            let height: CGFloat
            init(_ title: String, _ height: CGFloat = 44) {
                self.title = title
                self.height = height
            }
            var body: some View { Text(title).frame(height: height) }
        }
        struct Tile: View {
            let text: String
            var height: CGFloat = 40
            var body: some View { Text(text).frame(height: height) }
        }
        struct Swatch: View {
            var height: CGFloat = 40
            var body: some View { Color.red.frame(height: height) }
        }
        """
        let screen = """
        struct Screen: View {
            var body: some View {
                VStack {
                    UnlabeledRow("a")
                    UnlabeledRow("b", 60)
                    UnlabeledRow("60", height60)
                    Tile(text: "c")
                    Tile(text: "d", height: 70)
                    Swatch(height: 80)
                }
            }
        }
        """
        #expect(try heights(["Helpers.swift": helpers, "Screen.swift": screen])
                    == ["Helpers.swift:4", "Helpers.swift:12", "Screen.swift:5", "Screen.swift:8"])
        let messages = try SourceScanner.scan(files: [("Helpers.swift", Array(helpers.utf8)), ("Screen.swift", Array(screen.utf8))],
                                              rules: ["fixed-height-text"]).findings.map(\.message)
        #expect(messages.contains { $0.hasPrefix("UnlabeledRow's height defaults to 44 pt") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Tile's height defaults to 40 pt") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("UnlabeledRow(60) fixes the height of UnlabeledRow's text at 60 pt") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Tile(height: 70) fixes the height of Tile's text at 70 pt") }, "\(messages)")
    }

    @Test("a view's own fixed height, with and without text laid out in it")
    func ownHeight() throws {
        let code = """
        final class BannerView: UIView {
            private let titleLabel = UILabel()
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(titleLabel)
                snp.makeConstraints { $0.height.equalTo(69) }
            }
        }
        final class StatusView: UIView {
            private let stack = UIStackView()
            private let messageLabel = UILabel()
            func setUp() {
                stack.addArrangedSubview(messageLabel)
                addSubview(stack)
                NSLayoutConstraint.activate([heightAnchor.constraint(equalToConstant: 44), widthAnchor.constraint(equalToConstant: 300)])
            }
        }
        final class AvatarView: UIView {
            private let imageView = UIImageView()
            func setUp() {
                addSubview(imageView)
                snp.makeConstraints { $0.height.equalTo(69) }
                NSLayoutConstraint.activate([heightAnchor.constraint(equalToConstant: 44)])
            }
        }
        final class TagView: UIView {
            private let label = UILabel()
            override init(frame: CGRect) { super.init(frame: frame); addSubview(label) }
            override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 28) }
        }
        final class NoticeView: UIView {
            private let messageLabel = UILabel()
            private var heightConstraint: NSLayoutConstraint?
            func setUp() {
                addSubview(messageLabel)
                heightConstraint = heightAnchor.constraint(equalToConstant: 52)
                heightConstraint?.isActive = true
                let width = widthAnchor.constraint(equalToConstant: 300)
                width.isActive = true
            }
        }
        final class NibHeaderView: UIView {
            @IBOutlet private weak var titleLabel: UILabel!
            override func awakeFromNib() {
                super.awakeFromNib()
                heightAnchor.constraint(equalToConstant: 44).isActive = true
            }
        }
        final class GoControl: UIControl {
            private let button = UIButton(type: .system)
            func setUp() {
                button.setTitle("Go", for: .normal)
                addSubview(button)
                snp.makeConstraints { $0.height.equalTo(48) }
            }
        }
        final class CloseControl: UIControl {
            private let button = UIButton(type: .system)
            @IBOutlet private weak var iconView: UIImageView!
            func setUp() {
                button.setImage(UIImage(systemName: "xmark"), for: .normal)
                addSubview(button)
                snp.makeConstraints { $0.height.equalTo(48) }
            }
        }
        final class BadgeView: UIView {
            private let iconView = UIImageView()
            private var heightConstraint: NSLayoutConstraint?
            func setUp() {
                addSubview(iconView)
                heightConstraint = heightAnchor.constraint(equalToConstant: 52)
                let kept = heightAnchor.constraint(equalToConstant: 52)
                kept.isActive = true
            }
        }
        """
        #expect(try heights(["Views.swift": code]) == ["Views.swift:6", "Views.swift:15", "Views.swift:29", "Views.swift:36", "Views.swift:46", "Views.swift:54"])
        // The view is named by its type, as a person looking for it would search.
        let messages = try SourceScanner.scan(files: [("Views.swift", Array(code.utf8))], rules: ["fixed-height-text"]).findings.map(\.message)
        #expect(messages.contains { $0.contains("fixes the height of this view (StatusView), which holds text,") }, "\(messages)")
        #expect(messages.contains { $0.contains("fixes the height of this view (NoticeView), which holds text,") }, "\(messages)")
        #expect(messages.contains { $0.contains("the height of this view (BannerView) at 69 pt") }, "\(messages)")
    }
}
