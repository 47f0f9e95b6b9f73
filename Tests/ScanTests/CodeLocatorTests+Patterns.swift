import Testing
@testable import Scan

/// Small apps written out in full, scanned, and a failing element traced in them: what a person
/// reading `explain` sees, the line named or the reason why none is.
extension CodeLocatorTests {
    static func trace(_ files: [(String, String)], screen: [String]? = nil, _ query: ElementQuery, item: String = "text-scales") throws -> CodeTrace {
        let sources = files.map { (path: $0.0, bytes: Array($0.1.utf8)) }
        let report = try SourceScanner.scan(files: sources)
        let findings = report.findings.map { CodeFinding(file: $0.file, line: $0.line, column: $0.column, rule: $0.rule.rawValue, item: $0.item) }
        let locator = CodeLocator(sources: LocatorSources(files: sources, screenFiles: screen ?? files.map(\.0)), findings: findings)
        return locator.trace(query, item: item)
    }

    static let distances = """
        import SwiftUI

        struct TrailList: View {
            let trails: [String]
            var body: some View {
                ForEach(trails.indices, id: \\.self) { i in
                    Text(trails[i])
                        .font(.system(size: 12))
                        .accessibilityIdentifier("trail.distance.\\(i)")
                }
            }
        }
        """

    @Test("an interpolated identifier is a pattern: trail.distance.3 maps to the line of its literal's element")
    func interpolatedIdentifier() throws {
        let trace = try Self.trace([("TrailList.swift", Self.distances)], ElementQuery(name: "trail.distance.3"))
        #expect(trace.line.map { "\($0.file):\($0.line)" } == "TrailList.swift:8")
        #expect(trace.sites.map(\.how) == ["accessibilityIdentifier \"trail.distance.3\""])
    }

    @Test("an interpolated identifier matches only what its written parts allow")
    func interpolatedNearMiss() throws {
        for name in ["trail.distances3", "trail.name.3", "x.trail.distance.3"] {
            let trace = try Self.trace([("TrailList.swift", Self.distances)], ElementQuery(name: name))
            #expect(trace.line == nil && trace.findings.isEmpty)
            #expect(trace.reason == "nothing in the screen's files makes an element of name \"\(name)\" (as an identifier or a label)")
        }
        // A literal of interpolations alone is no pattern: it would match any name.
        let bare = Self.distances.replacingOccurrences(of: "\"trail.distance.\\(i)\"", with: "\"\\(i)\\(i)\"")
        let trace = try Self.trace([("TrailList.swift", bare)], ElementQuery(name: "trail.distance.3"))
        #expect(trace.line == nil && trace.sites.isEmpty)
    }

    @Test("two interpolated literals that both match are candidates, not a line")
    func interpolatedCandidates() throws {
        let line = ".accessibilityIdentifier(\"trail.distance.\\(i)\")"
        let two = Self.distances.replacingOccurrences(of: line, with: line + "\n            Text(\"km\").font(.system(size: 11)).accessibilityIdentifier(\"trail.\\(i).3\")")
        let trace = try Self.trace([("TrailList.swift", two)], ElementQuery(name: "trail.distance.3"))
        #expect(trace.line == nil)
        #expect(trace.findings.map(\.line) == [8, 10])
        #expect(trace.reason == "2 elements have this name (TrailList.swift:9, TrailList.swift:10)")
    }
}
