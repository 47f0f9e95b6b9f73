import Foundation
import Testing

/// How the Action gets dtaudit, run as the runner runs its steps (`ActionRunner`), with stand-ins
/// for the programs that would build it: the Xcode it builds with on macOS, the cached build, and
/// the actions it and the repository's workflows use.
@Suite(.tags(.endToEnd)) struct ActionSetupTests {
    /// `make` says which Xcode it would build with; `uname` and `swift` say what the test wants.
    static let standIns = [
        "make": #"echo "DEVELOPER_DIR=${DEVELOPER_DIR:-}" >> "$RUNNER_TEMP/make.txt""#,
        "uname": #"echo "${FAKE_UNAME:-Linux}""#,
        "swift": #"echo "swift-driver version: 1.0 Apple Swift version ${FAKE_SWIFT:-6.1} (swiftlang-6.1)""#,
        "pkg-config": "return 0",
    ]

    /// Runs the install step on a Mac whose /Applications holds `apps`; returns the step's outcome
    /// and the DEVELOPER_DIR `make` ran with, or nil when it did not run.
    static func install(_ apps: [String], environment: [String: String] = [:], swift: String = "6.1",
                        standIns: [String: String] = standIns) throws -> (ActionRunner.Outcome, String?) {
        let runner = try ActionRunner()
        let applications = runner.temp.appendingPathComponent("Applications")
        for app in apps {
            try FileManager.default.createDirectory(at: applications.appendingPathComponent(app + "/Contents/Developer"), withIntermediateDirectories: true)
        }
        // An empty folder as the action's: were a stand-in not taken, make would find nothing to build.
        let action = runner.temp.appendingPathComponent("action")
        try FileManager.default.createDirectory(at: action, withIntermediateDirectories: true)
        let outcome = try runner.run("Install dtaudit", inputs: ["xcode": environment["XCODE"] ?? ""],
                                     expressions: ["steps.cache.outputs.cache-hit": environment["CACHE_HIT"] ?? ""],
                                     environment: ["XCODE_APPLICATIONS": applications.path, "FAKE_UNAME": "Darwin", "FAKE_SWIFT": swift,
                                                   "GITHUB_ACTION_PATH": action.path],
                                     standIns: standIns)
        let made = try? String(contentsOf: runner.temp.appendingPathComponent("make.txt"), encoding: .utf8)
        return (outcome, made.map { $0.replacingOccurrences(of: applications.path + "/", with: "").replacingOccurrences(of: "/Contents/Developer", with: "") })
    }

    @Test func onMacOSAnOldSwiftTakesTheNewestXcodeTwentySixForTheBuildOnly() throws {
        let apps = ["Xcode.app", "Xcode-beta.app", "Xcode_16.4.app", "Xcode_26.0.1.app", "Xcode_26.1.app", "Xcode_26.1.1.app", "Xcode_9.9.app"]
        let (old, made) = try Self.install(apps)
        #expect(old.result.status == 0, "\(old.result.output)")
        #expect(made == "DEVELOPER_DIR=Xcode_26.1.1.app\n")
        #expect(old.path.last?.hasSuffix("/dtaudit/bin") == true)
        #expect(try Self.install(apps, swift: "6.2").1 == "DEVELOPER_DIR=\n")
        #expect(try Self.install(apps, environment: ["XCODE": "/Applications/Xcode_26.0.1.app"]).1 == "DEVELOPER_DIR=/Applications/Xcode_26.0.1.app\n")
    }

    /// Runner images name betas `Xcode_26.0_beta_3`: a release beats every beta and release
    /// candidate of its version, and a later version beats both.
    @Test func aReleaseOfAVersionBeatsItsBetasAndReleaseCandidates() throws {
        #expect(try Self.install(["Xcode_26.0_beta_3.app", "Xcode_26.0.1.app", "Xcode_26.0_beta.app"]).1 == "DEVELOPER_DIR=Xcode_26.0.1.app\n")
        #expect(try Self.install(["Xcode_26.1_beta_2.app", "Xcode_26.1.app", "Xcode_26.1_Release_Candidate.app"]).1 == "DEVELOPER_DIR=Xcode_26.1.app\n")
        #expect(try Self.install(["Xcode_26.1_beta_2.app", "Xcode_26.1_beta_10.app"]).1 == "DEVELOPER_DIR=Xcode_26.1_beta_10.app\n")
        #expect(try Self.install(["Xcode_26.1_beta.app", "Xcode_26.1_Release_Candidate.app"]).1 == "DEVELOPER_DIR=Xcode_26.1_Release_Candidate.app\n")
        #expect(try Self.install(["Xcode_26.2_beta_1.app", "Xcode_26.1.1.app"]).1 == "DEVELOPER_DIR=Xcode_26.2_beta_1.app\n")
    }

    @Test func withoutXcodeTwentySixTheStepStopsWithOneErrorThatNamesTheSwiftItFound() throws {
        let (none, made) = try Self.install(["Xcode_16.4.app", "Xcode_9.9.app"])
        #expect(none.result.status == 1)
        #expect(made == nil)
        #expect(none.result.stdout.hasPrefix("::error::dtaudit needs Swift 6.2 or later (Xcode 26); this runner's Swift is 6.1 and "), "\(none.result.stdout)")
        // A runner without swift says so too, instead of ending the step without a word.
        var withoutSwift = Self.standIns
        withoutSwift["swift"] = "return 127"
        let (missing, _) = try Self.install(["Xcode_16.4.app"], standIns: withoutSwift)
        #expect(missing.result.status == 1)
        #expect(missing.result.stdout.contains("this runner's Swift is missing and "), "\(missing.result.output)")
    }

    @Test func aCachedBuildIsPutOnThePathWithoutBuilding() throws {
        let (cached, made) = try Self.install(["Xcode_26.1.app"], environment: ["CACHE_HIT": "true"])
        #expect(cached.result.status == 0, "\(cached.result.output)")
        #expect(made == nil)
        #expect(cached.path.count == 1 && cached.path[0].hasSuffix("/dtaudit/bin"))
    }

    @Test func theBuildIsCachedUnderTheVersionAndAHashOfTheSources() throws {
        let runner = try ActionRunner()
        let version = try runner.run("Version of dtaudit to build")
        #expect(version.result.status == 0, "\(version.result.output)")
        let key = try #require(version.outputs["key"])
        #expect(key.range(of: #"^dtaudit-Linux-X64-\d+\.\d+\.\d+-[0-9a-f]{16}$"#, options: .regularExpression) != nil, "\(key)")
        #expect(try runner.run("Version of dtaudit to build").outputs["key"] == key)
    }

    /// Every action that action.yml, the workflows and the documentation use, at a major version
    /// that runs on Node 24 (the runner warns about Node 20, and is to remove it): the first such
    /// version, as each action's README says.
    @Test func everyActionUsedRunsOnNodeTwentyFour() throws {
        let firstOnNode24 = ["actions/checkout": 5, "actions/cache": 5, "github/codeql-action/upload-sarif": 4]
        let repository = ActionFile.repository
        let workflows = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(".github/workflows").path)
            .filter { $0.hasSuffix(".yml") }.map { ".github/workflows/" + $0 }
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
        var used: [String] = []
        for file in ["action.yml", "README.md"] + workflows + docs {
            let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let range = line.range(of: "uses: ") else { continue }
                let reference = line[range.upperBound...].prefix { !$0.isWhitespace }
                guard let at = reference.firstIndex(of: "@"), !reference.hasPrefix("dtaudit/") else { continue }
                let action = String(reference[..<at])
                used.append("\(file): \(reference)")
                let major = Int(reference[reference.index(after: at)...].dropFirst().prefix { $0.isNumber }) ?? 0
                let least = firstOnNode24[action]
                #expect(least != nil, "\(file) uses \(reference), an action not known to run on Node 24")
                #expect(major >= least ?? .max, "\(file) uses \(reference), which runs on Node 20")
            }
        }
        #expect(used.count >= 4, "\(used)")
    }
}
