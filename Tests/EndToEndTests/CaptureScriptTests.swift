import Foundation
import Testing

/// `dtaudit capture-script`: the script's syntax, its quoting of hostile names, and what it does
/// when run against a stand-in for `xcrun`.
@Suite(.tags(.endToEnd)) struct CaptureScriptTests {
    /// A screen name that would run commands if it were not quoted.
    static let hostile = "Bob's \"Café\" $(touch pwned) `touch pwned2`; rm -rf ./victim \\ %s"

    /// Runs a tool and returns its status and everything it printed.
    static func tool(_ path: String, _ arguments: [String], in cli: CLI) throws -> (status: Int32, output: String) {
        let result = try Spawn.run(path, arguments, in: cli.directory, environment: cli.environment)
        return (result.status, result.output)
    }

    /// A shell file defining an `xcrun` function that logs its arguments, bracketed, one call a
    /// line, and writes a small PNG for `simctl io ... screenshot FILE`. A function sourced into
    /// the script's shell rather than an executable: a file written by a test process that runs
    /// other processes in parallel can be "busy" when executed.
    static func fakeXcrun(in cli: CLI) throws {
        let script = """
            xcrun() {
                for argument in "$@"; do printf '[%s]' "$argument"; done >> "$XCRUN_LOG"
                printf '\\n' >> "$XCRUN_LOG"
                if [ "$2" = io ]; then
                    printf '\\211PNG\\r\\n\\032\\n\\000\\000\\000\\015IHDR%s' "$5" > "$5"
                fi
            }

            """
        try Fixture.write(Data(script.utf8), "fake-xcrun.sh", in: cli.directory)
    }

    /// Runs `capture.sh` with the stand-in `xcrun`, with `arguments` as the script's own.
    static func runScript(_ cli: CLI, _ arguments: [String] = []) throws -> Spawned {
        try fakeXcrun(in: cli)
        return try Spawned(["/bin/sh", "-c", ". ./fake-xcrun.sh && . ./capture.sh", "sh"] + arguments, in: cli.directory,
                           environment: environment(cli), output: cli.directory.appendingPathComponent("run.out"))
    }

    static func environment(_ cli: CLI) -> [String: String] {
        var environment = cli.environment
        environment["XCRUN_LOG"] = cli.directory.appendingPathComponent("xcrun.log").path
        return environment
    }

    static func log(_ cli: CLI) -> [String] {
        let text = (try? String(contentsOf: cli.directory.appendingPathComponent("xcrun.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// The script for the hostile name, written to capture.sh.
    static func hostileScript(_ cli: CLI) throws -> (script: String, file: URL) {
        try cli.ok(["screen", "add", Self.hostile])
        let script = try cli.ok(["capture-script", Self.hostile, "Checkout", "--device", "iPhone 16 'Pro'"])
        return (script, try Fixture.write(Data(script.utf8), "capture.sh", in: cli.directory))
    }

    @Test func theScriptPassesShAndQuotesHostileNames() throws {
        let cli = try CLI().initialized()
        let (script, file) = try Self.hostileScript(cli)
        #expect(script.hasPrefix("#!/bin/sh\n"))
        #expect(script.contains("device='iPhone 16 '\\''Pro'\\'''"))
        #expect(script.contains("open_screen 'Bob'\\''s \"Café\" $(touch pwned) `touch pwned2`; rm -rf ./victim \\ %s'"))
        #expect(script.contains("shoot 'Bob-s-Café-touch-pwned-touch-pwned2-rm-rf-victim-s' ax5 accessibility-extra-extra-extra-large"))
        // The hostile name never appears outside quotes, not even in a comment.
        let unquoted = script.split(separator: "\n").filter { $0.contains("pwned") && !$0.hasPrefix("open_screen '") && !$0.hasPrefix("shoot '") }
        #expect(unquoted.isEmpty)

        let syntax = try Self.tool("/bin/sh", ["-n", file.path], in: cli)
        #expect(syntax.status == 0, "\(syntax.output)")
    }

    @Test(.requires(.shellcheck)) func shellcheckFindsNothingInTheScript() throws {
        let cli = try CLI().initialized()
        let file = try Self.hostileScript(cli).file
        let lint = try Self.tool(try RequiredTool.shellcheck.location(), ["--shell=sh", "--severity=style", file.path], in: cli)
        #expect(lint.status == 0, "\(lint.output)")
        #expect(lint.output.isEmpty)
    }

    /// A name holding a right-to-left override, a right-to-left mark or a zero-width space is
    /// written as the terminal shows it, so that an editor or a review shows the script's lines as
    /// the shell reads them; the script still passes sh and shellcheck and prints that name.
    @Test func bidirectionalAndInvisibleCharactersReachTheScriptEscaped() throws {
        let cli = try CLI()
        let name = "Pay\u{202E}lanoisseforP\u{200F} \u{200B}now"
        let script = try cli.ok(["capture-script", name, "--size", "ax5", "--delay", "0", "--no-prompt"])
        let file = try Fixture.write(Data(script.utf8), "capture.sh", in: cli.directory)
        #expect(!script.unicodeScalars.contains { [0x202E, 0x200F, 0x200B].contains($0.value) })
        #expect(script.contains(#"open_screen 'Pay\u{202e}lanoisseforP\u{200f} \u{200b}now'"#), "\(script)")
        #expect(script.contains("shoot 'Pay-lanoisseforP-now' ax5 accessibility-extra-extra-extra-large"), "\(script)")
        let syntax = try Self.tool("/bin/sh", ["-n", file.path], in: cli)
        #expect(syntax.status == 0, "\(syntax.output)")
        if let shellcheck = try RequiredTool.shellcheck.locationIfInstalled(for: "shellcheck on the script") {
            let lint = try Self.tool(shellcheck, ["--shell=sh", "--severity=style", file.path], in: cli)
            #expect(lint.status == 0 && lint.output.isEmpty, "\(lint.output)")
        }
        #expect(try Self.runScript(cli).wait() == 0)
        let output = try String(contentsOf: cli.directory.appendingPathComponent("run.out"), encoding: .utf8)
        #expect(output.contains(#"Open Pay\u{202e}lanoisseforP\u{200f} \u{200b}now in the simulator"#), "\(output)")
    }

    @Test func runningTheScriptShootsEverySizeLargestFirstAndRestoresLarge() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", Self.hostile])
        try cli.ok(["screen", "add", "Sign in"])
        // A name that, with a size after it, also reads as UIKit's AccessibilityM and friends.
        try cli.ok(["screen", "add", "Accessibility"])
        try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("victim"), withIntermediateDirectories: true)
        let script = try cli.ok(["capture-script", Self.hostile, "Sign", "Accessibility", "--size", "ax5,l,xs,m", "--delay", "0", "--no-prompt"])
        try Fixture.write(Data(script.utf8), "capture.sh", in: cli.directory)
        let status = try Self.runScript(cli, ["shots"]).wait()
        let output = try String(contentsOf: cli.directory.appendingPathComponent("run.out"), encoding: .utf8)
        #expect(status == 0, "\(output)")
        #expect(output.contains("12 screenshots are in shots."))

        let stem = "Bob-s-Café-touch-pwned-touch-pwned2-rm-rf-victim-s"
        var expected: [String] = []
        for name in [stem, "Sign-in", "Accessibility"] {
            for (id, simctl) in [("ax5", "accessibility-extra-extra-extra-large"), ("m", "medium"), ("xs", "extra-small"), ("l", "large")] {
                expected.append("[simctl][ui][booted][content_size][\(simctl)]")
                expected.append("[simctl][io][booted][screenshot][shots/\(name)_\(id).png]")
            }
        }
        expected.append("[simctl][ui][booted][content_size][large]")
        #expect(Self.log(cli) == expected)

        // Nothing in the hostile name ran.
        for canary in ["pwned", "pwned2", "shots/pwned"] {
            #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent(canary).path))
        }
        #expect(FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("victim").path))

        // Import recognises every file the script wrote.
        let plan = try #require(try cli.json(["evidence", "import", "shots", "--dry-run"]) as? [String: Any])
        let attached = try #require(plan["attached"] as? [[String: Any]])
        #expect((plan["unmatched"] as? [Any])?.isEmpty == true)
        #expect(Set(attached.map { "\($0["screen"] ?? "")@\($0["size"] ?? "")" })
            == Set([Self.hostile, "Sign in", "Accessibility"].flatMap { name in ["ax5", "xs", "m", "l"].map { "\(name)@\($0)" } }))
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedScriptStillSetsTheSizeBackToLarge(signal: Int32) throws {
        let cli = try CLI().initialized()
        let script = try cli.ok(["capture-script", "Checkout", "--size", "ax5,ax3,l", "--delay", "1", "--no-prompt"])
        try Fixture.write(Data(script.utf8), "capture.sh", in: cli.directory)
        let run = try Self.runScript(cli)
        let deadline = Date().addingTimeInterval(20)
        while Self.log(cli).isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(Self.log(cli).first == "[simctl][ui][booted][content_size][accessibility-extra-extra-extra-large]")
        run.signal(signal)
        #expect(run.wait() == 128 + signal)
        let log = Self.log(cli)
        #expect(log.last == "[simctl][ui][booted][content_size][large]")
        // It stopped: the last size was never shot.
        #expect(!log.contains("[simctl][io][booted][screenshot][dtaudit-screenshots/Checkout_l.png]"))
    }

    @Test func withoutAStoreTheNamesAreUsedAsGivenAtTheShippedPlan() throws {
        let cli = try CLI()
        let script = try cli.ok(["capture-script", "Onboarding: step 1"])
        let shots = script.split(separator: "\n").filter { $0.hasPrefix("shoot ") }
        #expect(shots == [
            "shoot 'Onboarding-step-1' ax5 accessibility-extra-extra-extra-large",
            "shoot 'Onboarding-step-1' ax3 accessibility-extra-large",
            "shoot 'Onboarding-step-1' ax1 accessibility-medium",
            "shoot 'Onboarding-step-1' xxxl extra-extra-extra-large",
            "shoot 'Onboarding-step-1' xs extra-small",
            "shoot 'Onboarding-step-1' l large",
        ])
        #expect(script.contains("if ! { read -r _ < /dev/tty; } 2>/dev/null; then"))
    }

    @Test func namesAreResolvedInTheStoreAndClashesRefused() throws {
        let cli = try CLI().initialized()
        #expect(try cli.ok(["capture-script", "chec", "--size", "l"]).contains("open_screen 'Checkout'"))
        let unknown = try cli.run(["capture-script", "Nowhere"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "error: no screen named 'Nowhere'; 'dtaudit screen list' shows them\n")
        try cli.ok(["screen", "add", "Checkout cart"])
        try cli.ok(["screen", "add", "Checkout: cart"])
        let clash = try cli.run(["capture-script", "Checkout cart", "Checkout: cart"])
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("'Checkout cart' and 'Checkout: cart' differ only in case or punctuation"))
        let delay = try cli.run(["capture-script", "Checkout", "--delay", "99"])
        #expect(delay.status == 64)
        #expect(delay.stdout.isEmpty)
    }
}
