import Foundation
import Testing

/// `export --output` naming what is not a regular file: written straight through, the way every
/// Unix tool writes to `/dev/stdout` or a pipe, and never replaced by a file.
@Suite(.tags(.endToEnd)) struct DeviceOutputTests {
    func demo(_ cli: CLI) throws -> URL {
        try cli.ok(["demo", "--quiet"])
        return cli.directory.appendingPathComponent("dtaudit-demo")
    }

    /// A named pipe with a reader on the other end gets the CSV, and stays a pipe.
    @Test func aPipeGivenAsOutputIsWrittenThroughAndStaysAPipe() throws {
        let cli = try CLI()
        let root = try demo(cli)
        let script = """
            mkfifo rows.csv || exit 90
            cat rows.csv > got.csv &
            "$0" export --format csv --output rows.csv; status=$?
            wait
            test -p rows.csv || exit 91
            exit $status
            """
        let run = try Spawn.run("/bin/sh", ["-c", script, CLI.binary.path], in: root, environment: cli.environment)
        #expect(run.status == 0, "\(run.output)")
        let rows = try String(contentsOf: root.appendingPathComponent("got.csv"), encoding: .utf8)
        #expect(rows.hasPrefix("screen,flow,critical,item,size,status,note,by,at,id\r\n"))
        #expect(rows.components(separatedBy: "\r\n").count == 332 + 2)
    }

    /// `/dev/stdout` is a link: the review page goes where standard output goes, the link stays,
    /// and no chart lands beside it in /dev.
    @Test func devStdoutGetsTheReviewPageAndStaysALink() throws {
        let cli = try CLI()
        let root = try demo(cli)
        let before = try FileManager.default.contentsOfDirectory(atPath: "/dev").sorted()
        let markdown = try cli.ok(["export", "--output", "/dev/stdout"], in: root)
        #expect(markdown.hasPrefix("# Trailhead"))
        #expect(!markdown.contains("Wrote "))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout")) != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").sorted() == before)
        let csv = try cli.ok(["export", "--format", "csv", "--output", "/dev/stdout"], in: root)
        #expect(csv.hasPrefix("screen,flow,critical,"))
    }

    /// A link to a regular file is never written through, even when `--output` names it: links come
    /// with clones, so the report replaces the link and the file it led to keeps its bytes.
    @Test func aLinkToAFileGivenAsOutputIsReplacedAndItsFileKept() throws {
        let cli = try CLI()
        let root = try demo(cli)
        let target = root.appendingPathComponent("weekly.csv")
        try Data("old\n".utf8).write(to: target)
        let link = root.appendingPathComponent("latest.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "weekly.csv")
        try cli.ok(["export", "--format", "csv", "--output", "latest.csv"], in: root)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
        #expect(try String(contentsOf: link, encoding: .utf8).hasPrefix("screen,flow,critical,"))
        #expect(try String(contentsOf: target, encoding: .utf8) == "old\n")
    }
}
