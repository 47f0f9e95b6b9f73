/// Localized copies of a storyboard or xib: `de.lproj/Main.storyboard` beside `Base.lproj/Main.storyboard`.
/// Each holds the same views as the Base file with its texts translated (or an older version of them),
/// so the same finding would be counted once per language. A finding of a copy that the Base file has
/// too, on the same element (Interface Builder keeps an element's id in its copies), is reported once,
/// at the Base file, which names the copies that share it; a finding only a copy has stays at the copy.
///
/// A copy that shares fewer than half of its elements with its Base file is out of date with it: a
/// translation of screens since redone, which Xcode no longer keeps beside the Base file. Its own
/// findings are kept, marked as findings of an out-of-date copy, and not counted.
struct LocalizedCopies {
    /// For each file, by index in the scan's paths, the index of the Base file it is a copy of.
    private let baseOf: [Int: Int]
    private let paths: [String]

    /// The copies among `paths`, or nil when there are none.
    init?(paths: [String]) {
        var byPath: [String: Int] = [:]
        var candidates: [(copy: Int, base: String)] = []
        for (k, path) in paths.enumerated() {
            byPath[path] = k
            guard let (folder, localization, name) = LocalizedCopies.split(path), localization != "Base" else { continue }
            candidates.append((k, folder + "Base.lproj/" + name))
        }
        var baseOf: [Int: Int] = [:]
        for candidate in candidates {
            if let base = byPath[candidate.base] { baseOf[candidate.copy] = base }
        }
        guard !baseOf.isEmpty else { return nil }
        self.baseOf = baseOf
        self.paths = paths
    }

    /// `Res/de.lproj/Main.storyboard` as (`Res/`, `de`, `Main.storyboard`); nil for a path that is no
    /// storyboard or xib in a `.lproj` folder.
    static func split(_ path: String) -> (folder: String, localization: String, name: String)? {
        guard path.hasSuffix(".storyboard") || path.hasSuffix(".xib") else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
        let folder = parts[parts.count - 2]
        let localization = String(folder.dropLast(".lproj".count))
        guard !localization.isEmpty else { return nil }
        let prefix = parts.dropLast(2).map { $0 + "/" }.joined()
        return (prefix, localization, String(parts[parts.count - 1]))
    }

    /// Moves each finding that a copy shares with its Base file onto the Base file's finding, as one
    /// of its `localizedCopies`, and marks the other findings of a copy out of date with its Base file.
    /// `findings` holds each file's findings by the index of its path; `ids` gives the element ids of
    /// the file at an index.
    func fold(_ findings: inout [[Finding]], ids: (Int) -> Set<String>) {
        for copy in baseOf.keys.sorted(by: { SourceScanner.utf8Precedes(paths[$0], paths[$1]) }) {
            let base = baseOf[copy]!
            var byAnchor: [String: Int] = [:]
            for (k, finding) in findings[base].enumerated() {
                guard let anchor = finding.anchor else { continue }
                let key = finding.rule.rawValue + "\u{0}" + anchor
                if byAnchor[key] == nil { byAnchor[key] = k }
            }
            guard let (_, localization, _) = LocalizedCopies.split(paths[copy]) else { continue }
            let copyIDs = ids(copy)
            let shared = copyIDs.intersection(ids(base)).count
            let outdated = shared * 2 < copyIDs.count
            var kept: [Finding] = []
            for var finding in findings[copy] {
                if let anchor = finding.anchor, let k = byAnchor[finding.rule.rawValue + "\u{0}" + anchor] {
                    findings[base][k].localizedCopies.append(
                        LocalizedCopy(file: finding.file, localization: localization, line: finding.line, column: finding.column))
                    continue
                }
                if outdated && finding.suppression == nil {
                    finding.suppression = Suppression(
                        scope: .outdatedCopy,
                        reason: "a localized copy out of date with \(paths[base]): it shares \(shared) of its \(copyIDs.count) elements",
                        line: finding.line)
                }
                kept.append(finding)
            }
            findings[copy] = kept
        }
    }
}
