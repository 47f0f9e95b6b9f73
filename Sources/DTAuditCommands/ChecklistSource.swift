import ArgumentParsing
import DynamicType
import Output
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds a checklist by what a user typed: a shipped checklist's name, a file, or a file in the
/// repository's `Checklists/` folder.
enum ChecklistSource {
    static let maximumFileSize = 1 << 20

    struct Invalid: Error, CustomStringConvertible, ExitStatusProviding {
        let path: String
        let problems: [ChecklistFile.Problem]
        var description: String {
            let first = problems.first.map { "\($0)" } ?? ""
            let more = problems.count > 1 ? " (and \(problems.count - 1) more; run 'dtaudit checklist validate \(path)')" : ""
            return "the checklist \(path) is not valid: \(first)\(more)"
        }
        var exitStatus: Int32 { ExitStatus.badData.rawValue }
    }

    struct NotFound: Error, CustomStringConvertible {
        let name: String
        /// Shipped checklists, then those in the repository's `Checklists/`.
        let known: [String]
        var description: String {
            "no checklist named '\(name)'"
                + Suggestions.didYouMean(Suggestions.closest(to: name, among: known).first, thenList: "checklists", known.joined(separator: ", "))
                + "; or give the path of a checklist file"
        }
    }

    static func load(_ spec: String?, workingDirectory: String) throws -> Checklist {
        guard let spec else { return try ShippedChecklists.defaultChecklist() }
        if let text = ShippedChecklists.text(named: spec) {
            return try ChecklistFile.parse(text, name: spec)
        }
        for candidate in [spec, "Checklists/" + spec, "Checklists/" + spec + ".md"] {
            let path = candidate.hasPrefix("/") ? candidate : workingDirectory + "/" + candidate
            if let status = Files.status(path), status.kind != .directory {
                return try loadFile(path, shownAs: candidate)
            }
        }
        throw NotFound(name: spec, known: known(workingDirectory: workingDirectory))
    }

    /// Shipped checklists' names, then those of the repository's `Checklists/` folder.
    static func known(workingDirectory: String) -> [String] {
        let inFolder = ((try? FileManager.default.contentsOfDirectory(atPath: workingDirectory + "/Checklists")) ?? [])
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
        return ShippedChecklists.all.map(\.name) + inFolder
    }

    /// Reads and parses a checklist file; the name is the file name without `.md`.
    static func loadFile(_ path: String, shownAs shown: String) throws -> Checklist {
        let text = try readText(path, shownAs: shown)
        var name = String(path.split(separator: "/").last ?? "checklist")
        if name.hasSuffix(".md") { name.removeLast(3) }
        do {
            return try ChecklistFile.parse(text, name: name)
        } catch {
            throw Invalid(path: shown, problems: error.problems)
        }
    }

    struct UnreadableFile: Error, CustomStringConvertible {
        let description: String
    }

    /// The file's text; refuses files too large to be a checklist and bytes that are not UTF-8.
    static func readText(_ path: String, shownAs shown: String) throws -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumFileSize {
            throw UnreadableFile(description: "\(shown) is \(size / 1024) KB; a checklist file is at most \(maximumFileSize / 1024) KB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UnreadableFile(description: "cannot read \(shown)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw UnreadableFile(description: "\(shown) is not UTF-8 text")
        }
        return text
    }
}
