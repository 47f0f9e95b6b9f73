#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DynamicType
import Evidence
import Output
import Platform

public enum EvidenceImportError: Error, Sendable, Equatable, CustomStringConvertible {
    case noFolder(String)
    case notAFolder(String)
    case mapLine(file: String, line: Int, problem: String)
    case unreadableMap(String)

    public var description: String {
        switch self {
        case .noFolder(let path): "no folder at \(path)"
        case .notAFolder(let path): "\(path) is a file, not a folder; give the folder that holds the screenshots"
        case .mapLine(let file, let line, let problem): "\(file) line \(line): \(problem); nothing was changed"
        case .unreadableMap(let detail): detail
        }
    }
}

/// Names in file names mapped to screens by hand (`--screen-map`).
public struct ScreenMap: Sendable {
    /// Screens by the key of the name that maps to them (`EvidenceNaming.key`).
    public var screens: [String: Screen] = [:]

    public init(screens: [String: Screen] = [:]) {
        self.screens = screens
    }

    /// Reads a map file: `name in file names = screen` a line, `#` comments; every screen must
    /// exist and no name may map to two screens.
    public static func load(_ path: String, shownAs shown: String, store: AuditStore) throws -> ScreenMap {
        guard let status = Files.status(path), status.kind == .regular else { throw EvidenceImportError.unreadableMap("no screen map file at \(shown)") }
        guard status.byteCount <= 1_000_000 else { throw EvidenceImportError.unreadableMap("\(shown) is \(ByteCount.format(status.byteCount)); a screen map is at most 1 MB") }
        guard let data = FileManager.default.contents(atPath: path) else { throw EvidenceImportError.unreadableMap("cannot read \(shown)") }
        let text = String(decoding: data, as: UTF8.self)
        if text.unicodeScalars.contains("\u{FFFD}") { throw EvidenceImportError.unreadableMap("\(shown) is not UTF-8 text") }
        var map = ScreenMap()
        for (index, rawLine) in text.textLines.enumerated() {
            let line = rawLine.drop { $0.isWhitespace }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw EvidenceImportError.mapLine(file: shown, line: index + 1, problem: "expected 'name in file names = screen', found '\(TextLayout.singleLine(String(line)))'")
            }
            let name = String(line[..<equals].trimmingSpaces)
            let target = String(line[line.index(after: equals)...].trimmingSpaces)
            let key = EvidenceNaming.key(name)
            if key.isEmpty || target.isEmpty {
                throw EvidenceImportError.mapLine(file: shown, line: index + 1, problem: "expected 'name in file names = screen', found '\(TextLayout.singleLine(String(line)))'")
            }
            let screen: Screen
            do {
                screen = try store.resolveScreen(target)
            } catch {
                throw EvidenceImportError.mapLine(file: shown, line: index + 1, problem: String(describing: error))
            }
            if let earlier = map.screens[key], earlier.id != screen.id {
                throw EvidenceImportError.mapLine(file: shown, line: index + 1, problem: "'\(name)' is already mapped to '\(earlier.name)'")
            }
            map.screens[key] = screen
        }
        return map
    }
}

/// Matching a folder of files to screens, sizes and items.
public enum EvidenceImport {
    public struct Match: Sendable {
        public var relativePath: String
        public var candidate: EvidenceCandidate
        public var hash: String
        public var screen: Screen
        public var size: Size
        public var item: String?
        /// How the screen was found: `name`, `folder` or `map`.
        public var matchedBy: String
    }

    public struct Miss: Sendable {
        public var relativePath: String
        public var reason: String
    }

    public struct Plan: Sendable {
        public var matches: [Match] = []
        public var duplicates: [Match] = []
        public var misses: [Miss] = []
    }

    /// Every regular file under `root`, relative to it, sorted; hidden files and folders are
    /// skipped, and symbolic links to folders are not followed.
    public static func files(in root: String) throws -> [String] {
        var result: [String] = []
        func walk(_ relative: String) throws {
            let folder = relative.isEmpty ? root : root + "/" + relative
            for name in try Files.list(folder).sorted() where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                guard let status = Files.status(root + "/" + path, followLinks: false) else { continue }
                switch status.kind {
                case .directory: try walk(path)
                case .regular: result.append(path)
                case .symbolicLink:
                    if Files.status(root + "/" + path)?.kind == .regular { result.append(path) }
                case .other: break
                }
            }
        }
        try walk("")
        return result
    }

    /// Stores and attaches every match of `plan`, in one write: all of it or nothing. The files
    /// share one time, the store's own for every screen they go to (`ownTime`), so that `undo`
    /// takes the whole import back as one command.
    public static func apply(_ plan: Plan, store: AuditStore, by author: String, progress: ((Int) -> Void)?) throws {
        try store.write {
            let time = try store.ownTime(onScreens: plan.matches.map(\.screen.id))
            for (index, match) in plan.matches.enumerated() {
                progress?(index)
                let file = try store.storeEvidence(match.candidate, by: author, at: time)
                try store.attach(file, name: match.relativePath, to: match.screen, size: match.size, item: match.item, by: author, at: time)
            }
        }
        progress?(plan.matches.count)
    }

    public static func plan(files: [String], root: String, store: AuditStore, map: ScreenMap, progress: ((Int) -> Void)?) throws -> Plan {
        let limit = try store.evidenceLimit()
        let screens = try store.screens()
        let checklist = try store.checklist()
        var byKey: [String: [Screen]] = [:]
        for screen in screens { byKey[EvidenceNaming.key(screen.name), default: []].append(screen) }
        let itemsByKey = Dictionary(checklist.items.map { (EvidenceNaming.key($0.id), $0.id) }, uniquingKeysWith: { a, _ in a })
        var plan = Plan()
        var seen = Set<String>()
        var hashBuffer = [UInt8](repeating: 0, count: 1 << 20)

        for (index, relative) in files.enumerated() {
            progress?(index)
            let candidate: EvidenceCandidate
            do {
                candidate = try EvidenceCandidate.check(path: root + "/" + relative, limit: limit)
            } catch {
                plan.misses.append(Miss(relativePath: relative, reason: reason(for: error)))
                continue
            }
            let readings = EvidenceNaming.interpretations(fileName: relative)
            guard var parts = readings.first else {
                plan.misses.append(Miss(relativePath: relative, reason: "no size in its name\(notSizesClause(fileName: relative)) (write sizes like ax5, accessibility5 or accessibility-extra-extra-extra-large)"))
                continue
            }
            // The first reading whose words name a screen; else the likeliest, by its folders.
            let folders = relative.split(separator: "/").dropLast().reversed().map(String.init)
            var found = ScreenMatch.none
            for reading in readings {
                found = screen(for: reading, folders: [], byKey: byKey, map: map)
                if case .none = found { continue }
                parts = reading
                break
            }
            if case .none = found {
                found = screen(for: parts, folders: folders, byKey: byKey, map: map)
            }
            let screen: Screen
            let matchedBy: String
            let usedAfter: Bool
            switch found {
            case .found(let match, let how, let includesAfter):
                (screen, matchedBy, usedAfter) = (match, how, includesAfter)
            case .ambiguous(let candidates):
                plan.misses.append(Miss(relativePath: relative, reason: "its name fits \(candidates.count) screens (\(candidates.map { "'\($0.name)'" }.joined(separator: ", "))); map it with --screen-map"))
                continue
            case .none:
                let stem = EvidenceNaming.stem(of: relative)
                let guess = parts.screenKeys.last ?? ""
                let suggestion = Suggestions.closest(to: guess, among: screens.map { EvidenceNaming.key($0.name) }).first
                    .flatMap { key in byKey[key]?.first?.name }
                let hint = suggestion.map { "; did you mean '\($0)'? Map it with --screen-map" } ?? (screens.isEmpty ? "; the audit has no screens yet" : "; map it with --screen-map")
                plan.misses.append(Miss(relativePath: relative, reason: "no screen is named like '\(TextLayout.singleLine(stem))'\(hint)"))
                continue
            }
            let item = usedAfter || parts.plainAfter.isEmpty ? nil : itemsByKey[parts.plainAfter]
            let hash = try EvidenceExport.hash(of: candidate.path, buffer: &hashBuffer)
            let match = Match(relativePath: relative, candidate: candidate, hash: hash, screen: screen, size: parts.size, item: item, matchedBy: matchedBy)
            let identity = [hash, String(screen.id), parts.size.id, item ?? ""].joined(separator: "\u{1F}")
            let isNew = seen.insert(identity).inserted
            let attachedBefore = try store.isAttached(hash: hash, to: screen, size: parts.size, item: item)
            if !isNew || attachedBefore {
                plan.duplicates.append(match)
            } else {
                plan.matches.append(match)
            }
        }
        progress?(files.count)
        return plan
    }

    public enum ScreenMatch: Sendable {
        case found(Screen, how: String, includesAfter: Bool)
        case ambiguous([Screen])
        case none
    }

    /// The screen a file's name (or folders) names: through the map first, then by name.
    public static func screen(for parts: FileNameParts, folders: [String], byKey: [String: [Screen]], map: ScreenMap) -> ScreenMatch {
        var keys: [(key: String, how: String, includesAfter: Bool)] = []
        // The words as written first (a screen may be named `iPad Settings`), then without devices,
        // dimensions and widget families (`testTraits.iphone-se-large` is the test `testTraits`).
        for (before, after) in [(parts.before, parts.after), (parts.plainBefore, parts.plainAfter)] {
            for key in EvidenceNaming.variants(of: [before + after]) { keys.append((key, "name", !after.isEmpty)) }
            if !before.isEmpty && !after.isEmpty {
                for key in EvidenceNaming.variants(of: [before]) { keys.append((key, "name", false)) }
            }
        }
        // The test alone: `testTraitsWithView` of `testTraitsWithView.label-large`.
        for key in EvidenceNaming.variants(of: parts.testNames) { keys.append((key, "name", false)) }
        for folder in folders {
            for key in EvidenceNaming.folderKeys(folder) { keys.append((key, "folder", false)) }
        }
        for entry in keys {
            if let screen = map.screens[entry.key] { return .found(screen, how: "map", includesAfter: entry.includesAfter) }
        }
        for entry in keys {
            guard let screens = byKey[entry.key] else { continue }
            if screens.count == 1 { return .found(screens[0], how: entry.how, includesAfter: entry.includesAfter) }
            return .ambiguous(screens)
        }
        return .none
    }

    /// `: 'iphone-xs-max' is a device, not a text size`, or empty when nothing looked like one.
    public static func notSizesClause(fileName path: String) -> String {
        let found = EvidenceNaming.notSizes(fileName: path)
        guard !found.isEmpty else { return "" }
        return ": " + found.map { "'\(TextLayout.singleLine($0.spelling))' is \($0.kind)" }.joined(separator: ", ") + ", not a text size"
    }

    /// Why a file could not be taken, as the list of unmatched files says it.
    public static func reason(for error: EvidenceError) -> String {
        switch error {
        case .notAccepted(_, let looksLike): "not a \(MediaKind.acceptedList) file: its content is \(looksLike)"
        case .tooLarge(_, let bytes, let limit): "\(ByteCount.format(bytes)), over the \(ByteCount.format(limit)) limit"
        case .notFound: "it disappeared while being read"
        case .notAFile: "not a regular file"
        case .unreadable(_, let detail): "cannot be read: \(detail)"
        case .changed: "it changed while being read"
        case .cannotStore(let detail): detail
        }
    }
}
