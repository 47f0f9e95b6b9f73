import Foundation
import Testing
@testable import DynamicType

/// `Docs/sizes.md` lists every spelling the table holds, so that the page cannot drift from what
/// `--size` and file names take: a spelling added to `Size.names` fails here until the page
/// holds the row this test prints.
@Suite struct SizeSpellingDocsTests {
    /// The page's table of spellings as `Size.names` makes it: for each size, the spellings taken
    /// anywhere and those a file name takes only as a name part of its own, each once, without
    /// the leading dot of SwiftUI's and UIKit's names.
    static var docsTable: String {
        let standsAlone = Dictionary(Size.spellings.map { (String($0.key), $0.standsAlone) }, uniquingKeysWith: { $0 || $1 })
        var lines = ["| size | typed and in file names | typed, and in a file name only as a name part of its own |",
                     "|------|-------------------------|-----------------------------------------------------------|"]
        for size in Size.allCases {
            var seen = Set<String>()
            var anywhere: [String] = [], alone: [String] = []
            for text in Size.names[size.rawValue].texts {
                let shown = text.hasPrefix(".") ? String(text.dropFirst()) : text
                guard seen.insert(shown.lowercased()).inserted else { continue }
                if standsAlone[String(NameWords(shown).characters)] == true { alone.append(shown) } else { anywhere.append(shown) }
            }
            let cell = { (texts: [String]) in texts.map { "`\($0)`" }.joined(separator: ", ") }
            lines.append("| `\(size.id)` | \(cell(anywhere)) | \(cell(alone)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func page() throws -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return try String(contentsOf: url.appendingPathComponent("Docs/sizes.md"), encoding: .utf8)
    }

    @Test func thePageListsEverySpellingOfTheTable() throws {
        let table = Self.docsTable
        #expect(try Self.page().contains(table), "the spellings section of Docs/sizes.md should hold:\n\(table)")
    }
}
