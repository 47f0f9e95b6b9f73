import Foundation
import Testing
@testable import Scan

/// The unseen part of the corpus (`Fixtures/Corpus/unseen`): ten apps' labels and the git blob ids of
/// their files, whose bytes are not in this repository. Measured when `DTAUDIT_CORPUS_UNSEEN` names a
/// folder that holds them as `<dev|heldout>/<owner>+<repository>/<path>`, fetched at the commits the
/// corpus README names; skipped otherwise.
@Suite("Unseen corpus")
struct UnseenCorpusTests {
    static let folder: String? = {
        guard let value = ProcessInfo.processInfo.environment["DTAUDIT_CORPUS_UNSEEN"], !value.isEmpty else { return nil }
        return value
    }()

    /// One line of `sources.tsv`.
    struct Source {
        var path: String
        var blob: String
        var listed: Bool
        var bytes: Int
    }

    static func sources(_ part: String) throws -> [Source] {
        let text = try String(contentsOfFile: CorpusTests.corpus + "/unseen/\(part)/sources.tsv", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Source(path: fields[0], blob: fields.count > 1 ? fields[1] : "", listed: fields.count > 2 && fields[2] == "listed",
                          bytes: fields.count > 3 ? Int(fields[3]) ?? -1 : -1)
        }
    }

    /// Checks that every file the part needs is there, byte for byte the file that was labelled.
    /// Returns whether all are.
    static func verify(_ part: String, at root: String) throws -> Bool {
        let sources = try sources(part)
        let listed = Set(try String(contentsOfFile: CorpusTests.corpus + "/unseen/\(part)/files.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init))
        #expect(Set(sources.filter(\.listed).map(\.path)) == listed, "sources.tsv marks as listed exactly the files of files.txt (\(part))")
        var good = true
        for source in sources {
            guard let data = FileManager.default.contents(atPath: root + "/" + part + "/" + source.path) else {
                Issue.record("the unseen corpus lacks \(part)/\(source.path) under \(root): fetch it at the commit the corpus README names")
                good = false
                continue
            }
            let id = GitBlob.id(of: Array(data))
            if id != source.blob || data.count != source.bytes {
                Issue.record("\(part)/\(source.path) is not the labelled file: git blob \(id) (\(data.count) bytes), labelled \(source.blob) (\(source.bytes) bytes)")
                good = false
            }
        }
        return good
    }

    /// Scores a part, scanning exactly the files its `sources.tsv` lists, app by app.
    static func evaluate(_ part: String, at root: String) throws -> CorpusTests.Outcome {
        // Context files the scan does not read (Objective-C that a nib's outlets belong to) stay out.
        let paths = try sources(part).map(\.path).filter(SourceScanner.isScannable)
        let scanned = Dictionary(grouping: paths, by: CorpusTests.app(of:))
        return try CorpusTests.evaluate(lists: CorpusTests.corpus + "/unseen/" + part, sources: root + "/" + part, scanned: scanned)
    }

    @Test("a file's git blob id is git's")
    func blobIds() {
        #expect(GitBlob.id(of: []) == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        #expect(GitBlob.id(of: Array("hello\n".utf8)) == "ce013625030ba8dba906f756967f9e9ca394464a")
        // Longer than one block, and a length whose padding needs a second block.
        #expect(GitBlob.id(of: Array(String(repeating: "a", count: 1000).utf8)) == "a50be72b20f0e3f078d252e8e56b11b4bec67509")
        #expect(GitBlob.id(of: Array(String(repeating: "b", count: 48).utf8)) == "43f4695b30b11194c156d27667b8bf69815173e6")
    }

    @Test("precision and recall per rule on the unseen apps, at or above their floors, when their files are on this machine",
          .enabled(if: UnseenCorpusTests.folder != nil,
                   "DTAUDIT_CORPUS_UNSEEN is not set: the unseen corpus's files are not on this machine, so it is not measured"))
    func scores() throws {
        let root = try #require(UnseenCorpusTests.folder)
        var parts: [(title: String, outcome: CorpusTests.Outcome)] = []
        for part in ["dev", "heldout"] {
            guard try UnseenCorpusTests.verify(part, at: root) else { continue }
            let outcome = try UnseenCorpusTests.evaluate(part, at: root)
            parts.append(("Unseen \(part)", outcome))
            print(CorpusTests.counts("unseen \(part)", outcome))
            CorpusTests.printDetails("unseen \(part)", outcome, heldOut: part == "heldout")
            CorpusTests.expectFloors("unseen/" + part, outcome)
        }
        if !parts.isEmpty { print(CorpusTests.table(parts)) }
    }
}
