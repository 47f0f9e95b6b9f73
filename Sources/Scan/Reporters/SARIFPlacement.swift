import Output
import Platform

extension SARIFReporter {
    /// Where SARIF places a report's files: relative to `%SRCROOT%`, the repository's root, whatever
    /// folder the scan ran from, with fingerprints made from those paths.
    struct Placement {
        /// The repository's root, absolute.
        let repository: String
        /// The scanned root's path from the repository's root, with a trailing `/`; empty when they are one.
        let prefix: String

        init(_ report: ScanReport, repository: String? = nil) {
            let root = report.root
            let top = repository ?? Placement.repositoryRoot(of: root)
            self.repository = top
            if root == top {
                prefix = ""
            } else if top == "/" {
                prefix = String(root.dropFirst()) + "/"
            } else if root.hasPrefix(top + "/") {
                prefix = String(root.dropFirst(top.count + 1)) + "/"
            } else {
                prefix = ""
            }
        }

        /// The top of the git checkout that holds `root` (the folder with `.git`, a folder or the
        /// file of a worktree), else `root` itself.
        static func repositoryRoot(of root: String) -> String {
            var current = root
            var steps = 0
            while steps < 256 {
                steps += 1
                let marker = current == "/" ? "/.git" : current + "/.git"
                if Files.status(marker, followLinks: false) != nil { return current }
                guard current != "/", let slash = current.lastIndex(of: "/") else { break }
                current = slash == current.startIndex ? "/" : String(current[..<slash])
            }
            return root
        }

        /// `originalUriBaseIds`: `%SRCROOT%` is the repository's root on the machine that scanned.
        var baseIDs: JSON {
            let folder = repository == "/" ? "/" : repository + "/"
            return .object([("%SRCROOT%", .object([
                ("uri", .string("file://" + URIPath.encoded(folder))),
                ("description", .object([("text", .string("The root of the repository that was scanned."))])),
            ]))])
        }

        /// A report path (relative to the scanned root, or absolute) from the repository's root.
        func path(_ file: String) -> String {
            if file.hasPrefix("/") {
                let top = repository == "/" ? "/" : repository + "/"
                return file.hasPrefix(top) ? String(file.dropFirst(top.count)) : file
            }
            return prefix + file
        }

        /// A path relative to `%SRCROOT%`, or one outside the repository as a `file:` URI.
        func artifactLocation(_ file: String) -> [(String, JSON)] {
            let placed = path(file)
            return placed.hasPrefix("/")
                ? [("uri", .string("file://" + URIPath.encoded(placed)))]
                : [("uri", .string(URIPath.encoded(placed))), ("uriBaseId", .string("%SRCROOT%"))]
        }

        /// The findings' fingerprints, made from their paths from the repository's root.
        func fingerprints(_ report: ScanReport, _ verdict: ScanVerdict) -> [String] {
            guard !prefix.isEmpty || report.findings.contains(where: { $0.file.hasPrefix("/") }) else { return verdict.fingerprints }
            return Fingerprint.of(report.findings.map { finding in
                var placed = finding
                placed.file = path(finding.file)
                return placed
            })
        }

        /// A baseline entry's fingerprint from the repository's root: the entry's own fingerprint
        /// names its path from the scanned root, so the occurrence it was made with is found again and
        /// the fingerprint made anew; an entry whose code was cut too short to find it keeps its own.
        func fingerprint(of entry: Baseline.Entry) -> String {
            let placed = path(entry.path)
            guard placed != entry.path else { return entry.fingerprint }
            let code = Fingerprint.normalizedCode(entry.code)
            for occurrence in 0..<1_000 where
                Fingerprint.hash(rule: entry.rule, file: entry.path, code: code, occurrence: occurrence) == entry.fingerprint {
                return Fingerprint.hash(rule: entry.rule, file: placed, code: code, occurrence: occurrence)
            }
            return entry.fingerprint
        }
    }
}
