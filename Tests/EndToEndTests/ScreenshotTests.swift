import Foundation
import Testing

/// The HTML forms of the reports (the review page as cmark-gfm renders it, the VPAT page) shot in
/// headless Chromium: the page is not blank, and its top verdict shows within the first 1,000
/// pixels, where a reader lands. The verdict is found by a marker colour that a style sheet added
/// for the test gives it, read back from the screenshot's pixels.
@Suite(.tags(.endToEnd)) struct ScreenshotTests {
    /// Magenta: a colour no report uses.
    static let marker = "background: #ff00ff !important; color: #ff00ff !important;"

    /// A page of GitHub's look: its column width, table borders and quotes.
    static func page(_ body: String, markerRule: String, top: Int = 32) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><style>
        body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2328; background: #ffffff; max-width: 980px; margin: \(top)px auto 32px; padding: 0 32px; }
        table { border-collapse: collapse; display: block; overflow: auto; } th, td { border: 1px solid #d0d7de; padding: 6px 13px; }
        blockquote { margin: 0 0 16px; padding: 0 1em; color: #59636e; border-left: 0.25em solid #d0d7de; } img { max-width: 100%; }
        </style><style>\(markerRule) { \(marker) }</style></head><body>
        \(body)
        </body></html>
        """
    }

    /// What the screenshot shows: its size, the first row holding the marker and how many marker
    /// pixels there are, and the share of pixels that are neither white nor marker.
    struct Shot {
        var width: Int, height: Int, markerTop: Int, markerPixels: Int, ink: Double
    }

    func shoot(_ html: String, named name: String, in folder: URL) throws -> Shot {
        let chromium = try RequiredTool.chromium.location()
        let file = folder.appendingPathComponent(name + ".html")
        try Data(html.utf8).write(to: file)
        let png = folder.appendingPathComponent(name + ".png")
        let profile = folder.appendingPathComponent(".chromium-" + name)
        let shot = try Spawn.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=" + profile.path,
                                            "--window-size=1100,2000", "--screenshot=" + png.path, file.absoluteString],
                                 in: folder, environment: ProcessInfo.processInfo.environment, input: nil)
        #expect(FileManager.default.fileExists(atPath: png.path), "chromium wrote no screenshot: \(shot.output)")
        let analysis = try Spawn.run(try RequiredTool.python3.location(), ["-c", Self.pixels, png.path], in: folder,
                                     environment: ProcessInfo.processInfo.environment, input: nil)
        #expect(analysis.status == 0, "\(analysis.output)")
        let numbers = analysis.stdout.split(separator: " ").map { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
        try #require(numbers.count == 5, "\(analysis.output)")
        return Shot(width: Int(numbers[0]), height: Int(numbers[1]), markerTop: Int(numbers[2]), markerPixels: Int(numbers[3]), ink: numbers[4])
    }

    /// Reads an 8-bit RGB or RGBA PNG with zlib alone, undoing each row's filter.
    static let pixels = """
        import struct, sys, zlib
        data = open(sys.argv[1], "rb").read()
        assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
        pos, idat = 8, b""
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR": width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if kind == b"IDAT": idat += body
            pos += 12 + length
        assert depth == 8 and colour in (2, 6), (depth, colour)
        channels = 4 if colour == 6 else 3
        raw, stride = zlib.decompress(idat), width * channels
        previous, top, count, ink, i = bytearray(stride), -1, 0, 0, 0
        for y in range(height):
            kind, row = raw[i], bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
            for x in range(stride):
                a = row[x - channels] if x >= channels else 0
                b = previous[x]; c = previous[x - channels] if x >= channels else 0
                if kind == 1: row[x] = (row[x] + a) & 255
                elif kind == 2: row[x] = (row[x] + b) & 255
                elif kind == 3: row[x] = (row[x] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            for x in range(0, stride, channels):
                r, g, bl = row[x], row[x + 1], row[x + 2]
                if r > 240 and g < 16 and bl > 240:
                    count += 1
                    if top < 0: top = y
                elif not (r > 245 and g > 245 and bl > 245): ink += 1
            previous = row
        print(width, height, top, count, ink / float(width * height))
        """

    @Test(.requires(.chromium, .cmarkGFM, .python3)) func theReviewPageAndTheVPATShowTheirTopVerdictFirst() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        try cli.ok(["export"], in: demo)
        // The audit still has open checks: its rows are a draft, laid out as the report to file is.
        try cli.ok(["export", "--format", "vpat", "--draft", "--author-email", "a11y@example.com"], in: demo)
        let exports = demo.appendingPathComponent("Exports")

        // The review page as GitHub's parser renders it; the first verdict's lead-in is marked.
        let markdown = try String(contentsOf: exports.appendingPathComponent("trailhead-2026-10-13.md"), encoding: .utf8)
        let body = try MarkdownSafetyTests().render(markdown)
        let verdictRule = "blockquote > p:first-child > strong:first-of-type"
        let review = try shoot(Self.page(body, markerRule: verdictRule), named: "review", in: exports)
        #expect(review.width == 1100)
        #expect(review.ink > 0.01, "the page looks blank")
        #expect(review.markerPixels > 500, "the top verdict is not on the screenshot")
        #expect(review.markerTop >= 0 && review.markerTop < 1000, "the top verdict starts at \(review.markerTop) px")

        // The check can fail: the same page pushed down by 1,200 pixels has its verdict too low.
        let pushed = try shoot(Self.page(body, markerRule: verdictRule, top: 1200), named: "pushed", in: exports)
        #expect(pushed.markerTop >= 1000)

        // The VPAT page: its first row's conformance level.
        let vpat = try String(contentsOf: exports.appendingPathComponent("trailhead-2026-10-13-vpat-draft.html"), encoding: .utf8)
        let marked = vpat.replacingOccurrences(of: "</head>", with: "<style>tbody tr:first-child td.conformance strong { \(Self.marker) }</style>\n</head>")
        #expect(marked != vpat)
        let shot = try shoot(marked, named: "vpat", in: exports)
        #expect(shot.ink > 0.01, "the page looks blank")
        #expect(shot.markerPixels > 200)
        #expect(shot.markerTop >= 0 && shot.markerTop < 1000, "the first conformance level starts at \(shot.markerTop) px")
    }
}
