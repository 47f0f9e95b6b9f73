import Testing
@testable import Scan

/// Views whose code is elsewhere than the line that names them: a cell's label set up by the
/// controller, a label a factory makes.
extension CodeLocatorTests {
    static let trailCell = """
        import UIKit

        final class TrailCell: UITableViewCell {
            let nameLabel = UILabel()
            let distanceLabel = UILabel()
            override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                nameLabel.font = .systemFont(ofSize: 17)
                distanceLabel.numberOfLines = 1
            }
            required init?(coder: NSCoder) { fatalError() }
        }

        final class OtherCell: UITableViewCell {
            let distanceLabel = UILabel()
            func setUp() { distanceLabel.font = .systemFont(ofSize: 12) }
        }
        """

    /// A controller whose `tableView(_:cellForRowAt:)` gets its cell with `dequeue` and names two labels.
    static func trailsController(_ dequeue: String) -> String {
        """
        import UIKit

        final class TrailsViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                \(dequeue)
                cell.nameLabel.accessibilityIdentifier = "trail.name"
                cell.distanceLabel.accessibilityIdentifier = "trail.distance"
                return cell
            }
        }
        """
    }

    @Test("a cell's label named by the controller maps to the line in the cell's own code that fixes its font", arguments: [
        "let cell = tableView.dequeueReusableCell(withIdentifier: \"TrailCell\", for: indexPath) as! TrailCell",
        "guard let cell = tableView.dequeueReusableCell(withIdentifier: \"TrailCell\") as? TrailCell else { return UITableViewCell() }",
        "let cell: TrailCell = tableView.dequeue(for: indexPath)",
    ])
    func cellLabel(dequeue: String) throws {
        let files = [("Trails/TrailsViewController.swift", Self.trailsController(dequeue)), ("Trails/TrailCell.swift", Self.trailCell)]
        let trace = try Self.trace(files, ElementQuery(name: "trail.name"))
        #expect(trace.line.map { "\($0.file):\($0.line)" } == "Trails/TrailCell.swift:8")
        #expect(trace.sites.map { "\($0.file):\($0.line)" } == ["Trails/TrailsViewController.swift:6"])
        // The cell's type is read from any file of the app, not only the screen's.
        let elsewhere = try Self.trace(files, screen: ["Trails/TrailsViewController.swift"], ElementQuery(name: "trail.name"))
        #expect(elsewhere.line.map { "\($0.file):\($0.line)" } == "Trails/TrailCell.swift:8")
    }

    @Test("a cell's label maps only to its own type's code: another cell's same label is not its line")
    func cellLabelNearMiss() throws {
        let files = [("Trails/TrailsViewController.swift", Self.trailsController("let cell = tableView.dequeueReusableCell(withIdentifier: \"TrailCell\", for: indexPath) as! TrailCell")),
                     ("Trails/TrailCell.swift", Self.trailCell)]
        // `OtherCell.distanceLabel` has a fixed font; `TrailCell.distanceLabel` has none.
        let trace = try Self.trace(files, ElementQuery(name: "trail.distance"))
        #expect(trace.line == nil && trace.findings.isEmpty)
        #expect(trace.reason == "made at Trails/TrailsViewController.swift:7; the scan found nothing on it for text-scales")
        // The label's truncation is in the cell's code.
        let lines = try Self.trace(files, ElementQuery(name: "trail.distance"), item: "no-truncation")
        #expect(lines.line.map { "\($0.file):\($0.line)" } == "Trails/TrailCell.swift:9")
    }

    @Test("a cell of a type the code does not tell: the reason says so, not that the scan found nothing")
    func cellOfUnknownType() throws {
        let files = [("Trails/TrailsViewController.swift", Self.trailsController("let cell = tableView.dequeueReusableCell(withIdentifier: \"TrailCell\", for: indexPath)")),
                     ("Trails/TrailCell.swift", Self.trailCell)]
        let trace = try Self.trace(files, ElementQuery(name: "trail.name"))
        #expect(trace.line == nil && trace.findings.isEmpty)
        #expect(trace.reason == "made at Trails/TrailsViewController.swift:6 through cell.nameLabel, and the type of cell is not known there: "
            + "the scan's findings in that type's code cannot be tied to it")
        // A system type's extension in the app is not the code of this cell's label.
        let system = [("Trails/TrailsViewController.swift", Self.trailsController("let cell: UITableViewCell = tableView.dequeueReusableCell(withIdentifier: \"TrailCell\", for: indexPath)")),
                      ("Trails/Cell+Style.swift", "import UIKit\n\nextension UITableViewCell {\n    func style() { nameLabel.font = .systemFont(ofSize: 17) }\n}\n")]
        let unknown = try Self.trace(system, ElementQuery(name: "trail.name"))
        #expect(unknown.line == nil && unknown.findings.isEmpty)
        #expect(unknown.reason == "made at Trails/TrailsViewController.swift:6 through nameLabel of UITableViewCell, a type the app's code does not declare: "
            + "no finding there can be tied to it")
    }

    @Test("a label a parameter's type tells: configure(_ cell: TrailCell), or a closure's: { (cell: TrailCell, ...) in }")
    func cellParameter() throws {
        let configure = """
            import UIKit

            enum TrailRow {
                static func configure(_ cell: TrailCell, index: Int) {
                    cell.nameLabel.accessibilityIdentifier = "trail.name"
                }
            }
            """
        let trace = try Self.trace([("Trails/TrailRow.swift", configure), ("Trails/TrailCell.swift", Self.trailCell)], ElementQuery(name: "trail.name"))
        #expect(trace.line.map { "\($0.file):\($0.line)" } == "Trails/TrailCell.swift:8")
        // A closure's parameter tells it as well: a diffable data source's cell provider.
        let provider = """
            import UIKit

            enum TrailRows {
                static func register(_ list: UICollectionView) {
                    _ = UICollectionView.CellRegistration<TrailCell, Int> { (cell: TrailCell, indexPath, item) in
                        cell.nameLabel.accessibilityIdentifier = "trail.name"
                    }
                }
            }
            """
        let closure = try Self.trace([("Trails/TrailRows.swift", provider), ("Trails/TrailCell.swift", Self.trailCell)], ElementQuery(name: "trail.name"))
        #expect(closure.line.map { "\($0.file):\($0.line)" } == "Trails/TrailCell.swift:8")
        // Named without a type, the closure's parameter is not known: said so, not guessed.
        let untyped = provider.replacingOccurrences(of: "(cell: TrailCell, indexPath, item)", with: "(cell, indexPath, item)")
        let unknown = try Self.trace([("Trails/TrailRows.swift", untyped), ("Trails/TrailCell.swift", Self.trailCell)], ElementQuery(name: "trail.name"))
        #expect(unknown.line == nil && unknown.reason?.contains("the type of cell is not known there") == true, "\(String(describing: unknown.reason))")
    }

    static let factories = """
        import UIKit

        final class TrailHeader: UIView {
            private lazy var distanceLabel = makeLabel(size: 12)
            private lazy var titleLabel = makeTitle()
            private lazy var stack = UIStackView(arrangedSubviews: [makeLabel(size: 14)])
            private lazy var banner = makeBanner()
            override init(frame: CGRect) {
                super.init(frame: frame)
                distanceLabel.accessibilityIdentifier = "trail.distance"
                titleLabel.accessibilityIdentifier = "trail.title"
                stack.accessibilityIdentifier = "trail.stack"
                banner.accessibilityIdentifier = "trail.banner"
                let note = makeLabel(size: 11)
                note.accessibilityIdentifier = "trail.note"
            }
            private func makeLabel(size: CGFloat) -> UILabel {
                let label = UILabel()
                label.font = .systemFont(ofSize: size)
                return label
            }
            private func makeTitle() -> UILabel {
                let label = UILabel()
                label.font = .systemFont(ofSize: 20)
                return label
            }
            private func makeBanner() -> UIView {
                let banner = UIView()
                let text = UILabel()
                text.font = .systemFont(ofSize: 13)
                banner.addSubview(text)
                return banner
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        """

    @Test("a label a factory makes maps to the line the scan reports for it: the call, or the factory's body")
    func factoryLabel() throws {
        func line(_ name: String) throws -> String? {
            try Self.trace([("Trails/TrailHeader.swift", Self.factories)], ElementQuery(name: name)).line.map { "\($0.file):\($0.line)" }
        }
        #expect(try line("trail.distance") == "Trails/TrailHeader.swift:4")
        #expect(try line("trail.title") == "Trails/TrailHeader.swift:24")
        #expect(try line("trail.note") == "Trails/TrailHeader.swift:14")
    }

    @Test("a factory's finding is not the line of a view that only holds what it makes, nor of a view it returns unset")
    func factoryNearMiss() throws {
        for (name, line) in [("trail.stack", 12), ("trail.banner", 13)] {
            let trace = try Self.trace([("Trails/TrailHeader.swift", Self.factories)], ElementQuery(name: name))
            #expect(trace.line == nil && trace.findings.isEmpty, "\(name)")
            #expect(trace.reason == "made at Trails/TrailHeader.swift:\(line); the scan found nothing on it for text-scales")
        }
    }

    @Test("broken code around a member or a factory gives a reason, never a crash")
    func brokenMembers() throws {
        let snippets = [
            "let cell = as! \n cell.nameLabel.accessibilityIdentifier = \"trail.name\"",
            "func f(_ cell: ) { cell.nameLabel.accessibilityIdentifier = \"trail.name\" ",
            "lazy var nameLabel = makeLabel(\nnameLabel.accessibilityIdentifier = \"trail.name\"\nfunc makeLabel( -> UILabel { return",
            "self.$0.nameLabel.accessibilityIdentifier = \"trail.name\"; let x: = TrailCell.init(",
            "\"trail.\\(\", \"\\(\\(\\(\" \"trail.name\\(",
            "class C { let cell = C.init(); func f() { cell.cell.nameLabel.accessibilityIdentifier = \"trail.name\" } }",
        ]
        for snippet in snippets {
            let trace = try Self.trace([("A.swift", snippet), ("Trails/TrailCell.swift", Self.trailCell)], screen: ["A.swift"], ElementQuery(name: "trail.name"))
            #expect(trace.line != nil || trace.reason.map { !$0.isEmpty } == true, "\(snippet)")
        }
    }
}
