import AuditStore
import DynamicType
import Evidence
import Interchange
import Output
import Scan

/// The review page's screenshots and recordings: strips, links, the files it shows.
extension MarkdownPage {
    // MARK: Evidence

    /// The link target of an exported evidence file, relative to the report; notes the file as
    /// one the export must copy.
    mutating func evidenceTarget(_ file: EvidenceFile) -> String {
        if linkedHashes.insert(file.hash).inserted { linkedEvidence.append(file) }
        return URIPath.encoded((input.evidence?.folder ?? "") + "/" + file.storedName)
    }

    /// `rec.mov (MOV, 2.1 MB)`: a file's name as attached, escaped, with its kind when it is not
    /// an image a browser shows.
    func evidenceLabel(_ link: EvidenceLink) -> String {
        let name = Markdown.text(link.name)
        return link.file.kind.isInlineImage ? name : name + " (\(link.file.kind.displayName), \(ByteCount.format(link.file.byteCount)))"
    }

    /// Links to the files of one failure entry: each cell's files, each file once; with several
    /// sizes, each link says its size.
    mutating func evidenceLinks(of item: String, at sizes: [Size], in evidence: ScreenEvidence) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for size in sizes {
            for link in evidence.cells[CellKey(item: item, size: size)] ?? [] where seen.insert(link.file.hash).inserted {
                let target = evidenceTarget(link.file)
                result.append((sizes.count > 1 ? "\(size.id) " : "") + "[\(evidenceLabel(link))](\(target))")
            }
        }
        return result
    }

    /// The files of the screen at `size`, each once: its current screenshots first (the latest,
    /// `ScreenEvidence.screenshotsByAge`), then the files of its cells in checklist order, then the
    /// superseded screenshots.
    func files(at size: Size, in evidence: ScreenEvidence) -> (current: [EvidenceLink], superseded: [EvidenceLink]) {
        let order = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let cellLinks = evidence.cells.filter { $0.key.size == size }
            .sorted { (order[$0.key.item] ?? .max, $0.key.item) < (order[$1.key.item] ?? .max, $1.key.item) }
            .flatMap(\.value)
        let shots = evidence.screenshotsByAge(at: size)
        var seen = Set<String>()
        let current = (shots.current + cellLinks).filter { seen.insert($0.file.hash).inserted }
        return (current, shots.superseded.filter { seen.insert($0.file.hash).inserted })
    }

    /// How many files the screen's strip shows or links, superseded ones included.
    func fileCount(_ evidence: ScreenEvidence) -> Int {
        evidence.sizes.reduce(0) { count, size in
            let files = files(at: size, in: evidence)
            return count + files.current.count + files.superseded.count
        }
    }

    /// Who attached a file and when: the run that did (`run UITests.xcresult #3f2a9c1e4b5d,
    /// 2026-12-07`), else the person (`attached by Ben, 2026-12-07`).
    static func origin(_ link: EvidenceLink) -> String {
        (link.run.map { "run " + Markdown.text($0) } ?? "attached by " + Markdown.text(link.attachedBy)) + ", " + link.attachedAt.day
    }

    /// A table with one column per size that has evidence, largest first and the default size
    /// last, each cell showing that size's screenshots as linked thumbnails, each captioned with
    /// what it shows and who attached it when; files a browser does not show inline (HEIC, PDF,
    /// MOV, MP4) and thumbnails past the first few are plain links. Screenshots an older run or
    /// import took are folded away below, marked superseded.
    mutating func screenshotStrip(_ screen: Screen, _ evidence: ScreenEvidence) {
        let sizes = evidence.sizes
        guard !sizes.isEmpty else { return }
        var cells: [String] = []
        var fileCount = 0
        var anyImage = false
        var anySuperseded = false
        for size in sizes {
            let (current, superseded) = files(at: size, in: evidence)
            fileCount += current.count + superseded.count
            anyImage = anyImage || (current + superseded).contains { $0.file.kind.isImage }
            var cell = shown(current, of: screen, at: size, superseded: false).joined(separator: "<br>")
            if !superseded.isEmpty {
                anySuperseded = true
                let older = shown(superseded, of: screen, at: size, superseded: true).joined(separator: "<br>")
                cell += (cell.isEmpty ? "" : "<br>") + "<details><summary>\(counted(superseded.count, "older screenshot")), superseded</summary>\(older)</details>"
            }
            cells.append(cell)
        }
        let what = anyImage ? "**\(plural("Screenshot", fileCount))**" : "**Evidence**"
        let latest = anySuperseded ? ", the latest first (older ones folded away, superseded)" : ""
        if sizes.count == 1 {
            line("\(what) at \(sizes[0].id)\(latest) (select \(fileCount == 1 ? "it" : "one") to see it whole):")
        } else {
            line("\(what) by size, the largest first\(sizes.last == .default ? " and the default size last" : "")\(latest) (select one to see it whole):")
        }
        line()
        out += Markdown.table(sizes.map { $0 == .default ? "\($0.id) (default)" : $0.id }, sizes.map { _ in .center }, [cells])
        line()
    }

    /// Thumbnails side by side, then one line per linked file.
    private mutating func shown(_ links: [EvidenceLink], of screen: Screen, at size: Size, superseded: Bool) -> [String] {
        var thumbnails: [String] = []
        var plain: [String] = []
        for link in links {
            let target = evidenceTarget(link.file)
            if link.file.kind.isInlineImage && thumbnails.count < MarkdownReporter.thumbnailsPerSize {
                // Markdown image syntax inside a link: any CommonMark renderer shows it, and one
                // that shows no images keeps a link named by the alt text. The caption says what
                // was checked at which size (a crop's name says which picture is which size),
                // and which run or person attached it when.
                let alt = Markdown.text("\(screen.name) at \(size.id)" + (link.item.map { ", \($0): \(link.name)" } ?? ", whole screen"))
                let what = (superseded ? "superseded · " : "") + (link.item.map { "`\($0)` · \(size.id) · " + Markdown.text(link.name) } ?? "screen · \(size.id)")
                thumbnails.append("[![\(alt)](\(target) \"\(Self.linkTitle(link.name))\")](\(target))<br>" + what + "<br>" + Self.origin(link))
            } else {
                plain.append("[\(evidenceLabel(link))](\(target))" + (superseded ? " (superseded, " + Self.origin(link) + ")" : ""))
            }
        }
        return thumbnails + plain
    }

    /// Text for the quoted title of a Markdown link or image: every ASCII punctuation character
    /// backslash-escaped (CommonMark takes each literally then), line breaks and control characters
    /// made spaces.
    static func linkTitle(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isUnsafeToShow {
                result += " "
            } else {
                if scalar.isASCII && scalar.properties.isPatternSyntax { result += "\\" }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    mutating func checklistSection() {
        line("## Checklist")
        line()
        var intro = "\(Markdown.text(checklist.title)) v\(Markdown.text(checklist.version)): \(counted(checklist.items.count, "check")), \(counted(checklist.plannedCells.count, "planned cell")) per screen."
        if !checklist.summary.isEmpty { intro += " " + Markdown.text(Self.unwrapped(checklist.summary)) }
        line(intro)
        line()
        let rows = checklist.items.map { item in
            ["`\(item.id)`", Markdown.text(item.title) + (item.scaling ? " (text scaling)" : ""), item.sizes.map(\.id).joined(separator: ", "),
             item.severity.rawValue, item.wcag.map(Markdown.text).joined(separator: ", "), item.fix?.rawValue ?? ""]
        }
        out += Markdown.table(["Check", "What is checked", "Sizes", "Severity", "WCAG", "Usual fix"], [.left, .left, .left, .left, .left, .left], rows)
        line()
    }

    /// Prose wrapped at a fixed width, as in a checklist file, with its lines joined again;
    /// paragraphs stay apart.
    static func unwrapped(_ text: String) -> String {
        text.split(separator: "\n\n", omittingEmptySubsequences: true)
            .map { $0.split(separator: "\n").map { String($0) }.joined(separator: " ") }
            .joined(separator: "\n")
    }

    mutating func about() {
        line("## About this report")
        line()
        line("- **Categories** are derived from the latest result of each cell: a failed text-scaling check makes a screen unsupported, any other failure broken, and every planned check passed or n/a supported. Until results are recorded, a category chosen at triage shows as a guess (⚪); recorded results always outrank it. A fix sends the checks it addresses and the default size back to be checked, and until they are recorded the screen is not counted as supported.")
        line("- **Larger Text** is ready when every critical screen is supported and was checked at \(LargerTextVerdict.doublingSize.id) or larger. App Store Connect lets an app declare it when people can enlarge text, Apple suggests to at least 200 %, and still complete every common task; cut-off or overlapping text counts against it. It is declared per device family.")
        line("- **WCAG 1.4.4 Resize Text** asks that text can be resized to 200 % without losing content or function. Body text reaches 200 % at \(LargerTextVerdict.doublingSize.id), so the level is judged on the checks mapped to 1.4.4 up to \(LargerTextVerdict.doublingSize.id), plus text that does not scale at any size: Supports when every screen passes them, Partially Supports when some screens fail, Does Not Support when most do, Not Evaluated while they are incomplete. A level reads \"so far\" while open checks (never recorded, retests, default re-checks) could still change it.")
        if hasScans {
            line("- **Code scan** findings come from `dtaudit scan --record`, which reads the source files each screen lists for code that keeps text from following the text size: fixed font sizes, text held to one line or shrunk to fit, fixed heights, capped sizes, fonts that miss size changes. Each maps to the checklist item it usually fails. A finding is a lead for the audit, not a result: only a check at that size records one.")
        }
        if let folder = input.evidence?.folder, !linkedEvidence.isEmpty {
            let bytes = linkedEvidence.reduce(Int64(0)) { $0 + $1.byteCount }
            let place = "[\(Markdown.text(folder))/](\(URIPath.encoded(folder))/)"
            if linkedEvidence.count == 1 {
                line("- **Evidence**: the evidence file this page links (\(ByteCount.format(bytes))) is a copy in \(place) beside it, named by the SHA-256 of its content, byte for byte as it was attached. Keep the folder with the page.")
            } else {
                line("- **Evidence**: the \(linkedEvidence.count) evidence files this page links (\(ByteCount.format(bytes))) are copies in \(place) beside it, each named by the SHA-256 of its content, byte for byte as they were attached. Keep the folder with the page.")
            }
        }
        line("- Generated by \(Markdown.text(input.generator)) from the audit's own data: the same audit always gives the same page. `dtaudit export --format json` writes the audit for sharing through git.")
        line()
    }
}
