import Foundation
import Testing

/// `dtaudit demo`: the example it writes, and the commands it tells a newcomer to try.
@Suite struct DemoTests {
    @Test func theDemoWritesTheExampleSourcesAsTheRepositoryKeepsThem() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let written = cli.directory.appendingPathComponent("dtaudit-demo/Trailhead")
        let kept = ExampleExportTests.repository.appendingPathComponent("Sources/DTAuditCommands/DemoApp/Trailhead")
        let names = try ExampleExportTests.files(in: written)
        #expect(names.count == 16)
        #expect(names == (try ExampleExportTests.files(in: kept)))
        for name in names {
            let bytes = try Data(contentsOf: written.appendingPathComponent(name))
            #expect(bytes == (try? Data(contentsOf: kept.appendingPathComponent(name))), "\(name)")
        }
    }
}
