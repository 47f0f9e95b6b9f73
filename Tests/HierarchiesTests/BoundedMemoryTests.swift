import Foundation
import Imaging
import Testing
import TestSupport

/// Hostile hierarchy files read by a real process under Linux's prlimit: each is refused with one
/// line while the process stays within its address space (not under the address sanitizer,
/// whose shadow memory alone is larger).
@Suite struct BoundedMemoryTests {
    static let probe: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("hierarchy-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/hierarchy-probe")
    }()

    static let unsanitized = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil

    func write(_ files: [String: Data]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test(.requires(.prlimit), .enabled(if: unsanitized, "the address sanitizer's shadow memory is larger than the limit"))
    func hostileFilesAreRefusedWithinAHundredAndFiftyMegabytes() throws {
        let element = "<XCUIElementTypeOther type=\"XCUIElementTypeOther\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/>"
        // 15 MB of elements: about 190,000, ten times the limit; and three million short ones.
        let millions = Data(("<AppiumAUT><XCUIElementTypeApplication>" + String(repeating: element, count: (15 << 20) / element.utf8.count)).utf8)
        let tiny = Data(("<AppiumAUT><XCUIElementTypeApplication>" + String(repeating: "<a/>", count: 3_000_000)).utf8)
        var wide = Data("<AppiumAUT><XCUIElementTypeApplication label=\"".utf8)
        wide.append(Data(repeating: 0x61, count: 15 << 20))
        let laughs = Data("""
            <!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <AppiumAUT><XCUIElementTypeApplication label="&c;"/></AppiumAUT>
            """.utf8)
        let folder = try write(["Many_ax5.xml": millions, "Tiny_ax5.xml": tiny, "Wide_ax5.xml": wide, "Laughs_ax5.xml": laughs])
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = folder.appendingPathComponent("Huge_ax5.xml")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: huge.path))
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()

        let result = try Spawn.run(try RequiredTool.prlimit.location(), ["--as=\(150 << 20)", Self.probe.path, "read",
                                                        "Many_ax5.xml", "Tiny_ax5.xml", "Wide_ax5.xml", "Laughs_ax5.xml", "Huge_ax5.xml"],
                                   in: folder, environment: [:])
        #expect(result.status == 65, "refusals exit 65; anything else is the limit hit: \(result.stderr)")
        #expect(result.stdout == """
            Many_ax5.xml: is not a page source that can be read: line 1: more than 20000 elements
            Tiny_ax5.xml: is not a page source that can be read: line 1: more than 20000 elements
            Wide_ax5.xml: is not a page source that can be read: line 1: an attribute value is never closed
            Laughs_ax5.xml: is not a page source that can be read: line 1: a DOCTYPE declaration is refused: no entity is declared, expanded or fetched here
            Huge_ax5.xml: is 104857600 bytes, more than the 16 MB a hierarchy may be

            """)
    }
}

extension BoundedMemoryTests {
    /// A PNG chunk: length, type, data, CRC.
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        PNG.appendChunk(type, data, to: &bytes)
        return bytes
    }

    func png(width: UInt32, height: UInt32, compressed: [UInt8]) -> Data {
        var header: [UInt8] = []
        PNG.appendBigEndian(width, to: &header)
        PNG.appendBigEndian(height, to: &header)
        header += [8, 6, 0, 0, 0]
        return Data(PNG.signature + chunk("IHDR", header) + chunk("IDAT", compressed) + chunk("IEND", []))
    }

    /// Decompression bombs: 64 MB of zeros in 64 KB behind a header of 100 x 100 pixels, and a header
    /// of a billion pixels; and the largest screenshot allowed, whose pixels stop short.
    @Test(.requires(.prlimit), .enabled(if: unsanitized, "the address sanitizer's shadow memory is larger than the limit"))
    func decompressionBombsStopWithinAHundredAndFiftyMegabytes() throws {
        let zeros = Zlib.deflate([UInt8](repeating: 0, count: 64 << 20), level: 9)
        let folder = try write([
            "Bomb_ax5.png": png(width: 100, height: 100, compressed: zeros),
            "Billion_ax5.png": png(width: 16_000, height: 16_000, compressed: zeros),
            "Largest_ax5.png": png(width: 2896, height: 2896, compressed: Zlib.deflate([UInt8](repeating: 0, count: 1 << 20))),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Spawn.run(try RequiredTool.prlimit.location(), ["--as=\(150 << 20)", Self.probe.path, "png", "Bomb_ax5.png", "Billion_ax5.png", "Largest_ax5.png"],
                                   in: folder, environment: [:])
        #expect(result.status == 65, "refusals exit 65; anything else is the limit hit: \(result.stderr)")
        #expect(result.stdout == """
            Bomb_ax5.png: holds more pixel data than its header says
            Billion_ax5.png: is 16000 x 16000 pixels, more than the 8388608 pixels a screenshot may have
            Largest_ax5.png: holds fewer pixels than its header says

            """)
    }
}
