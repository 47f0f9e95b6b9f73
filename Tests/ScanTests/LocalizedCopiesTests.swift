import Testing
@testable import Scan

/// Localized copies of a storyboard or xib beside their Base file (`LocalizedCopies`).
@Suite("Localized copies")
struct LocalizedCopiesTests {
    static func nib(_ text: String, lines: Bool, ids: [String] = ["l"]) -> String {
        let labels = ids.map { id in
            "<label text=\"\(text)\" \(lines ? "numberOfLines=\"0\" " : "")id=\"\(id)\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/></label>"
        }
        return "<document><objects><view id=\"root\"><subviews>\n" + labels.joined(separator: "\n") + "\n</subviews></view></objects></document>"
    }

    private func scan(_ files: [String: String]) throws -> [Finding] {
        try SourceScanner.scan(files: files.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) }).findings
    }

    @Test("paths of copies: the folder, the localization and the file")
    func split() {
        func parts(_ path: String) -> String? {
            LocalizedCopies.split(path).map { "\($0.folder)|\($0.localization)|\($0.name)" }
        }
        #expect(parts("App/de.lproj/Main.storyboard") == "App/|de|Main.storyboard")
        #expect(parts("zh-Hans.lproj/Cell.xib") == "|zh-Hans|Cell.xib")
        #expect(parts("App/de.lproj/Strings.swift") == nil)
        #expect(parts("App/Main.storyboard") == nil)
        #expect(LocalizedCopies(paths: ["App/Base.lproj/A.xib", "App/de.lproj/B.xib", "Other/de.lproj/A.xib"]) == nil)
    }

    @Test("a copy's findings on the Base file's elements are the Base file's, naming the copy; its own stay")
    func folded() throws {
        let findings = try scan([
            "R/Base.lproj/Cell.xib": Self.nib("Name", lines: true),
            "R/de.lproj/Cell.xib": Self.nib("Name", lines: false),
            "R/en.lproj/Cell.xib": Self.nib("Name", lines: true),
        ])
        #expect(findings.map { "\($0.file):\($0.line):\($0.rule.id)" }
                == ["R/Base.lproj/Cell.xib:2:fixed-font-size", "R/de.lproj/Cell.xib:2:single-line"])
        #expect(findings.first?.localizedCopies.map(\.localization) == ["de", "en"])
        #expect(findings.first?.localizedCopies.map(\.file) == ["R/de.lproj/Cell.xib", "R/en.lproj/Cell.xib"])
        #expect(findings.allSatisfy { $0.isActive })
    }

    @Test("without its Base file among those scanned, a copy is scanned like any file")
    func alone() throws {
        let findings = try scan(["R/de.lproj/Cell.xib": Self.nib("Name", lines: false)])
        #expect(findings.count == 2 && findings.allSatisfy { $0.isActive && $0.localizedCopies.isEmpty })
    }

    @Test("a copy sharing fewer than half of its elements with the Base file is out of date: its own findings do not count")
    func outdated() throws {
        let findings = try scan([
            "R/Base.lproj/Cell.xib": Self.nib("Name", lines: true),
            "R/de.lproj/Cell.xib": Self.nib("Alt", lines: true, ids: ["l", "a", "b", "c", "d"]),
        ])
        #expect(findings.filter(\.isActive).map { "\($0.file):\($0.rule.id)" } == ["R/Base.lproj/Cell.xib:fixed-font-size"])
        let marked = findings.filter { $0.suppression?.scope == .outdatedCopy }
        #expect(marked.count == 4)
        #expect(marked.first?.suppression?.reason?.contains("shares 2 of its 6 elements") == true)
    }
}
