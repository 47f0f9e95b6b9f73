import Foundation
import Platform
import Testing

/// How printed commands name the running dtaudit: by name when the PATH finds this very binary.
@Suite struct ExecutableTests {
    /// A temporary folder of folders holding programs, removed when released.
    final class Folders {
        let root: String

        init() throws {
            // A space in the path, so that a full path must be quoted to be typed.
            root = FileManager.default.temporaryDirectory.path + "/dtaudit tools-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Writes `folder/name` with the given permissions and returns its path.
        @discardableResult
        func program(_ folder: String, _ name: String = "dtaudit", mode: Int = 0o755, text: String = "#!/bin/sh\n") throws -> String {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            let path = root + "/" + folder + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            return path
        }

        func link(_ folder: String, to target: String) throws -> String {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            let path = root + "/" + folder + "/dtaudit"
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            return path
        }

        func path(_ folders: String...) -> String { folders.map { $0.hasPrefix("/") || $0.isEmpty ? $0 : root + "/" + $0 }.joined(separator: ":") }
    }

    @Test func theShellFindsTheFirstExecutableFileOfTheName() throws {
        let folders = try Folders()
        try folders.program("plain", mode: 0o644)
        try FileManager.default.createDirectory(atPath: folders.root + "/folder/dtaudit", withIntermediateDirectories: true)
        let first = try folders.program("first")
        try folders.program("second")
        #expect(Executable.onPath("dtaudit", path: folders.path("plain", "folder", "first", "second")) == first)
        // Relative and empty entries mean other folders once the user changes folder.
        #expect(Executable.onPath("dtaudit", path: "first:" + folders.path("", "second")) == folders.root + "/second/dtaudit")
        #expect(Executable.onPath("dtaudit", path: folders.path("plain", "folder")) == nil)
        #expect(Executable.onPath("dtaudit", path: nil) == nil)
        #expect(Executable.onPath("first/dtaudit", path: folders.root) == nil)
    }

    @Test func theRunningBinaryIsNamedByNameOnlyWhenThePathFindsIt() throws {
        let folders = try Folders()
        let built = try folders.program("build/debug")
        let running = try #require(Executable.resolved(built))
        // `make install` on the PATH: dtaudit is that copy, not this build.
        let installed = try folders.program("installed")
        let linked = try folders.link("linked", to: built)

        #expect(Executable.command("dtaudit", for: built, path: folders.path("build/debug")) == "dtaudit")
        #expect(Executable.command("dtaudit", for: built, path: folders.path("linked")) == "dtaudit")
        #expect(Executable.command("dtaudit", for: built, path: "/usr/bin:/bin") == "'\(running)'")
        #expect(Executable.command("dtaudit", for: built, path: nil) == "'\(running)'")
        #expect(Executable.command("dtaudit", for: built, path: folders.path("installed", "build/debug")) == "'\(running)'")
        #expect(Executable.command("dtaudit", for: linked, path: folders.path("build/debug", "installed")) == "dtaudit")
        #expect(Executable.command("dtaudit", for: installed, path: folders.path("linked")) == "'\(try #require(Executable.resolved(installed)))'")
        #expect(Executable.command("dtaudit", for: nil, path: folders.path("linked")) == "dtaudit")
    }

    @Test func aShellReadsEachWordBackAsTheText() throws {
        #expect(Executable.shellWord("/usr/local/bin/dtaudit") == "/usr/local/bin/dtaudit")
        #expect(Executable.shellWord("dtaudit-demo") == "dtaudit-demo")
        #expect(Executable.shellWord("my demo") == "'my demo'")
        #expect(Executable.shellWord("it's") == "'it'\\''s'")
        #expect(Executable.shellWord("") == "''")
        for text in ["my demo", "it's", "$HOME", "a;b", "`x`", "Prüfung", "*", "~", "a\"b", "e\u{301}'", "tab\there", "!x", ""] {
            let word = Executable.shellWord(text)
            #expect(Subprocess.output(of: "/bin/sh", ["-c", "printf %s " + word]) == text, "\(text) as \(word)")
        }
    }

    @Test func aQuotedWordTakesEveryCharacterLiterally() {
        #expect(Executable.shellQuoted("Checkout") == "'Checkout'")
        #expect(Executable.shellQuoted("it's") == "'it'\\''s'")
        #expect(Executable.shellQuoted("$(rm -rf ~)`x`\"") == "'$(rm -rf ~)`x`\"'")
        // An apostrophe with a combining accent is one Character but still a quote to the shell.
        #expect(Executable.shellQuoted("a'\u{301}b") == "'a'\\''\u{301}b'")
        for text in ["Checkout", "it's", "a'\u{301}b", "$HOME `x` \\n", ""] {
            #expect(Subprocess.output(of: "/bin/sh", ["-c", "printf %s " + Executable.shellQuoted(text)]) == text, "\(text)")
        }
    }

    @Test func theRunningProgramIsAnExecutableFileWithLinksResolved() throws {
        let current = try #require(Executable.current(workingDirectory: FileManager.default.currentDirectoryPath))
        #expect(current.hasPrefix("/"))
        #expect(Executable.resolved(current) == current)
        #expect(Files.status(current)?.kind == .regular)
        #expect(FileManager.default.isExecutableFile(atPath: current))
    }
}
