/// The project's own helpers around a fixed-size font (`appFont(ofSize:)`): found in each file's
/// facts, so that the fonts rules judge their calls in every other file of the module.
extension SwiftAnalyzer {
    /// A function whose body makes a fixed-size font from one of its parameters.
    struct FixedSizeWrapper: Sendable, Hashable {
        /// The type that declares it (`""` at the top level).
        var owner: String
        /// The parameter's argument label at a call (`ofSize`; `_` for none) and its position.
        var label: String
        var position: Int
    }

    /// Functions of `file` that pass a parameter straight to a fixed-size font, without scaling.
    static func fixedSizeWrappers(in file: SwiftFile, fontCalls: [Int], scalingMarks: [Int]) -> [String: [FixedSizeWrapper]] {
        let decls = file.declarations
        var result: [String: [FixedSizeWrapper]] = [:]
        var seen: Set<Int> = []
        for i in fontCalls {
            guard let size = fixedSizeArgument(at: i, in: file), size.end == size.start + 1,
                  file.isKind(size.start, .identifier) else { continue }
            guard let function = decls.innermostFunction(of: i, in: file), seen.insert(function.open).inserted,
                  !bodyScales(function.open, in: file, marks: scalingMarks) else { continue }
            let name = file.identifier(size.start)
            var position = 0
            var found: (label: String, position: Int)?
            file.forEachArgument(function.parameterList) { argument in
                defer { position += 1 }
                var s = argument.hasLabel ? argument.labelIndex : argument.start
                while file.isKind(s, .attribute) { s += 1 }
                if file.isKind(s, .identifier) && file.isKind(s + 1, .identifier) && file.isKind(s + 2, .colon) {
                    if file.identifier(s + 1) == name { found = (file.text(s), position) }
                } else if file.isKind(s, .identifier) && file.isKind(s + 1, .colon), file.identifier(s) == name {
                    found = (name, position)
                }
            }
            guard let found else { continue }
            let owner = decls.enclosingType(of: function.keywordIndex, in: file)?.name ?? ""
            result[function.name(in: file), default: []].append(FixedSizeWrapper(owner: owner, label: found.label, position: found.position))
        }
        return result
    }

    /// The size argument of the fixed-size font made at `i`, if it is one.
    static func fixedSizeArgument(at i: Int, in file: SwiftFile) -> SwiftFile.Argument? {
        switch file.name(i) {
        // The first two arguments are all these calls are asked about, read without making a list.
        case .systemFont, .boldSystemFont, .italicSystemFont, .monospacedSystemFont, .monospacedDigitSystemFont:
            guard file.isKind(i + 1, .leftParen) else { return nil }
            let arguments = file.leadingArguments(i + 1)
            return arguments.first?.label == .ofSize ? arguments.first : nil
        case .UIFont:
            guard file.isKind(i + 1, .leftParen), !file.isKind(i - 1, .period) else { return nil }
            let arguments = file.leadingArguments(i + 1)
            guard arguments.count == 2, let first = arguments.first, let second = arguments.second,
                  first.label == .name || first.label == .descriptor else { return nil }
            if first.label == .size && first.hasLabel { return first }
            return second.label == .size && second.hasLabel ? second : nil
        case .system:
            guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return nil }
            let arguments = file.leadingArguments(i + 1)
            return arguments.first?.label == .size ? arguments.first : nil
        case .custom:
            guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return nil }
            let arguments = file.leadingArguments(i + 1)
            guard arguments.count == 2, let second = arguments.second else { return nil }
            return second.hasLabel && second.label == .fixedSize ? second : nil
        case .withSize:
            guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return nil }
            let arguments = file.leadingArguments(i + 1)
            guard arguments.count == 1, let first = arguments.first else { return nil }
            return !first.hasLabel ? first : nil
        default:
            return nil
        }
    }
}
