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

    /// A checklist file that could not be used, with the exit status its kind of problem has.
    struct UnreadableFile: Error, CustomStringConvertible, ExitStatusProviding {
        let description: String
        var kind: ExitStatus = .ioError
        var exitStatus: Int32 { kind.rawValue }
    }

    /// The file's text; refuses what is not a regular file (a device, a pipe: opening one never
    /// waits), files too large to be a checklist and bytes that are not UTF-8.
    static func readText(_ path: String, shownAs shown: String) throws -> String {
        let opened: (reader: FileReader, byteCount: Int64)
        do {
            opened = try FileReader.openRegular(path, followLinks: true)
        } catch {
            switch error {
            case .missing: throw UnreadableFile(description: "no file '\(shown)'", kind: .noInput)
            case .notAFile, .link: throw UnreadableFile(description: "cannot read \(shown): it is not a regular file", kind: .noInput)
            case .unreadable(let problem): throw UnreadableFile(description: "cannot read \(shown): \(System.errorDescription(problem.code))")
            }
        }
        defer { opened.reader.close() }
        let tooLarge = UnreadableFile(description: "\(shown) is over \(maximumFileSize / 1024) KB; a checklist file is at most \(maximumFileSize / 1024) KB", kind: .badData)
        guard opened.byteCount <= Int64(maximumFileSize) else {
            throw UnreadableFile(description: "\(shown) is \(opened.byteCount / 1024) KB; a checklist file is at most \(maximumFileSize / 1024) KB", kind: .badData)
        }
        // One byte more than allowed, to see a file that grew since it was opened.
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= maximumFileSize {
            let count: Int
            do { count = try opened.reader.read(into: &buffer) } catch { throw UnreadableFile(description: "cannot read \(shown): \(System.errorDescription(error.code))") }
            if count == 0 { break }
            data += buffer[..<count]
        }
        guard data.count <= maximumFileSize else { throw tooLarge }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw UnreadableFile(description: "\(shown) is not UTF-8 text", kind: .badData)
        }
        return text
    }
}
