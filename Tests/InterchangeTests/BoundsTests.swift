import AuditLog
import AuditStore
import Testing
@testable import Interchange

/// A shared file within the size limit can still describe an audit no command is made for: more
/// screens, or more file patterns on one screen, than the bounds allow is refused whole.
@Suite struct BoundsTests {
    /// The store's file with `lines` put before its end.
    func file(_ source: TemporaryStore, adding lines: [String]) throws -> [UInt8] {
        var text = String(decoding: try source.file, as: UTF8.self).components(separatedBy: "\n")
        let end = try #require(text.firstIndex(of: "{\"record\":\"end\"}"))
        text.insert(contentsOf: lines, at: end)
        return Array(text.joined(separator: "\n").utf8)
    }

    func screen(_ k: Int, files: [String] = []) -> String {
        let list = files.map { "\"\($0)\"" }.joined(separator: ",")
        return "{\"record\":\"screen\",\"id\":\"s-\(k)\",\"name\":\"Screen \(k)\",\"critical\":false,\"files\":[\(list)],\"by\":\"Ana\",\"at\":\"2026-09-07T09:00:00.000Z\"},"
    }

    @Test func moreScreensThanAnAuditHoldsAreRefusedAndNothingIsTaken() throws {
        let source = try TemporaryStore()
        let target = try TemporaryStore(prefix: "t")
        let bytes = try file(source, adding: (1...AuditBounds.maximumScreens + 1).map { screen($0) })
        #expect(throws: AuditBounds.self) { try target.take(bytes) }
        #expect(try target.store.recordCount() == 2)
    }

    @Test func moreFilePatternsThanAScreenHoldsAreRefusedNamingTheLine() throws {
        let source = try TemporaryStore()
        let patterns = (0...AuditBounds.maximumFilePatterns).map { "App/\($0)/*.swift" }
        let bytes = try file(source, adding: [screen(1, files: patterns)])
        #expect {
            _ = try AuditFile.read(bytes)
        } throws: { error in
            (error as? InterchangeError)?.message.contains("holds 1001 file patterns; a screen has at most 1000") == true
        }
        // Edits that add patterns a thousand at a time meet the same bound in the store.
        let first = Array(patterns.prefix(1000))
        let edit = "{\"record\":\"edit\",\"id\":\"e-1\",\"screen\":\"s-1\",\"addFiles\":[\"More/*.swift\"],\"by\":\"Ana\",\"at\":\"2026-09-07T09:01:00.000Z\"},"
        let target = try TemporaryStore(prefix: "t")
        #expect(throws: AuditBounds.self) { try target.take(try file(source, adding: [screen(1, files: first), edit])) }
        #expect(try target.store.recordCount() == 2)
        // At the bound, the screen is taken.
        try target.take(try file(source, adding: [screen(1, files: first)]))
        #expect(try target.screen("Screen 1").files.count == AuditBounds.maximumFilePatterns)
    }
}
