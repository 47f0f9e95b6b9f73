import Platform

/// Running `xcresulttool` on a result bundle, which only a Mac with Xcode can do.
public enum XCResultTool {
    /// The commands to run on a Mac, for a bundle shown as `bundle`.
    public static func advice(for bundle: String) -> String {
        let word = Executable.shellWord(bundle)
        let folder = Executable.shellWord((bundle.hasSuffix(".xcresult") ? String(bundle.dropLast(".xcresult".count)) : bundle) + "-attachments")
        return "on a Mac run 'xcrun xcresulttool export attachments --path \(word) --output-path \(folder)' and import \(folder)"
            + " (and 'xcrun xcresulttool get test-results tests --path \(word) > tests.json' for the failures)"
    }

    /// Whether this machine can read a bundle itself: macOS with `xcrun` on the PATH.
    public static var isAvailable: Bool {
        #if os(macOS)
        return Executable.onPath("xcrun", path: System.environment("PATH")) != nil
        #else
        return false
        #endif
    }

    /// Exports the bundle's attachments into `folder` (created, empty) and returns the JSON of its
    /// tests; nil when xcresulttool fails.
    static func export(bundle: String, into folder: String) -> (tests: [UInt8], ok: Bool) {
        guard Subprocess.output(of: "xcrun", ["xcresulttool", "export", "attachments", "--path", bundle, "--output-path", folder]) != nil else {
            return ([], false)
        }
        let tests = Subprocess.output(of: "xcrun", ["xcresulttool", "get", "test-results", "tests", "--path", bundle])
        return (Array((tests ?? "").utf8), true)
    }
}

extension XCResultTool {
    /// Removes the folder an export went to, and everything in it (never following links).
    public static func removeExport(_ folder: String) {
        guard let entries = try? Files.entries(folder) else { return }
        for entry in entries {
            let path = folder + "/" + entry.name
            if entry.kind == .directory { removeExport(path) } else { try? Files.remove(path) }
        }
        try? Files.removeDirectory(folder)
    }
}
