import Foundation
import Testing
@testable import Scan
import TestSupport

@Suite("Scanning files")
struct SourceScannerTests {
    private let fixedFont = "import SwiftUI\nlet f = Font.system(size: 9)\n"

    @Test("a folder outside git: build output and dependencies are skipped, paths are relative to the root")
    func walk() throws {
        let folder = try TemporaryFolder()
        for path in ["App/A.swift", "App/Sub/B.swift", "Pods/P/P.swift", "build/G.swift", ".build/x/Z.swift",
                     "DerivedData/D/D.swift", "Carthage/Checkouts/C.swift", "App/notes.txt"] {
            try folder.write(path, fixedFont)
        }
        try folder.write("App/Main.storyboard", "<document><label id=\"a\" numberOfLines=\"0\"><fontDescription pointSize=\"12\" type=\"system\"/></label></document>")
        let report = try SourceScanner.scan(paths: [folder.path], root: folder.path)
        #expect(report.filesScanned == 3)
        #expect(report.findings.map(\.file) == ["App/A.swift", "App/Main.storyboard", "App/Sub/B.swift"])
        #expect(report.linesScanned == 5)
    }

    @Test("a walk tells which folders hold an Xcode project as listing each of them does, and they make modules of their own")
    func walkedProjects() throws {
        let folder = try TemporaryFolder()
        for path in ["App/A.swift", "App/App.xcodeproj/project.pbxproj", "Kit/Sub/B.swift", "Kit/Kit.xcworkspace/contents.xcworkspacedata",
                     "Plain/C.swift", "Plain/notes.xcodeproj.txt", "Pods/Pods.xcodeproj/project.pbxproj"] {
            try folder.write(path, fixedFont)
        }
        var folders = SourceScanner.WalkedFolders()
        let files = SourceScanner.walk(folder.path, folders: &folders)
        #expect(files.count == 3)
        for path in ["", "/App", "/App/App.xcodeproj", "/Kit", "/Kit/Sub", "/Plain"].map({ folder.path + $0 }) {
            #expect(folders.holdsProject(path + "/") == ModuleMap.folderHoldsXcodeProject(path), "\(path)")
        }
        #expect(folders.holdsProject(folder.path + "/App/") == true)
        #expect(folders.holdsProject(folder.path + "/Plain/") == false)
        #expect(folders.holdsProject(folder.path + "/Pods/") == nil, "an excluded folder is not listed")
        // Each project's folder is a module: the same constant name in both does not cross over.
        try folder.write("App/Theme.swift", "import UIKit\nenum Theme { static let size: CGFloat = 13 }\n")
        try folder.write("Kit/Theme.swift", "import UIKit\nenum Theme { static var size: CGFloat { UIFontMetrics.default.scaledValue(for: 17) } }\n")
        try folder.write("App/Row.swift", "import SwiftUI\nlet f = Font.system(size: Theme.size)\n")
        let report = try SourceScanner.scan(paths: [folder.path], root: folder.path)
        let row = report.findings.first { $0.file == "App/Row.swift" && $0.rule == .fixedFontSize }
        #expect(row?.message.contains("13 pt") == true, "the constant of its own project")
    }

    @Test("a git checkout: tracked and untracked files, not ignored ones, not deleted ones",
          .enabled(if: run("git", ["--version"])?.status == 0, "needs git on PATH"))
    func gitCheckout() throws {
        let folder = try TemporaryFolder()
        try folder.write(".gitignore", "Generated/\n")
        try folder.write("Tracked.swift", fixedFont)
        try folder.write("Gone.swift", fixedFont)
        try folder.write("Generated/Ignored.swift", fixedFont)
        let git = { (arguments: [String]) in _ = run("git", ["-C", folder.path] + arguments) }
        git(["init", "-q"])
        git(["add", "Tracked.swift", "Gone.swift", ".gitignore"])
        git(["-c", "user.email=scan@example.com", "-c", "user.name=Scan", "commit", "-q", "-m", "fixture"])
        try FileManager.default.removeItem(atPath: folder.path + "/Gone.swift")
        try folder.write("Untracked.swift", fixedFont)
        let report = try SourceScanner.scan(paths: [folder.path], root: folder.path)
        #expect(report.findings.map(\.file) == ["Tracked.swift", "Untracked.swift"])
        #expect(report.scannedFiles.map(\.file) == ["Tracked.swift", "Untracked.swift"])
        #expect(report.scannedFiles.map(\.lines) == [2, 2])

        // A folder git ignores as a whole, named on purpose, is walked like a file named on its own.
        let ignored = try SourceScanner.scan(paths: [folder.path + "/Generated"], root: folder.path)
        #expect(ignored.findings.map(\.file) == ["Generated/Ignored.swift"])
    }

    @Test("files named on their own, inside or outside the root")
    func explicitFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("Root/Screens/A.swift", fixedFont)
        try folder.write("Elsewhere/B.swift", fixedFont)
        let report = try SourceScanner.scan(paths: [folder.path + "/Root/Screens/A.swift", folder.path + "/Elsewhere/B.swift"],
                                            root: folder.path + "/Root")
        let files = Set(report.findings.map(\.file))
        #expect(files == ["Screens/A.swift", SourceScanner.absolute(folder.path + "/Elsewhere/B.swift")])
    }

    @Test("bad input gets one clear error")
    func errors() throws {
        let folder = try TemporaryFolder()
        try folder.write("README.md", "# readme")
        #expect(throws: ScanError.pathNotFound("No/Such/Place")) {
            try SourceScanner.scan(paths: ["No/Such/Place"], root: folder.path)
        }
        #expect(ScanError.pathNotFound("x").description == "no such file or folder: x")
        #expect(throws: ScanError.unsupportedFile(folder.path + "/README.md")) {
            try SourceScanner.scan(paths: [folder.path + "/README.md"], root: folder.path)
        }
        #expect(!ScanError.unsupportedFile("a").description.contains("\n"))
    }

    @Test("an unreadable file is an error, not a crash", .enabled(if: getuid() != 0, "root can read any file"))
    func unreadable() throws {
        let folder = try TemporaryFolder()
        try folder.write("Locked.swift", fixedFont)
        let path = folder.path + "/Locked.swift"
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        #expect(throws: ScanError.unreadable(path: path, reason: "permission denied")) {
            try SourceScanner.scan(paths: [path], root: folder.path)
        }
    }

    @Test("binary and non-UTF-8 files are scanned without a crash")
    func binaryFiles() throws {
        let folder = try TemporaryFolder()
        var generator = SplitMix64(seed: 99)
        let noise = Data((0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        try folder.write("Noise.swift", noise)
        try folder.write("Noise.xib", noise)
        try folder.write("Latin1.swift", Data([0x2F, 0x2F, 0x20, 0xE9, 0x0A] + Array("let f = Font.system(size: 9)\n".utf8)))
        let report = try SourceScanner.scan(paths: [folder.path], root: folder.path)
        #expect(report.filesScanned == 3)
        let latin = report.findings.first { $0.file == "Latin1.swift" }
        #expect(latin?.line == 2 && latin?.column == 14)
    }

    @Test("the same input always gives the same report, in file, line, column, rule order")
    func deterministic() throws {
        let first = try SourceScanner.scan(paths: [Fixtures.app], root: Fixtures.app)
        let second = try SourceScanner.scan(paths: [Fixtures.app], root: Fixtures.app)
        #expect(first.findings == second.findings)
        #expect(first.findings == first.findings.sorted(by: Finding.precedes))
    }

    @Test("screens are assigned from their globs, first match wins")
    func screens() throws {
        let report = try Fixtures.scanApp()
        let byFile = Dictionary(report.findings.map { ($0.file, $0.screen) }, uniquingKeysWith: { a, _ in a })
        #expect(byFile["Checkout/PaymentView.swift"] == "Checkout")
        #expect(byFile["Account/ProfileHeaderView.swift"] == "Account")
        #expect(byFile["Interface/Settings.storyboard"] == "Settings")
        #expect(byFile["Shared/Theme.swift"] == .some(nil))
    }

    @Test("the fixture app's dependencies and build output are never reported")
    func fixtureExclusions() throws {
        let report = try Fixtures.scanApp()
        #expect(!report.findings.contains { $0.file.hasPrefix("Pods/") || $0.file.hasPrefix("Carthage/")
            || $0.file.hasPrefix("build/") || $0.file.hasPrefix("DerivedData/") })
        #expect(report.filesScanned == 16)
    }
}
