/// A screen's file patterns checked against the repository: a pattern that matches no source file
/// is almost always a typo, and would otherwise go unnoticed until a scan finds nothing to read.
public enum FilePatterns {
    /// The patterns that match none of the scannable files under `root` (the files `scan` reads:
    /// git's listing in a checkout, else a walk), in the order given.
    public static func unmatched(_ patterns: [String], root: String) -> [String] {
        guard !patterns.isEmpty else { return [] }
        let rootPath = SourceScanner.absolute(root)
        guard let files = try? SourceScanner.listFiles(paths: [rootPath], root: rootPath) else { return [] }
        let globs = patterns.map(Glob.init)
        var open = Array(globs.indices)
        for file in files where !open.isEmpty {
            open.removeAll { globs[$0].matches(file.relative) }
        }
        return open.map { patterns[$0] }
    }
}
