import DynamicType
import Hierarchies
import Imaging
import TextReading

/// `no-truncation`: every label's text is all there, read back from the screenshot.
///
/// The labels are those `text-scales` measures (`StaticText` with text, outside bars), each matched
/// with Large. Each one's frame is cropped from the screenshot at its size (points scaled to pixels
/// as the crops are), its pixels measured (`Ink`) and its text read back (`TextReader`); the rule
/// is `TruncationCheck`'s: a label whose Large picture does not read back as its label is left to
/// people at every size; one that does is cut at a size where its letters read back are not the
/// label's, an ellipsis shows, or its ink runs into an edge of its frame.
///
/// Unlike the other judges it needs pictures and a reader, so it judges in two steps: `pixels`
/// while a screen's hierarchies and screenshots are at hand, handing each picture to the reader;
/// `verdicts` once the reader has read every picture of the run.
public struct NoTruncation: Sendable {
    public let item = "no-truncation"
    /// Labels read at one size of one screen, at most: a real screen has dozens.
    public static let labelsPerSize = 400
    /// Characters of a label, at most: a paragraph is not a label, and reads back less reliably.
    public static let longestLabel = 400

    public init() {}

    static func isLabel(_ element: Element) -> Bool { TextScales.isLabel(element) }

    /// What a label says: its label, else its value.
    static func text(of element: Element) -> String { element.label.isEmpty ? element.value : element.label }

    /// One label's pixels at one size.
    struct Pixels: Sendable {
        var element: ElementRef
        var label: String
        var facts: PixelFacts
        /// The reader's number for its picture; nil when the frame shows no text.
        var picture: Int?
        /// The element at Large, in the Large hierarchy.
        var large: Int
    }

    /// What a screen's labels show at each size, waiting for the reader's text.
    public struct ScreenPixels: Sendable {
        public let screen: String
        /// The sizes to judge, in order.
        public let sizes: [Size]
        var large: [Int: Pixels] = [:]
        var readings: [Size: [Pixels]] = [:]
        /// Sizes (Large included) whose labels could not be read at all, and why.
        var gaps: [Size: String] = [:]
        /// Per size, labels not measured, with the first reason.
        var unmeasured: [Size: (count: Int, first: String)] = [:]
        var windows: [Size: Frame] = [:]

        /// Each picture that went to the reader: its number, the label it shows and the size.
        public var pictures: [(picture: Int, label: String, size: Size)] {
            let all = large.values.map { ($0, Size.l) } + readings.flatMap { size, labels in labels.map { ($0, size) } }
            return all.compactMap { label, size in label.picture.map { ($0, label.label, size) } }.sorted { $0.picture < $1.picture }
        }

        mutating func leaveOut(_ size: Size, _ reason: String) {
            let known = unmeasured[size]
            unmeasured[size] = ((known?.count ?? 0) + 1, known?.first ?? reason)
        }
    }

    /// Measures the labels of `run` at `sizes` (and at Large, which they are read against):
    /// `screenshot` gives the run's picture of the screen at a size (nil without one), `read`
    /// takes a label's picture and gives back its number.
    public func pixels(of run: ScreenRun, at sizes: [Size], screenshot: (Size) -> Result<RGBAImage, ImageError>?,
                       read: (TextImage) throws(ReadingError) -> Int) throws(ReadingError) -> ScreenPixels {
        let judged = sizes.filter { $0 != .l && run.hierarchies[$0] != nil }
        var result = ScreenPixels(screen: run.screen, sizes: sizes.filter { run.hierarchies[$0] != nil })
        let context = ScreenContext(run)
        guard !judged.isEmpty, let large = context.index(at: .l) else { return result }
        var wanted = Set<Int>()
        for size in judged {
            let comparison: Comparison
            switch context.comparison(at: size) {
            case .failure(let gap):
                result.gaps[size] = gap.reason
                continue
            case .success(let found): comparison = found
            }
            let hierarchy = comparison.other.hierarchy
            let labels = hierarchy.judged(where: Self.isLabel).filter { !hierarchy.inBar[$0] }
            guard labels.count <= Self.labelsPerSize else {
                result.gaps[size] = "\(labels.count) labels at \(size), more than the \(Self.labelsPerSize) read on a screen"
                continue
            }
            guard let shot = Self.shot(screenshot(size), of: hierarchy, at: size, gaps: &result.gaps) else { continue }
            result.windows[size] = hierarchy.window
            var readings: [Pixels] = []
            for index in labels {
                guard let atLarge = comparison.counterpart(index), !large.hierarchy.hidden[atLarge], let largeFrame = large.frame(atLarge) else {
                    result.leaveOut(size, "not found at Large")
                    continue
                }
                let element = hierarchy.elements[index]
                let ref = ElementRef(element, frame: element.frame!, largeFrame: largeFrame)
                switch try Self.measure(element, on: shot, read: read) {
                case .failure(let gap): result.leaveOut(size, gap.reason)
                case .success(let (facts, _)) where !facts.showsText:
                    // Hidden behind another view, or a screenshot taken before the screen was drawn: not a cut a picture can prove.
                    result.leaveOut(size, "showing no text")
                case .success(let (facts, picture)):
                    readings.append(Pixels(element: ref, label: Self.text(of: element), facts: facts, picture: picture, large: atLarge))
                    wanted.insert(atLarge)
                }
            }
            result.readings[size] = readings
        }
        guard !wanted.isEmpty, let shot = Self.shot(screenshot(.l), of: large.hierarchy, at: .l, gaps: &result.gaps) else { return result }
        result.windows[.l] = large.hierarchy.window
        for index in wanted.sorted() {
            let element = large.hierarchy.elements[index]
            let ref = ElementRef(element, frame: element.frame!, largeFrame: element.frame)
            switch try Self.measure(element, on: shot, read: read) {
            case .failure(let gap): result.leaveOut(.l, gap.reason)
            case .success(let (facts, picture)):
                result.large[index] = Pixels(element: ref, label: Self.text(of: element), facts: facts, picture: picture, large: index)
            }
        }
        return result
    }

    /// The screenshot at `size` with its scale, when it is a picture of the hierarchy's window;
    /// else nil, with the reason in `gaps`.
    static func shot(_ found: Result<RGBAImage, ImageError>?, of hierarchy: Hierarchy, at size: Size,
                     gaps: inout [Size: String]) -> (image: RGBAImage, scale: Double, origin: (Double, Double))? {
        guard let found else {
            gaps[size] = "the run has no screenshot of this screen at \(size)"
            return nil
        }
        let image: RGBAImage
        switch found {
        case .failure(let error):
            gaps[size] = "the screenshot at \(size) \(error)"
            return nil
        case .success(let decoded): image = decoded
        }
        guard let window = hierarchy.window, let scale = Crops.Shot(image: image, window: window).scale,
              abs(Double(image.height) - window.height * scale) <= max(2, scale) else {
            let window = hierarchy.window.map { " of the \(Frame.points($0.width)) x \(Frame.points($0.height)) pt window" } ?? ": the hierarchy has no window"
            gaps[size] = "the screenshot at \(size) is \(image.width) x \(image.height) px, not a picture\(window)"
            return nil
        }
        // A screenshot stored scaled down (a snapshot test's thumbnail) draws body text a few pixels
        // tall, which no reader reads: it would fail whole labels.
        guard scale >= 0.95 else {
            gaps[size] = "the screenshot at \(size) is \(image.width) x \(image.height) px, under a pixel a point of the "
                + "\(Frame.points(window.width)) x \(Frame.points(window.height)) pt window: too small to read labels in"
            return nil
        }
        return (image, scale, (window.x, window.y))
    }

    /// An element's frame in the screenshot, measured, its picture handed to the reader; or why not.
    static func measure(_ element: Element, on shot: (image: RGBAImage, scale: Double, origin: (Double, Double)),
                        read: (TextImage) throws(ReadingError) -> Int) throws(ReadingError) -> Result<(PixelFacts, Int?), Unmeasured> {
        let label = text(of: element)
        guard label.count <= longestLabel else { return .failure(Unmeasured("longer than \(longestLabel) characters")) }
        guard !TextMatch.letters(label).isEmpty else { return .failure(Unmeasured("with no letter or digit in its label")) }
        guard let frame = element.frame else { return .failure(Unmeasured("without a frame")) }
        let left = ((frame.x - shot.origin.0) * shot.scale).rounded(), right = ((frame.maxX - shot.origin.0) * shot.scale).rounded()
        let top = ((frame.y - shot.origin.1) * shot.scale).rounded(), bottom = ((frame.maxY - shot.origin.1) * shot.scale).rounded()
        guard right - left >= 2, bottom - top >= 2 else { return .failure(Unmeasured("too small to hold text")) }
        guard left >= 0, top >= 0, right <= Double(shot.image.width), bottom <= Double(shot.image.height) else {
            return .failure(Unmeasured("reaching past the screenshot"))
        }
        let rect = PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
        let (facts, picture) = Ink.measure(shot.image, rect)
        guard facts.showsText else { return .success((facts, nil)) }
        guard let picture else { return .failure(Unmeasured("too large to read as a label")) }
        return .success((facts, try read(picture)))
    }

    struct Unmeasured: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension NoTruncation {
    /// The verdict at each of the screen's sizes, now that `texts` holds what the reader read
    /// (by picture number).
    public func verdicts(_ pixels: ScreenPixels, texts: [String]) -> [Verdict] {
        func readBack(_ label: Pixels) -> ReadBack {
            ReadBack(label: label.label, read: label.picture.map { $0 < texts.count ? texts[$0] : "" } ?? "", facts: label.facts)
        }
        return pixels.sizes.map { size in
            if size == .l { return .noData(item, size, "labels are read against Large, so Large itself is left to people") }
            if let gap = pixels.gaps[size] { return .noData(item, size, gap) }
            guard let readings = pixels.readings[size] else {
                return .noData(item, size, "the run has no hierarchy of this screen at Large to read its labels against")
            }
            if let gap = pixels.gaps[.l], !readings.isEmpty { return .noData(item, size, gap + ", which labels are read against") }
            var findings: [JudgedFinding] = []
            var passed = 0
            var leftOut: [String] = []
            if let unmeasured = pixels.unmeasured[size] {
                leftOut.append("\(unmeasured.count) not measured (\(unmeasured.first))")
            }
            var gated = 0, firstGate: String?, notAtLarge = 0
            for reading in readings {
                guard let large = pixels.large[reading.large] else {
                    notAtLarge += 1
                    continue
                }
                if let reason = TruncationCheck.gate(readBack(large)) {
                    gated += 1
                    if firstGate == nil { firstGate = reading.element.shown + " " + reason }
                    continue
                }
                let decision = TruncationCheck.judge(readBack(reading), large: readBack(large))
                if decision.whole {
                    passed += 1
                } else {
                    let named = reading.element.name == reading.label ? "" : "(\(TruncationCheck.quoted(reading.label))) "
                    findings.append(JudgedFinding(elements: [reading.element], detail: named + decision.detail))
                }
            }
            if notAtLarge > 0 { leftOut.append("\(notAtLarge) not measured at Large (\(pixels.unmeasured[.l]?.first ?? "no picture"))") }
            if gated > 0 {
                leftOut.append("\(gated) whose Large picture does not read back as its label, as an icon font, an overridden label "
                               + "or an image of text does (\(firstGate!))")
            }
            let total = readings.count + (pixels.unmeasured[size]?.count ?? 0)
            let aside = leftOut.joined(separator: "; ")
            if !findings.isEmpty {
                let rest = total - findings.count - passed
                return .fail(item, size, findings, "\(findings.count) of \(total) labels are cut at \(size)" + (rest > 0 ? " (\(rest) left to people)" : ""))
            }
            guard passed > 0 else {
                return .noData(item, size, total == 0 ? "no label at \(size) is found at Large" : "none of \(total) labels at \(size) could be read back: " + aside)
            }
            return Verdict(item: item, size: size, outcome: .pass,
                           reason: (passed == total ? "all \(total)" : "\(passed) of \(total)") + " labels read back whole at \(size)" + (aside.isEmpty ? "" : "; left out: " + aside))
        }
    }

    /// What cropping a failure of this judge needs: the windows of its screenshots.
    public func cropPlan(for verdict: Verdict, of pixels: ScreenPixels) -> CropPlan? {
        guard verdict.outcome == .fail, verdict.item == item else { return nil }
        return CropPlan(screen: pixels.screen, verdict: verdict, window: pixels.windows[verdict.size], referenceWindow: pixels.windows[.l])
    }
}

extension CropPlan {
    init(screen: String, verdict: Verdict, window: Frame?, referenceWindow: Frame?) {
        self.screen = screen
        self.verdict = verdict
        self.window = window
        self.referenceWindow = referenceWindow
    }
}
