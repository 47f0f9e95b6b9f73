import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Reports

/// A set of sizes as typed: `l,ax3,ax5`, `xxxl-ax3`, `accessibility`, `UICTContentSizeCategoryAccessibilityXXXL`.
struct SizeSelection: ExpressibleByArgument {
    var sizes: [Size]

    init(argument: String) throws {
        do {
            sizes = try SizeList.parse(argument)
        } catch {
            var message = error.description
            if case .unknown(let token) = error {
                // Largest first, so that 'ax6' suggests 'ax5'.
                let candidates = Size.allCases.reversed().map(\.id) + SizeList.groups.keys.sorted() + Size.acceptedNames
                if let best = Suggestions.closest(to: token, among: candidates).first {
                    let canonical = Size(name: best)?.id ?? best
                    message = "unknown size '\(token)'; did you mean '\(canonical)'? Sizes are \(SizeList.validIDs), ranges like xxxl-ax3, and all, standard, accessibility"
                }
            }
            throw ValidationError(message)
        }
    }

    var defaultValueDescription: String { sizes.map(\.id).joined(separator: ",") }

    static var defaultCompletionKind: CompletionKind { .sizes }
}

/// Checklist items as typed: `all`, or a comma list of ids checked against the store's checklist.
struct ItemSelection: ExpressibleByArgument {
    var ids: [String]?

    init(argument: String) throws {
        if argument.lowercased() == "all" {
            ids = nil
            return
        }
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmedLine }
        if parts.contains("") { throw ValidationError("empty item id in '\(argument)'") }
        ids = parts
    }

    var isAll: Bool { ids == nil }

    static var defaultCompletionKind: CompletionKind { .items }

    /// The ids, each checked against `checklist`, with "did you mean" for a typo.
    func resolve(in checklist: Checklist) throws -> [String] {
        let known = checklist.items.map(\.id)
        guard let ids else { return known }
        var result: [String] = []
        for id in ids {
            let match = known.first { $0 == id } ?? known.first { $0.lowercased() == id.lowercased() }
            guard let match else {
                throw ValidationError("unknown item '\(id)'" + Suggestions.didYouMean(id, among: known)
                                      + " ('dtaudit checklist show' lists the items)")
            }
            if !result.contains(match) { result.append(match) }
        }
        return result
    }
}

extension FixType: ExpressibleByArgument {}

/// The result a recording gives its cells: exactly one of `--pass`, `--fail`, `--na`, `--untested`.
enum StatusFlag: String, EnumerableFlag {
    case pass, fail, na, untested

    static func help(for value: StatusFlag) -> String {
        switch value {
        case .pass: "The check passed."
        case .fail: "The check failed; say what broke with --note."
        case .na: "The check does not apply to this screen."
        case .untested: "Forget the answer: the cell is to be checked again."
        }
    }

    var status: ResultStatus { ResultStatus(rawValue: rawValue) ?? .untested }
}

/// A category set by hand during triage, or `none` to clear it.
enum TriageChoice: String, CaseIterable, ExpressibleByArgument {
    case unsupported, broken, supported, none

    var category: Category? { Category(rawValue: rawValue) }
}

/// A screen category to filter listings by.
extension Category: ExpressibleByArgument {}

/// A file or folder as typed. An empty path is refused: the shell expanded an unset variable, and
/// reading it as the working folder would act on the wrong files.
struct PathArgument: ExpressibleByArgument, ExpressibleByStringLiteral, Hashable, CustomStringConvertible {
    var path: String

    init(argument: String) throws {
        guard !argument.trimmedLine.isEmpty else { throw ValidationError("an empty path names no file or folder") }
        path = argument
    }

    init(stringLiteral value: String) { path = value }

    var description: String { path }
    var defaultValueDescription: String { path }
    static var defaultCompletionKind: CompletionKind { .file() }
}

extension ReportFormat: ExpressibleByArgument {}

/// A calendar day typed as `2026-10-13`.
struct Day: ExpressibleByArgument {
    var text: String
    var start: Timestamp

    init(argument: String) throws {
        guard argument.utf8.count == 10, let time = Timestamp(iso8601: argument) else {
            throw ValidationError("'\(argument)' is not a date; write it as YYYY-MM-DD, such as 2026-10-13")
        }
        text = time.day
        start = time
    }

    var defaultValueDescription: String { text }
}

/// One size, by any of its names: `ax3`, `AX3`, `accessibility3`.
struct SingleSize: ExpressibleByArgument {
    var size: Size

    init(argument: String) throws {
        if let size = Size(name: argument) {
            self.size = size
            return
        }
        let candidates = Size.allCases.reversed().map(\.id) + Size.acceptedNames
        let nearest = Suggestions.closest(to: argument, among: candidates).first.map { Size(name: $0)?.id ?? $0 }
        throw ValidationError("unknown size '\(argument)'" + Suggestions.didYouMean(nearest, thenList: "sizes", SizeList.validIDs))
    }

    static var allValueStrings: [String] { Size.allCases.map(\.id) }
    var defaultValueDescription: String { size.id }
}
