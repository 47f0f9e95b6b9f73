import Testing
@testable import Scan

@Suite("Structure")
struct StructureTests {
    private func index(of text: String, in file: SwiftFile, occurrence: Int = 0) -> Int {
        var seen = 0
        for i in file.tokens.indices where file.text(i) == text {
            if seen == occurrence { return i }
            seen += 1
        }
        Issue.record("no token \(text)")
        return 0
    }

    @Test("brackets match across lines and unbalanced input stays usable")
    func brackets() {
        let file = SwiftFile("f(a, [b: { c }]) }\n g(")
        let open = index(of: "(", in: file)
        #expect(file.text(Int(file.matching[open])) == ")")
        #expect(file.matching[index(of: "}", in: file, occurrence: 1)] == -1)
        #expect(file.closing(index(of: "(", in: file, occurrence: 1)) == file.count)
        let c = index(of: "c", in: file)
        #expect(file.text(Int(file.parent[c])) == "{")
    }

    @Test("argument lists with labels, spread over lines")
    func arguments() {
        let file = SwiftFile("""
        .font(.system(
            size: 17,
            weight: .bold),
          other)
        """)
        let system = index(of: "system", in: file)
        let arguments = file.arguments(system + 1)
        #expect(arguments.count == 2)
        #expect(arguments[0].label == .size && file.text(arguments[0].start) == "17")
        #expect(arguments[1].label == .weight)
        let font = index(of: "font", in: file)
        #expect(file.arguments(font + 1).count == 2)
        let empty = SwiftFile("f()")
        #expect(empty.arguments(1).isEmpty)
    }

    @Test("a modifier chain leads back to the view it modifies")
    func chains() {
        let file = SwiftFile("""
        VStack {
            Text("a")
        }
        // a comment between modifiers
        .padding()
        .font(.title)
        """)
        let font = index(of: "font", in: file)
        #expect(file.text(file.chainStart(endingAt: font - 2)) == "VStack")

        let button = SwiftFile("Button(action: go) { Text(\"Pay\") } label: { }.frame(height: 4)")
        #expect(file.text(0) == "VStack")
        let frame = index(of: "frame", in: button)
        #expect(button.chainStart(endingAt: frame - 2) == 0)

        let statement = SwiftFile("return label?.text.count")
        #expect(statement.text(statement.chainStart(endingAt: statement.count - 1)) == "label")
        let implicit = SwiftFile("x(.system(size: 1))")
        let system = index(of: "system", in: implicit)
        #expect(implicit.chainStart(endingAt: system) == system - 1)
    }

    @Test("types, their bases, functions and their parameters")
    func declarations() {
        let file = SwiftFile("""
        final class BadgeLabel: UIKit.UILabel, Themeable {
            var numberOfLines = 1
            func configure(with model: Model, _ size: CGFloat) { }
        }
        extension BadgeLabel: @unchecked Sendable where Self: AnyObject { }
        struct Row<T: Equatable>: View { var body: some View { Text("") } }
        """)
        let types = file.declarations.types
        #expect(types.map(\.name) == ["BadgeLabel", "BadgeLabel", "Row"])
        #expect(types[0].inherits == ["UILabel", "Themeable"])
        #expect(types[1].keyword == .extension && types[1].inherits == ["Sendable"])
        #expect(types[2].inherits == ["View"])
        let configure = file.declarations.functions.first { $0.name(in: file) == "configure" }
        #expect(configure?.parameters(in: file) == ["model", "size"])
    }

    @Test("a parameter is found by name as in the list of parameters: labels, attributes, backticks, non-ASCII spellings")
    func parameterByName() throws {
        // The second `café` is spelled with a combining accent: the same name to Swift, other bytes.
        let file = SwiftFile("""
        func style(with label: UILabel, @ViewBuilder content: () -> V, `default`: Int, café: Int, _ size: CGFloat) { }
        func other(cafe\u{301}: Int) { }
        """)
        let style = try #require(file.declarations.functions.first { $0.name(in: file) == "style" })
        let other = try #require(file.declarations.functions.first { $0.name(in: file) == "other" })
        for name in ["label", "with", "content", "default", "`default`", "café", "cafe\u{301}", "size", "_", "UILabel", "", "labe", "labels"] {
            #expect(style.hasParameter(named: name, in: file) == style.parameters(in: file).contains(name), "\(name)")
            #expect(other.hasParameter(named: name, in: file) == other.parameters(in: file).contains(name), "\(name)")
        }
        #expect(style.hasParameter(named: "label", in: file) && style.hasParameter(named: "default", in: file))
        #expect(style.hasParameter(named: "cafe\u{301}", in: file) && other.hasParameter(named: "café", in: file))
        #expect(!style.hasParameter(named: "with", in: file))
    }

    @Test("variables: types, initial values, attributes, several at once")
    func variables() {
        let file = SwiftFile("""
        @ScaledMetric(relativeTo: .body) private var iconSize: CGFloat = 24
        @IBOutlet private weak var titleLabel: UILabel!
        let a = 1, b: Double = 2
        lazy var label = UILabel()
        var computed: CGFloat { 17 }
        if let font = UIFont(name: "X", size: 1) { }
        let style = { (label: UILabel) in label }
        """)
        let variables = Dictionary(file.declarations.variables.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(variables["iconSize"]?.isScaledMetric == true)
        #expect(variables["iconSize"]?.typeName == "CGFloat")
        #expect(variables["titleLabel"]?.isOutlet == true && variables["titleLabel"]?.typeName == "UILabel")
        #expect(variables["b"]?.typeName == "Double")
        #expect(variables["a"].map { file.text($0.initStart) } == "1")
        #expect(variables["label"].map { SwiftAnalyzer.initializerType($0, in: file) } == "UILabel")
        #expect((variables["computed"]?.bodyOpen ?? -1) >= 0)
        #expect(variables["font"]?.hasInitializer == true)
        let closureParameter = file.declarations.variables.first { $0.name == "label" && $0.typeName == "UILabel" }
        #expect(closureParameter != nil)
    }

    @Test("of several variables of one name, the one in scope at a use is found")
    func variableInScope() {
        let file = SwiftFile("""
        let size = 12
        struct Card {
            var size: CGFloat = 14
            var title = ""
            func layout() {
                let size = 16
                print(size, title)
            }
            func measure() -> CGFloat { size }
        }
        """)
        let declarations = file.declarations
        #expect(declarations.variableIndices(named: "size")?.map { file.text(declarations.variables[$0].initStart) } == ["12", "14", "16"])
        let inLayout = index(of: "size", in: file, occurrence: 3)
        #expect(declarations.variable(named: "size", visibleAt: inLayout, in: file).map { file.text($0.initStart) } == "16")
        #expect(declarations.variable(named: "title", visibleAt: inLayout, in: file) != nil)
        let inMeasure = index(of: "size", in: file, occurrence: 4)
        #expect(declarations.variable(named: "size", visibleAt: inMeasure, in: file).map { file.text($0.initStart) } == "14")
        #expect(declarations.variable(named: "missing", visibleAt: inMeasure, in: file) == nil)
    }

    @Test("preview-only code: #Preview blocks and PreviewProvider types")
    func previews() {
        let file = SwiftFile("""
        struct A: View { var body: some View { Text("a") } }
        #Preview("Dark") { A() }
        struct A_Previews: PreviewProvider { static var previews: some View { A() } }
        """)
        let inBody = index(of: "Text", in: file)
        let inMacro = index(of: "A", in: file, occurrence: 1)
        let inProvider = index(of: "A", in: file, occurrence: 2)
        #expect(!file.declarations.isInPreview(inBody))
        #expect(file.declarations.isInPreview(inMacro))
        #expect(file.declarations.isInPreview(inProvider))
    }

    @Test("the end of an expression: new lines, continuations and conditions")
    func expressionEnds() {
        let file = SwiftFile("""
        let size = base
            * 2
        let next = 1
        if let x = y, z { }
        """)
        let base = index(of: "base", in: file)
        #expect(file.text(file.expressionEnd(from: base)) == "let")
        let y = index(of: "y", in: file)
        #expect(file.text(file.expressionEnd(from: y, condition: true)) == ",")
    }
}
