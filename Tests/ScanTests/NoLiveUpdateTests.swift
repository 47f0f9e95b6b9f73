import Testing
@testable import Scan

/// no-live-update beyond its examples: text style fonts brought by attributed text, and outlets
/// whose nib decides.
@Suite("no-live-update")
struct NoLiveUpdateTests {
    static let swift = """
    class AttachmentView: UIView {
        @IBOutlet private weak var label: UILabel!
        @IBOutlet private weak var note: UILabel!
        func setup(title: String) {
            let text = NSAttributedString(string: title,
                                          attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])
            label.attributedText = text
            note.attributedText = NSAttributedString(string: title, attributes: [.foregroundColor: UIColor.gray])
        }
    }
    """

    static func nib(adjusts: Bool, owner: String = "AttachmentView") -> String {
        """
        <document><objects><view id="root" customClass="\(owner)"><subviews>
        <label numberOfLines="0" \(adjusts ? "adjustsFontForContentSizeCategory=\"YES\" " : "")id="l"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
        </subviews><connections><outlet property="label" destination="l" id="o"/></connections></view></objects></document>
        """
    }

    private func findings(_ files: [(String, String)]) throws -> [String] {
        try SourceScanner.scan(files: files.map { ($0.0, Array($0.1.utf8)) }, rules: ["no-live-update"]).findings
            .map { "\($0.file):\($0.line)" }
    }

    @Test("a text style font an attributed text brings is a finding at the font, when the nib leaves live updates off")
    func attributedTextStyle() throws {
        // The nib's own text style is replaced by the code's: the finding is where the code sets it.
        #expect(try findings([("AttachmentView.swift", Self.swift), ("AttachmentView.xib", Self.nib(adjusts: false))])
                == ["AttachmentView.swift:6"])
        #expect(try findings([("AttachmentView.swift", Self.swift), ("AttachmentView.xib", Self.nib(adjusts: true))]).isEmpty)
        // Without its nib the scan cannot tell: the outlet may adjust there.
        #expect(try findings([("AttachmentView.swift", Self.swift)]).isEmpty)
    }

    @Test("an outlet of the same name in another class's nib does not cover this one")
    func outletsByOwner() throws {
        let other = Self.nib(adjusts: true, owner: "OtherView").replacingOccurrences(of: "id=\"l\"", with: "id=\"m\"")
            .replacingOccurrences(of: "destination=\"l\"", with: "destination=\"m\"")
        #expect(try findings([("AttachmentView.swift", Self.swift), ("AttachmentView.xib", Self.nib(adjusts: false)),
                              ("OtherView.xib", other)]) == ["AttachmentView.swift:6"])
    }

    @Test("an attributed text made by a helper of the file with a text style font is a finding at the call that sets it")
    func attributedTextFromHelper() throws {
        let swift = """
        final class Banner: UIView {
            let title = UILabel()
            let note = UILabel()
            private func styled(_ text: String) -> NSAttributedString {
                NSAttributedString(string: text, attributes: [.font: UIFont.preferredFont(forTextStyle: .headline)])
            }
            private func tinted(_ text: String) -> NSAttributedString {
                NSAttributedString(string: text, attributes: [.foregroundColor: UIColor.red])
            }
            func show(_ text: String) {
                title.attributedText = styled(text)
                note.attributedText = tinted(text)
            }
        }
        """
        #expect(try findings([("Banner.swift", swift)]) == ["Banner.swift:11"])
    }

    @Test("a font or a live update set again on one view in one block is judged as the first: two closures' labels stay two")
    func repeatedStatements() throws {
        let swift = """
        final class Card: UIView {
            let title = UILabel()
            func setup() {
                title.font = UIFont.preferredFont(forTextStyle: .body)
                title.font = UIFont.preferredFont(forTextStyle: .body)
                title.font = UIFont.preferredFont(forTextStyle: .headline)
                let first: UILabel = {
                    let label = UILabel()
                    label.font = UIFont.preferredFont(forTextStyle: .body)
                    label.font = UIFont.preferredFont(forTextStyle: .body)
                    return label
                }()
                let second: UILabel = {
                    let label = UILabel()
                    label.font = UIFont.preferredFont(forTextStyle: .body)
                    label.adjustsFontForContentSizeCategory = true
                    label.adjustsFontForContentSizeCategory = true
                    return label
                }()
                addSubview(first)
                addSubview(second)
            }
        }
        """
        // One finding per view, at its first font: the title's, and the first closure's label.
        #expect(try findings([("Card.swift", swift)]) == ["Card.swift:4", "Card.swift:9"])
        // A live update later in the same block covers every font set before it there.
        let covered = swift.replacingOccurrences(of: "(forTextStyle: .body)\n            return label",
                                                 with: "(forTextStyle: .body)\n            label.adjustsFontForContentSizeCategory = true\n            return label")
        #expect(covered != swift)
        #expect(try findings([("Card.swift", covered)]) == ["Card.swift:4"])
    }

    @Test("`self.title` and `title` are two receivers to the rule, repeated or not, as a declaration of `title` may come between")
    func selfAndBareNames() throws {
        let fonts = """
        final class BannerView: UIView {
            let title = UILabel()
            func apply() {
                self.title.font = .preferredFont(forTextStyle: .headline)
                title.font = .preferredFont(forTextStyle: .headline)
            }
        }
        """
        #expect(try findings([("BannerView.swift", fonts)]) == ["BannerView.swift:4", "BannerView.swift:5"])
        // A live update through `self.` covers every receiver of that name in the file.
        let updates = """
        final class BannerView: UIView {
            let title = UILabel()
            func configure() {
                title.adjustsFontForContentSizeCategory = true
                self.title.adjustsFontForContentSizeCategory = true
            }
            func makeCaption() -> UILabel {
                let title = UILabel()
                title.font = .preferredFont(forTextStyle: .caption1)
                return title
            }
        }
        """
        #expect(try findings([("BannerView.swift", updates)]).isEmpty)
    }
}
