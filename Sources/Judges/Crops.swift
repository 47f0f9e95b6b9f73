import DynamicType
import Hierarchies
import Imaging

/// The evidence of an automatic failure a person can judge in a second: each screenshot cropped
/// around the finding's elements with their frames outlined, Large beside (or above) the failing
/// size, and a name that says which is which. Frames are in points and screenshots in pixels; a
/// screenshot's scale is its pixel width over its window's width in points.
public enum Crops {
    /// A picture is at most this many times as wide as it is tall: a crop around a full-width
    /// element takes in the screen above and below it, and two wide pictures lie one above the
    /// other, so that no crop becomes a strip too thin to read as a thumbnail.
    public static let maximumAspect = 4.0

    /// A crop and where its pictures lie.
    public struct Picture {
        public var image: RGBAImage
        /// Where the reference picture (Large, or before the fix) lies; nil when the failing size is alone.
        public var reference: Placement?

        public enum Placement: Sendable { case left, above }

        /// `Large left, ax5 right`, `Large above, ax5 below`, `ax5 only`: what a caption says of it.
        public func panels(reference name: String, failing size: String) -> String {
            switch reference {
            case .left: "\(name) left, \(size) right"
            case .above: "\(name) above, \(size) below"
            case nil: "\(size) only"
            }
        }
    }

    /// A crop as the import stores it: its PNG bytes and what its caption says of its pictures.
    public struct File: Sendable {
        public var bytes: [UInt8]
        /// `Large left, ax5 right` (`Picture.panels`).
        public var panels: String
    }

    /// The outline colour, a magenta that screens rarely use.
    public static let outline = RGBA(hex: 0xD8_1B60)
    /// Points of screenshot kept around the elements.
    public static let margin = 16.0
    /// Pixels between the two pictures.
    public static let gap = 12

    /// A screenshot of one hierarchy: the picture and the window it was taken of.
    public struct Shot {
        public var image: RGBAImage
        public var window: Frame?

        public init(image: RGBAImage, window: Frame?) {
            self.image = image
            self.window = window
        }

        /// Pixels a point; nil when there is no window or the two do not fit (a screenshot of
        /// another device, or a window of no width).
        public var scale: Double? {
            guard let window, window.width > 0 else { return nil }
            let scale = Double(image.width) / window.width
            // 1x to 4x are the scales of Apple's screens.
            if scale >= 0.9 && scale <= 4.1 { return scale }
            // Any other scale (a screenshot stored at 0.75 of its size) when the picture has the
            // window's shape: its height scaled alike, to a pixel.
            guard scale >= 0.05, scale <= 16, window.height > 0, abs(Double(image.height) - window.height * scale) <= max(1.5, scale) else { return nil }
            return scale
        }
    }

    /// `frames` of one screenshot, cropped around with `margin` and outlined.
    public static func panel(_ frames: [Frame], on shot: Shot) throws(ImageError) -> RGBAImage {
        guard let scale = shot.scale, let first = frames.first else {
            throw ImageError("cannot be matched to its window: the screenshot's width over the window's is not a screen's scale")
        }
        let area = frames.dropFirst().reduce(first) { $0.union($1) }
        let origin = shot.window?.x ?? 0, top = shot.window?.y ?? 0
        func pixels(_ frame: Frame) -> PixelRect {
            let left = Int(((frame.x - origin) * scale).rounded(.down)), right = Int(((frame.maxX - origin) * scale).rounded(.up))
            let upper = Int(((frame.y - top) * scale).rounded(.down)), lower = Int(((frame.maxY - top) * scale).rounded(.up))
            return PixelRect(x: left, y: upper, width: max(1, right - left), height: max(1, lower - upper))
        }
        var padded = Frame(x: area.x - margin, y: area.y - margin, width: area.width + 2 * margin, height: area.height + 2 * margin)
        // Around a wide element, the screen above and below it, centred and kept on the picture
        // where it can be, up to the readable aspect of what the picture shows of the width.
        let bottom = top + Double(shot.image.height) / scale
        let shownWidth = min(padded.maxX, origin + Double(shot.image.width) / scale) - max(padded.x, origin)
        let least = shownWidth / maximumAspect
        if padded.height < least {
            let y = min(max(padded.y - (least - padded.height) / 2, top), bottom - least)
            padded = Frame(x: padded.x, y: y, width: padded.width, height: least)
        }
        let crop = pixels(padded)
        guard var picture = shot.image.cropped(to: crop), let clamped = crop.clamped(to: shot.image.width, shot.image.height) else {
            throw ImageError("shows none of the elements: their frames lie outside the screenshot")
        }
        let line = max(2, Int(scale.rounded()))
        for frame in frames {
            var rect = pixels(frame)
            rect.x -= clamped.x
            rect.y -= clamped.y
            picture.stroke(rect, lineWidth: line, outline)
        }
        return picture
    }

    /// Large beside the failing size, or above it when side by side they would be wider than
    /// `maximumAspect`; the failing size alone when Large has no frames or no shot.
    public static func evidence(for finding: JudgedFinding, failing: Shot, large: Shot?) throws(ImageError) -> Picture {
        let failingPanel = try panel(finding.elements.map(\.frame), on: failing)
        let largeFrames = finding.elements.compactMap(\.largeFrame)
        guard let large, !largeFrames.isEmpty, largeFrames.count == finding.elements.count,
              let largePanel = try? panel(largeFrames, on: large) else { return Picture(image: failingPanel, reference: nil) }
        let wide = Double(largePanel.width + gap + failingPanel.width) > maximumAspect * Double(max(largePanel.height, failingPanel.height))
        if wide, let stacked = RGBAImage.stacked([largePanel, failingPanel], gap: gap) { return Picture(image: stacked, reference: .above) }
        guard let paired = RGBAImage.sideBySide([largePanel, failingPanel], gap: gap) else { return Picture(image: failingPanel, reference: nil) }
        return Picture(image: paired, reference: .left)
    }

    /// The same as a PNG file.
    public static func png(for finding: JudgedFinding, failing: Shot, large: Shot?) throws(ImageError) -> [UInt8] {
        PNGEncoder.encode(try evidence(for: finding, failing: failing, large: large).image)
    }
}

/// What cropping a failed verdict needs once its hierarchies are gone: the verdict and the
/// windows its screenshots were taken of. An import keeps these for every failure while it judges
/// screen after screen, and makes the crops one at a time as it stores them, so that no more
/// than two screenshots are decoded at once.
public struct CropPlan: Sendable {
    public var screen: String
    public var verdict: Verdict
    /// The window at the failing size.
    public var window: Frame?
    /// The window of the left picture: Large, or for `default-unchanged` Large in the run before the fix.
    public var referenceWindow: Frame?

    /// Nil unless the verdict failed and the run has the failing size's hierarchy.
    public init?(_ verdict: Verdict, of run: ScreenRun) {
        guard verdict.outcome == .fail, let hierarchy = run.hierarchies[verdict.size] else { return nil }
        screen = run.screen
        self.verdict = verdict
        window = hierarchy.window
        referenceWindow = verdict.item == DefaultUnchanged().item ? run.largeBeforeFix?.window : run.hierarchies[.l]?.window
    }

    /// Whether the left picture is the run before the fix rather than Large of this run.
    public var comparesWithBeforeFix: Bool { verdict.item == DefaultUnchanged().item }
}

extension Crops {
    /// The crops of a failed verdict, one for each of its first `limit` findings that names
    /// elements: what the import writes beside the recording. `screenshot` gives the picture the
    /// run took of the screen at a size; for `default-unchanged`, `beforeFix` is the Large
    /// screenshot of the run before the fix. A finding whose screenshot is missing or does not fit
    /// its window gets no crop, with the reason.
    public static func evidence(for verdict: Verdict, of run: ScreenRun, screenshot: (Size) -> RGBAImage?,
                                beforeFix: RGBAImage? = nil, limit: Int = 6) -> [(finding: Int, png: Result<File, ImageError>)] {
        guard let plan = CropPlan(verdict, of: run) else { return [] }
        return evidence(for: plan, screenshot: screenshot, beforeFix: beforeFix, limit: limit)
    }

    /// The same from a plan made while the hierarchies were at hand.
    public static func evidence(for plan: CropPlan, screenshot: (Size) -> RGBAImage?, beforeFix: RGBAImage? = nil,
                                limit: Int = 6) -> [(finding: Int, png: Result<File, ImageError>)] {
        let verdict = plan.verdict
        let failing = screenshot(verdict.size).map { Shot(image: $0, window: plan.window) }
        let largeImage = plan.comparesWithBeforeFix ? beforeFix : screenshot(.l)
        let large = largeImage.map { Shot(image: $0, window: plan.referenceWindow) }
        var crops: [(finding: Int, png: Result<File, ImageError>)] = []
        let reference = plan.comparesWithBeforeFix ? "before the fix" : "Large"
        for (index, finding) in verdict.findings.enumerated() where !finding.elements.isEmpty {
            guard crops.count < limit else { break }
            guard let failing else {
                crops.append((index, .failure(ImageError("has no screenshot of \(plan.screen) at \(verdict.size)"))))
                continue
            }
            crops.append((index, Result { () throws(ImageError) in
                let picture = try evidence(for: finding, failing: failing, large: large)
                return File(bytes: PNGEncoder.encode(picture.image), panels: picture.panels(reference: reference, failing: verdict.size.id))
            }))
        }
        return crops
    }
}
