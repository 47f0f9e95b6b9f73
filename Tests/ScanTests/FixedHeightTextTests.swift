import Testing
@testable import Scan

/// fixed-height-text beyond its examples: chains through `#if`, helpers that return text, row
/// heights, and views that hold no text after all.
@Suite("fixed-height-text")
struct FixedHeightTextTests {
    private func heights(_ source: String) throws -> [String] {
        lines(try scan(source, rules: ["fixed-height-text"]))
    }

    @Test("#if inside a modifier chain hides neither the view nor the modifiers in it")
    func directiveInChain() throws {
        let found = try heights("""
        struct V: View {
            let h: CGFloat = 50
            var body: some View {
                Button("Delete") { delete() }
                    .tint(.red)
                #if os(iOS)
                    .controlSize(.large)
                #endif
                    .frame(height: h)
                Text("Title")
                #if os(iOS)
                    .frame(height: 44)
                #else
                    .frame(height: 60)
                #endif
                Image(systemName: "star")
                #if DEBUG
                    .border(.red)
                #endif
                    .frame(height: 44)
            }
        }
        """)
        #expect(found == ["9:fixed-height-text", "12:fixed-height-text", "14:fixed-height-text"])
    }

    @Test("a fixed frame on what a helper method or property of the view returns: text or not")
    func helperResults() throws {
        let found = try heights("""
        struct Card: View {
            func titleRow() -> some View {
                Text("Title").bold()
            }
            var icon: some View { Image(systemName: "star") }
            var summary: some View {
                VStack { Text("a"); Text("b") }
            }
            var body: some View {
                titleRow().frame(height: 58)
                icon.frame(height: 58)
                summary.frame(height: 80)
            }
        }
        """)
        #expect(found == ["10:fixed-height-text", "12:fixed-height-text"])
    }

    @Test("an image's accessibility label is not shown text; an icon-only Label holds no text")
    func unshownText() throws {
        let found = try heights("""
        struct Toolbar: View {
            var body: some View {
                Menu { Button("Edit") {} } label: {
                    Image("kebab", label: Text("Options"))
                }
                .frame(height: 44)
                Button { } label: { Label("Close", systemImage: "xmark").labelStyle(.iconOnly) }
                    .frame(height: 44)
                Button { } label: { Label("Close", systemImage: "xmark") }
                    .frame(height: 44)
            }
        }
        """)
        #expect(found == ["10:fixed-height-text"])
    }

    @Test("a height chosen by a condition is traced to its branches")
    func conditionalHeight() throws {
        let found = try heights("""
        struct V: View {
            let preview: Bool
            var body: some View {
                VStack { Text("a") }.frame(height: preview ? 330 : 150)
            }
        }
        """)
        #expect(found == ["4:fixed-height-text"])
    }

    @Test("tableView(_:heightForRowAt:) returning constants; self-sizing rows are fine")
    func heightForRow() throws {
        let found = try heights("""
        final class SettingsController: UITableViewController {
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
                switch indexPath.section {
                case 0: return 88
                case 1: return UITableView.automaticDimension
                default: return indexPath.row == 0 ? 60 : 44
                }
            }
        }
        final class ListController: UITableViewController {
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 52 }
            override func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { 52 }
        }
        """)
        #expect(found == ["4:fixed-height-text", "6:fixed-height-text", "11:fixed-height-text"])
    }

    @Test("a button made in code with only an image, in its declaration, holds no text")
    func imageOnlyButton() throws {
        let found = try heights("""
        final class Bar: UIView {
            private lazy var shareButton: UIButton = {
                let button = UIButton(type: .system)
                button.setImage(UIImage(systemName: "square.and.arrow.up"), for: .normal)
                return button
            }()
            private let infoButton = UIButton(type: .infoLight)
            private lazy var doneButton: UIButton = {
                let button = UIButton(type: .system)
                button.setTitle("Done", for: .normal)
                return button
            }()
            func layout() {
                shareButton.heightAnchor.constraint(equalToConstant: 44).isActive = true
                infoButton.heightAnchor.constraint(equalToConstant: 44).isActive = true
                doneButton.heightAnchor.constraint(equalToConstant: 44).isActive = true
            }
        }
        """)
        #expect(found == ["16:fixed-height-text"])
    }

    private func nibFindings(_ xml: String, swift: [(String, String)] = []) throws -> [String] {
        let files = [("Main.storyboard", Array(xml.utf8))] + swift.map { ($0.0, Array($0.1.utf8)) }
        return try SourceScanner.scan(files: files, rules: ["fixed-height-text"]).findings.map { "\($0.file):\($0.line)" }
    }

    @Test("Interface Builder: a table's row height unless its code sets the heights; never a prototype cell's own")
    func tableRowHeight() throws {
        let xml = """
        <document><scenes>
        <scene><objects><tableViewController id="a" customClass="BackupController">
            <tableView key="view" style="grouped" rowHeight="44" id="t1">
                <prototypes><tableViewCell rowHeight="86" id="c1"/></prototypes>
            </tableView>
        </tableViewController></objects></scene>
        <scene><objects><tableViewController id="b" customClass="ListController">
            <tableView key="view" rowHeight="44" id="t2"/>
        </tableViewController></objects></scene>
        <scene><objects><tableViewController id="c" customClass="AutoController">
            <tableView key="view" rowHeight="-1" estimatedRowHeight="-1" id="t3"/>
        </tableViewController></objects></scene>
        </scenes></document>
        """
        let list = """
        final class ListController: UITableViewController {
            override func viewDidLoad() { tableView.rowHeight = UITableView.automaticDimension }
        }
        """
        let found = try nibFindings(xml, swift: [("ListController.swift", list)])
        #expect(found == ["Main.storyboard:3"])
    }

    @Test("Interface Builder: a button with neither title nor image, and a hidden zero-wide field, hold no text")
    func untitledControls() throws {
        let xml = """
        <document><objects><view id="root"><subviews>
            <button id="tap"><constraints><constraint firstAttribute="height" constant="44" id="h1"/></constraints></button>
            <button id="titled"><state key="normal" title="Save"/><constraints><constraint firstAttribute="height" constant="44" id="h2"/></constraints></button>
            <textField hidden="YES" id="f"><rect key="frame" x="0" y="0" width="0.0" height="30"/><constraints><constraint firstAttribute="height" constant="30" id="h3"/></constraints></textField>
            <textField id="g"><rect key="frame" x="0" y="0" width="120" height="30"/><constraints><constraint firstAttribute="height" constant="30" id="h4"/></constraints></textField>
        </subviews></view></objects></document>
        """
        let found = try nibFindings(xml)
        #expect(found == ["Main.storyboard:3", "Main.storyboard:5"])
    }
}
