/// A file's structure as the scan's own parser reads it: what `scan --fix` keeps the same when it
/// rewrites a file, so that a rewrite can never leave code the scan (or the compiler) reads otherwise.
public struct SourceShape: Sendable, Equatable {
    /// Brackets with no partner: `(`, `[`, `{` never closed and closers never opened.
    public var unmatchedBrackets: Int
    /// Each type, function and binding the file declares, in order: `struct Badge`, `func body`,
    /// `var title`.
    public var declarations: [String]

    /// The shape of a Swift file; nil for any other kind of file.
    public init?(path: String, bytes: [UInt8]) {
        guard path.hasSuffix(".swift") else { return nil }
        self.init(SwiftFile(bytes: bytes))
    }

    /// The shape of a file already lexed: a fix takes it from the scans it makes anyway, instead of
    /// lexing the file twice more.
    init(_ file: SwiftFile) {
        var unmatched = 0
        for index in 0..<file.count {
            switch file.tokens[index].kind {
            case .leftParen, .leftBracket, .leftBrace, .rightParen, .rightBracket, .rightBrace:
                if file.matching[index] < 0 { unmatched += 1 }
            default: break
            }
        }
        unmatchedBrackets = unmatched
        let found = file.declarations
        var named: [(Int, String)] = []
        named.reserveCapacity(found.types.count + found.functions.count + found.variables.count)
        for type in found.types { named.append((type.keywordIndex, "\(type.keyword) \(type.name)")) }
        for function in found.functions { named.append((function.keywordIndex, "func \(function.name(in: file))")) }
        for variable in found.variables { named.append((variable.nameIndex, "var \(variable.name)")) }
        declarations = named.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// What `rewritten` lost of this shape, in a few words, or nil when it kept it.
    public func lost(in rewritten: SourceShape) -> String? {
        if rewritten.unmatchedBrackets > unmatchedBrackets {
            return "it would leave \(rewritten.unmatchedBrackets - unmatchedBrackets) bracket(s) unmatched"
        }
        if rewritten.declarations != declarations {
            let missing = declarations.first { !rewritten.declarations.contains($0) }
            let added = rewritten.declarations.first { !declarations.contains($0) }
            return "it would change the file's declarations" + (missing.map { " (\($0) no longer read)" } ?? added.map { " (\($0) read anew)" } ?? "")
        }
        return nil
    }
}
