import Foundation
import Testing

/// `dtaudit demo` makes what it writes survive a power cut, and only that: each file of the
/// example's sources and of the store's evidence is flushed, with the folders the files were
/// renamed into, and the whole disk never is (a `syncfs` or `sync` waits for every other program's
/// writes too, seconds on a busy machine). Seen in strace's record of the calls.
@Suite(.tags(.endToEnd), .requires(.strace)) struct DemoDurabilityTests {
    @Test func theDemoFlushesTheFilesItWritesAndNeverTheWholeDisk() throws {
        let cli = try CLI()
        // One file per thread (-ff), so that no call is split across lines by another thread's.
        let traces = cli.directory.appendingPathComponent("traces")
        try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        // LeakSanitizer cannot run under ptrace; in the sanitized suite the traced binary goes without it.
        var environment = cli.environment
        if let options = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options + ":detect_leaks=0" }
        let result = try Spawn.run(try RequiredTool.strace.location(), ["-ff", "-y", "-o", traces.path + "/trace", "-e", "trace=fsync,fdatasync,syncfs,sync",
                                                                      CLI.binary.path, "demo", "--quiet"], in: cli.directory, environment: environment)
        #expect(result.status == 0, "\(result.output)")
        let calls = try FileManager.default.contentsOfDirectory(at: traces, includingPropertiesForKeys: nil).flatMap {
            try String(contentsOf: $0, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        let wholeDisk = calls.filter { $0.contains("syncfs(") || $0.contains(" sync(") }
        #expect(wholeDisk.isEmpty, "\(wholeDisk)")
        // What each flush named: strace -y shows the path of the descriptor, `fsync(5</path>) = 0`.
        let flushed = Set(calls.compactMap { call -> String? in
            guard call.contains("fsync(") || call.contains("fdatasync("), let open = call.firstIndex(of: "<"),
                  let close = call[open...].firstIndex(of: ">"), call.hasSuffix("= 0") else { return nil }
            return String(call[call.index(after: open)..<close])
        })
        let demo = cli.directory.appendingPathComponent("dtaudit-demo").resolvingSymlinksInPath()
        let sources = try ExampleExportTests.files(in: demo.appendingPathComponent("Trailhead"))
        #expect(sources.count == 16)
        for source in sources { #expect(flushed.contains(demo.path + "/Trailhead/" + source), "\(source) is not flushed") }
        for folder in Set(sources.map { "Trailhead/" + $0 }.map { ($0 as NSString).deletingLastPathComponent }) {
            #expect(flushed.contains(demo.path + "/" + folder), "\(folder) is not flushed")
        }
        let store = demo.appendingPathComponent(".dtaudit")
        #expect(flushed.contains(store.path + "/audit.sqlite"))
        #expect(flushed.contains(store.path + "/evidence"))
        // Each evidence file, under its own name or the temporary one it was renamed from.
        let evidence = try FileManager.default.contentsOfDirectory(atPath: store.path + "/evidence").filter { !$0.hasPrefix(".") }
        #expect(!evidence.isEmpty)
        let files = flushed.filter { $0.hasPrefix(store.path + "/evidence/") && !$0.hasSuffix("/.gitignore") }
        #expect(files.count >= evidence.count, "\(files.count) evidence files flushed of \(evidence.count)")
    }
}
