import Foundation
import Testing

/// `export --format asc-declaration`: App Store Connect's accessibility declaration, each device
/// family decided from its own evidence, written as the API's request bodies and checked against
/// Apple's OpenAPI document by a validator that is not ours.
@Suite(.tags(.endToEnd)) struct ASCDeclarationExportTests {
    static let schema = ComplianceExportTests.repository.appendingPathComponent("Tests/Schemas/asc-accessibility-declaration.openapi.json")
    static let iPad = "iPad Pro 13-inch (M4)"

    /// Two critical screens and one other, every planned check of the critical ones passed by a person.
    static func audit() throws -> CLI {
        let cli = try CLI()
        try cli.ok(["init", "--app", "Trailhead"])
        try cli.ok(["screen", "add", "Checkout", "--flow", "checkout", "--critical"])
        try cli.ok(["screen", "add", "Search", "--critical"])
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        try cli.ok(["record", "Search", "--size", "all", "--item", "all", "--pass"])
        return cli
    }

    /// Imports `xcresulttool get test-results tests` of a run on `device`, each failure a test's message.
    static func importRun(_ cli: CLI, _ file: String, device: String, failures: [(test: String, message: String)]) throws {
        let text = RunFixtures.tests(suite: "DynamicTypeAuditTests", cases: failures.map { ($0.test, [$0.message]) })
            .replacingOccurrences(of: "\"iPhone 16\"", with: "\"\(device)\"")
        try Fixture.write(Data(text.utf8), file, in: cli.directory)
        try cli.ok(["evidence", "import-xcresult", file])
    }

    /// The index an export wrote, as its first line names it: `Wrote Exports/trailhead-<day>-asc-declaration.json (...`.
    static func written(_ output: String) throws -> String {
        let path = try #require(output.split(separator: "\n").first.flatMap { $0.split(separator: " ").dropFirst().first }.map(String.init))
        #expect(path.hasPrefix("Exports/trailhead-") && path.hasSuffix("-asc-declaration.json"))
        return path
    }

    /// The export's index, read back; the body files beside it by family.
    static func export(_ cli: CLI, _ arguments: [String] = ["--app-id", "1234567890"]) throws -> (output: String, index: [String: Any], bodies: [String: [String: Any]]) {
        let output = try cli.ok(["export", "--format", "asc-declaration"] + arguments)
        let path = try written(output)
        let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cli.directory.appendingPathComponent(path))) as? [String: Any])
        var bodies: [String: [String: Any]] = [:]
        for family in index["families"] as? [[String: Any]] ?? [] {
            guard let file = (family["bodyFile"] as? [String: Any])?["name"] as? String else { continue }
            let url = cli.directory.appendingPathComponent(path).deletingLastPathComponent().appendingPathComponent(file)
            bodies[family["deviceFamily"] as? String ?? ""] = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        }
        return (output, index, bodies)
    }

    /// A file's SHA-256 by the system's own tool (coreutils on Linux, shasum on a Mac).
    static func sha256(_ path: String, in cli: CLI) throws -> String {
        let sum = try Spawn.run("/bin/sh", ["-c", "sha256sum \"$0\" 2>/dev/null || shasum -a 256 \"$0\"", path],
                                in: cli.directory, environment: ProcessInfo.processInfo.environment, input: nil)
        return try #require(sum.stdout.split(separator: " ").first.map(String.init))
    }

    static func family(_ index: [String: Any], _ name: String) -> [String: Any]? {
        (index["families"] as? [[String: Any]])?.first { $0["deviceFamily"] as? String == name }
    }

    static func largerText(_ body: [String: Any]?) -> Bool? {
        ((body?["data"] as? [String: Any])?["attributes"] as? [String: Any])?["supportsLargerText"] as? Bool
    }

    @Test func theIPadIsDecidedFromIPadEvidenceOnly() throws {
        let cli = try Self.audit()
        try Self.importRun(cli, "ipad.json", device: Self.iPad, failures: [("testCheckoutAX5()", "dtaudit[Checkout_ax5] Dynamic Type font sizes are unsupported")])
        var (output, index, bodies) = try Self.export(cli)
        // Every critical screen passed on the iPhone, by a person: true. The iPad's one run failed
        // Checkout at AX5 and saw nothing of Search: false, whatever the iPhone's passes say.
        #expect(Self.largerText(bodies["IPHONE"]) == true)
        #expect(Self.largerText(bodies["IPAD"]) == false)
        #expect(output.contains("IPHONE: supportsLargerText true") && output.contains("IPAD: supportsLargerText false (Checkout: unsupported; Search: unaudited)"))
        let iPad = try #require(Self.family(index, "IPAD"))
        let runs = try #require(iPad["runs"] as? [String])
        #expect(runs.count == 1 && runs[0].hasPrefix("ipad.json [IPAD: iPad Pro 13-inch (M4)] #"))
        // The iPad's evidence is the run's alone, and the iPhone's has none of it.
        let iPadCells = (iPad["screens"] as? [[String: Any]] ?? []).flatMap { $0["cells"] as? [[String: Any]] ?? [] }
        #expect(iPadCells.count == 1 && iPadCells.allSatisfy { $0["run"] as? String == runs[0] })
        #expect(iPadCells.first?["size"] as? String == "ax5" && iPadCells.first?["status"] as? String == "fail")
        let iPhoneCells = (Self.family(index, "IPHONE")?["screens"] as? [[String: Any]] ?? []).flatMap { $0["cells"] as? [[String: Any]] ?? [] }
        #expect(!iPhoneCells.isEmpty && iPhoneCells.allSatisfy { $0["run"] is NSNull && $0["by"] as? String == "Tess Tester" })

        // A run on an iPhone that fails a critical screen at AX3 takes the iPhone's claim away, and
        // only the iPhone's.
        try Self.importRun(cli, "iphone.json", device: "iPhone 16", failures: [("testSearchAX3()", "dtaudit[Search_ax3] Text clipped")])
        (output, index, bodies) = try Self.export(cli)
        #expect(Self.largerText(bodies["IPHONE"]) == false)
        #expect(output.contains("IPHONE: supportsLargerText false (Search: broken)"))
        #expect(Self.largerText(bodies["IPAD"]) == false)
        #expect(Self.family(index, "IPAD")?["recordings"] as? Int == 1)
    }

    @Test func aPersonsRecordingsCountForTheMainFamilyTheTeamNames() throws {
        let cli = try Self.audit()
        try Fixture.write(Data("""
            {"appId": "1234567890", "mainDeviceFamily": "IPAD",
             "declarations": {"IPAD": {"supportsVoiceover": true, "supportsDarkInterface": false, "supportsCaptions": true}}}
            """.utf8), "dtaudit-declaration.json", in: cli.directory)
        try Self.importRun(cli, "iphone.json", device: "iPhone 16", failures: [("testCheckoutAX3()", "dtaudit[Checkout_ax3] Text clipped")])
        let (output, index, bodies) = try Self.export(cli, [])
        // The people's passes are the iPad's, the iPhone run's failure the iPhone's alone.
        #expect(Self.largerText(bodies["IPAD"]) == true && Self.largerText(bodies["IPHONE"]) == false)
        // The team's features in Apple's order, Larger Text among them; nothing the team left out.
        let attributes = try #require((bodies["IPAD"]?["data"] as? [String: Any])?["attributes"] as? [String: Any])
        #expect(attributes as NSDictionary == ["deviceFamily": "IPAD", "supportsCaptions": true, "supportsDarkInterface": false,
                                               "supportsLargerText": true, "supportsVoiceover": true] as NSDictionary)
        let ipadFile = try Self.written(output).replacingOccurrences(of: ".json", with: "-ipad.json")
        let text = try String(contentsOf: cli.directory.appendingPathComponent(ipadFile), encoding: .utf8)
        #expect(text.range(of: "\"supportsCaptions\"")!.lowerBound < text.range(of: "\"supportsDarkInterface\"")!.lowerBound
                && text.range(of: "\"supportsLargerText\"")!.lowerBound < text.range(of: "\"supportsVoiceover\"")!.lowerBound)
        #expect(!text.contains("publish"))
        #expect(output.contains("dtaudit-declaration.json declares no Audio Descriptions, Differentiate Without Color Alone, Reduced Motion, Sufficient Contrast, Voice Control for IPAD"))
        #expect(output.contains("A person's recordings count for IPAD (set by dtaudit-declaration.json)."))
        #expect((index["mainDeviceFamily"] as? [String: Any])?["deviceFamily"] as? String == "IPAD")
        #expect(output.contains("  or: asc accessibility create --app 1234567890 --device-family IPAD --supports-captions true --supports-dark-interface false --supports-larger-text true --supports-voiceover true"))

        // --main-family overrides the file: the people's passes are the iPhone's now, beside the
        // run's failure; the iPad has no evidence, so no body.
        let (again, reindexed, rebodies) = try Self.export(cli, ["--main-family", "IPHONE"])
        #expect(Self.largerText(rebodies["IPHONE"]) == false && rebodies["IPAD"] == nil)
        #expect(again.contains("IPAD: not evaluated, no body written: nothing was recorded on an iPad"))
        // The index names no body for it (the earlier export's file beside it is not this one's).
        #expect(Self.family(reindexed, "IPAD")?["evaluated"] as? Bool == false && Self.family(reindexed, "IPAD")?["bodyFile"] == nil)
    }

    @Test func withoutTheTeamsFileABodySetsLargerTextOnlyAndTheCommandSaysSo() throws {
        let cli = try Self.audit()
        let result = try cli.run(["export", "--format", "asc-declaration", "--app-id", "1234567890", "--output", "declaration.json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Wrote declaration.json (the evidence index, as of ") && result.stdout.contains(") and 1 request body\n"))
        #expect(result.stderr.contains("dtaudit-declaration.json is missing, so the bodies set Larger Text only, and App Store Connect takes the eight features a request leaves out as not supported (Audio Descriptions, Captions, Dark Interface, Differentiate Without Color Alone, Reduced Motion, Sufficient Contrast, Voice Control, VoiceOver)"))
        let body = try String(contentsOf: cli.directory.appendingPathComponent("declaration-iphone.json"), encoding: .utf8)
        #expect(body == """
            {
              "data": {
                "type": "accessibilityDeclarations",
                "attributes": {
                  "deviceFamily": "IPHONE",
                  "supportsLargerText": true
                },
                "relationships": {
                  "app": {
                    "data": {
                      "type": "apps",
                      "id": "1234567890"
                    }
                  }
                }
              }
            }

            """)
        // The index holds the body's checksum, and every critical screen's recordings with who made them.
        let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cli.directory.appendingPathComponent("declaration.json"))) as? [String: Any])
        let iPhone = try #require(Self.family(index, "IPHONE"))
        #expect((iPhone["bodyFile"] as? [String: Any])?["sha256"] as? String == (try Self.sha256("declaration-iphone.json", in: cli)))
        let screens = try #require(iPhone["screens"] as? [[String: Any]])
        #expect(screens.map { $0["screen"] as? String } == ["Checkout", "Search"])
        #expect(index["declarationFile"] is NSNull)
        #expect((iPhone["leftOut"] as? [String])?.count == 8)
        // The same audit gives the same bytes.
        let first = try Data(contentsOf: cli.directory.appendingPathComponent("declaration.json"))
        try cli.ok(["export", "--format", "asc-declaration", "--app-id", "1234567890", "--output", "declaration.json"])
        #expect(try Data(contentsOf: cli.directory.appendingPathComponent("declaration.json")) == first)
    }

    @Test func theIndexListsEachCellsFilesByChecksumAndGoesToStandardOutputWhole() throws {
        let cli = try Self.audit()
        let png = Screenshot.png(seed: 4)
        let root = try RunImportTests.exportedRun(cli, folder: "iPad-run", [
            ("AppUITests/DynamicTypeAuditTests/test_ax5()", [
                ("Checkout_ax5", png),
                ("dtaudit-audit Checkout_ax5", RunImportTests.json(RunFixtures.harnessAudit(screen: "Checkout", size: "ax5", issues: [("textClipped", "Text clipped", "payButton Pay")]))),
            ]),
        ])
        let manifest = root.appendingPathComponent("manifest.json")
        try Data(String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "\"deviceName\":\"iPhone 16\"", with: "\"deviceName\":\"iPad Air 11-inch (M3)\"").utf8)
            .write(to: manifest)
        try cli.ok(["evidence", "import-xcresult", "iPad-run"])
        let result = try cli.run(["export", "--format", "asc-declaration", "--app-id", "1234567890", "--output", "-"])
        #expect(result.status == 0)
        let index = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let iPad = try #require(Self.family(index, "IPAD"))
        #expect(iPad["bodyFile"] is NSNull && Self.largerText(iPad["body"] as? [String: Any]) == false)
        // The harness ran both text audits on Checkout at AX5: text-scales passed, no-truncation failed.
        let cells = try #require((iPad["screens"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])
        #expect(cells.map { "\($0["item"] ?? "") \($0["size"] ?? "") \($0["status"] ?? "")" } == ["text-scales ax5 pass", "no-truncation ax5 fail"])
        let cell = cells[1]
        #expect((cell["run"] as? String)?.hasPrefix("iPad-run [IPAD: iPad Air 11-inch (M3)] #") == true)
        // The run's screenshot of the screen at that size, by the SHA-256 of its bytes.
        let files = try #require(cell["files"] as? [[String: Any]])
        #expect(files.count == 1 && files.first?["bytes"] as? Int == png.count)
        let stored = try #require(files.first?["stored"] as? String)
        let screenshot = try #require(FileManager.default.contentsOfDirectory(atPath: root.path).first { $0.hasSuffix(".png") })
        let hash = try Self.sha256(root.appendingPathComponent(screenshot).path, in: cli)
        #expect(files.first?["sha256"] as? String == hash && stored == hash + ".png")
        // Standard output held the index alone; nothing was written into Exports/.
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("Exports").path))
    }

    @Test(.requires(.jsonSchema))
    func everyBodyValidatesAgainstApplesOpenAPIDocument() throws {
        let cli = try Self.audit()
        try Self.importRun(cli, "ipad.json", device: Self.iPad, failures: [("testCheckoutAX5()", "dtaudit[Checkout_ax5] Text clipped")])
        try Self.importRun(cli, "vision.json", device: "Apple Vision Pro", failures: [("testSearchAX5()", "dtaudit[Search_ax5] Text clipped")])
        try Fixture.write(Data(#"{"declarations": {"IPHONE": {"supportsVoiceover": true, "supportsDifferentiateWithoutColorAlone": false}}}"#.utf8),
                          "dtaudit-declaration.json", in: cli.directory)
        // New declarations for the iPhone and Vision Pro, an update of the iPad's draft.
        try cli.ok(["export", "--format", "asc-declaration", "--app-id", "1234567890", "--declaration-id", "IPAD=4b1c2f70-a9e1-4c3e-b2d0-7f5e1a9c0d12",
                    "--output", "declaration.json"])
        let script = """
            import json, sys, jsonschema
            document = json.load(open(sys.argv[1]))
            # Apple's API refuses attributes it does not know; its document leaves that unsaid, so
            # objects with listed properties are closed here, and a misspelt key fails as it would there.
            def closed(node):
                if isinstance(node, dict):
                    if node.get("type") == "object" and "properties" in node: node["additionalProperties"] = False
                    for value in node.values(): closed(value)
                elif isinstance(node, list):
                    for value in node: closed(value)
            closed(document)
            def validator(method, path):
                template = "/v1/accessibilityDeclarations" + ("/{id}" if path.count("/") == 3 else "")
                reference = document["paths"][template][method.lower()]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                schema = dict(document, **{"$ref": reference})
                jsonschema.Draft7Validator.check_schema(schema)
                return jsonschema.Draft7Validator(schema)
            index = json.load(open(sys.argv[2]))
            failed = 0
            for family in index["families"]:
                request = family["request"]
                body = json.load(open(family["bodyFile"]["name"]))
                assert body == family["body"]
                errors = list(validator(request["method"], request["path"]).iter_errors(body))
                for error in errors: print(family["deviceFamily"], list(error.path), error.message)
                failed += len(errors)
                print(family["deviceFamily"], request["method"], request["path"])
            # The validator must catch what is wrong, or passing it means nothing.
            broken = json.loads(json.dumps(index["families"][0]["body"]))
            broken["data"]["attributes"]["deviceFamily"] = "IPOD"
            broken["data"]["attributes"]["supportsLargeText"] = True
            print(len(list(validator("POST", "/v1/accessibilityDeclarations").iter_errors(broken))))
            sys.exit(1 if failed else 0)
            """
        let result = try Spawn.run("/bin/sh", ["-c", "exec python3 -c \"$0\" \"$1\" \"$2\"", script, Self.schema.path, "declaration.json"],
                                   in: cli.directory, environment: ProcessInfo.processInfo.environment, input: nil)
        #expect(result.status == 0, "schema errors:\n\(result.output)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "IPHONE POST /v1/accessibilityDeclarations",
            "IPAD PATCH /v1/accessibilityDeclarations/4b1c2f70-a9e1-4c3e-b2d0-7f5e1a9c0d12",
            "VISION POST /v1/accessibilityDeclarations",
            "2",
        ])
    }

    @Test func macAndAppleTVAreRefusedWithTheReason() throws {
        let cli = try Self.audit()
        for family in ["MAC", "apple_tv"] {
            let result = try cli.run(["export", "--format", "asc-declaration", "--app-id", "1", "--device-family", "IPHONE," + family])
            #expect(result.status == 64)
            #expect(result.stderr.contains("cannot be declared: Apple offers no Larger Text label for") && result.stderr.contains("IPHONE, IPAD, APPLE_WATCH, VISION"))
        }
        #expect(try cli.run(["export", "--format", "asc-declaration", "--main-family", "MAC"]).status == 64)
        let typo = try cli.run(["export", "--format", "asc-declaration", "--device-family", "IPHNE"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean 'IPHONE'"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("Exports").path))
    }

    @Test func whatTheDeclarationCannotTakeIsRefusedAndNothingIsWritten() throws {
        let cli = try Self.audit()
        func refused(_ arguments: [String], _ status: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try cli.run(["export"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        }
        try refused(["--format", "asc-declaration"], 64, "a new declaration (IPHONE) names its app: give --app-id")
        try refused(["--format", "markdown", "--device-family", "IPAD"], 64, "shape the App Store Connect declaration")
        try refused(["--format", "asc-declaration", "--app-id", "1", "--draft"], 64, "a declaration is never published by dtaudit")
        try refused(["--format", "asc-declaration", "--app-id", "1", "--flow", "checkout"], 64, "a declaration speaks for the whole app")
        try refused(["--format", "asc-declaration", "--app-id", "1 2"], 64, "is not an App Store Connect id")
        try refused(["--format", "asc-declaration", "--device-family", "IPHONE", "--declaration-id", "IPAD=x"], 64, "--declaration-id names IPAD, which --device-family leaves out")
        try Fixture.write(Data(#"{"declarations": {"IPHONE": {"supportsLargerText": true}}}"#.utf8), "dtaudit-declaration.json", in: cli.directory)
        try refused(["--format", "asc-declaration", "--app-id", "1"], 64, "\"supportsLargerText\" is decided by the audit")
        try Fixture.write(Data(#"{"declarations": {"IPHONE": {"supportsVoiceOver": true}}}"#.utf8), "dtaudit-declaration.json", in: cli.directory)
        try refused(["--format", "asc-declaration", "--app-id", "1"], 64, "did you mean 'supportsVoiceover'")
        try Fixture.write(Data(#"{"mainDeviceFamily": "APPLE_TV"}"#.utf8), "dtaudit-declaration.json", in: cli.directory)
        try refused(["--format", "asc-declaration", "--app-id", "1"], 64, "for which Apple offers no Larger Text label")
        try FileManager.default.removeItem(at: cli.directory.appendingPathComponent("dtaudit-declaration.json"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("Exports").path))

        // Without a critical screen the common tasks are unknown: the answer is no, nothing written.
        let empty = try CLI()
        try empty.ok(["init", "--app", "Trailhead"])
        try empty.ok(["screen", "add", "Settings"])
        try empty.ok(["record", "Settings", "--size", "ax5", "--item", "all", "--pass"])
        let none = try empty.run(["export", "--format", "asc-declaration", "--app-id", "1"])
        #expect(none.status == 1 && none.stderr.contains("no screen is marked critical"))
        #expect(!FileManager.default.fileExists(atPath: empty.directory.appendingPathComponent("Exports").path))
    }
}
