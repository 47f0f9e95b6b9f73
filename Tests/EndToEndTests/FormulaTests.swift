import Foundation
import Testing

/// The Homebrew formula, loaded by Ruby against a stand-in of Homebrew's formula language that
/// records what it declares and what `install` runs, held to `brew audit`'s rules.
@Suite(.requires(.ruby)) struct FormulaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Just enough of Homebrew: class-level declarations, and `install` run with its calls recorded.
    /// Written for Ruby 2.6 too (macOS's own).
    static let standIn = #"""
        require "json"
        class Formula
          @@declared = {}
          def self.declared; @@declared; end
          %i[desc homepage url head license].each do |field|
            define_singleton_method(field) { |*args, **options| @@declared[field] = args.first }
          end
          def self.depends_on(*args); end
          def self.uses_from_macos(*args); end
          def self.test(&block); end
          def calls; @calls ||= []; end
          def system(*args); calls << ["system", *args.map(&:to_s)]; end
          def prefix; "/prefix"; end
          def bin; Folder.new("/prefix/bin", self); end
          def man1; Folder.new("/prefix/share/man/man1", self); end
          def generate_completions_from_executable(*args, **options)
            calls << ["completions", *args.map(&:to_s), options.to_s]
          end
        end
        class Folder
          def initialize(path, formula); @path = path; @formula = formula; end
          def /(name); Folder.new("#{@path}/#{name}", @formula); end
          def to_s; @path; end
          def install(*files); @formula.calls << ["install", @path, *files.map(&:to_s)]; end
          def write(text); @formula.calls << ["write", @path, text]; end
        end
        module Utils
          def self.safe_popen_read(*args); "output of #{args.map(&:to_s).join(" ")}"; end
        end
        load ARGV[0]
        formula = ObjectSpace.each_object(Class).find { |klass| klass < Formula }.new
        formula.install
        puts JSON.generate({ "declared" => Formula.declared, "calls" => formula.calls })
        """#

    static func load() throws -> (declared: [String: Any], calls: [[String]]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formula-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(standIn.utf8).write(to: folder.appendingPathComponent("brew.rb"))
        let result = try Spawn.run(try RequiredTool.ruby.location(), ["brew.rb", repository.appendingPathComponent("Formula/dtaudit.rb").path], in: folder,
                                   environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (try #require(json["declared"] as? [String: Any]), try #require(json["calls"] as? [[String]]))
    }

    @Test func theDescriptionKeepsToBrewAuditsRules() throws {
        let desc = try #require(try Self.load().declared["desc"] as? String)
        #expect(desc.count <= 80)
        #expect(!desc.lowercased().hasPrefix("dtaudit"))
        #expect(!desc.hasPrefix("A ") && !desc.hasPrefix("An "))
        #expect(!desc.hasSuffix("."))
        #expect(desc.trimmingCharacters(in: .whitespaces) == desc)
    }

    @Test func swiftBuildsWithoutItsSandboxAndTheBinaryWritesCompletionsAndManualPage() throws {
        let calls = try Self.load().calls
        #expect(calls.first == ["system", "swift", "build", "--disable-sandbox", "-c", "release", "--product", "dtaudit"])
        #expect(calls.contains(["install", "/prefix/bin", ".build/release/dtaudit"]))
        #expect(calls.contains(["completions", "/prefix/bin/dtaudit", "completions", "{}"]))
        #expect(calls.contains(["write", "/prefix/share/man/man1/dtaudit.1", "output of /prefix/bin/dtaudit manual"]))
    }

    /// The formula names the licence the repository's LICENSE file holds, by its SPDX id.
    @Test func theFormulaNamesTheLicenceOfTheLicenseFile() throws {
        #expect(try Self.load().declared["license"] as? String == "MIT")
        let text = try String(contentsOf: Self.repository.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(text.hasPrefix("MIT License\n\nCopyright (c) 2026 the dtaudit authors\n\nPermission is hereby granted, free of charge,"))
        #expect(text.contains("THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND"))
    }
}
