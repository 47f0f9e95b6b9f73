import DynamicType
import Hierarchies
import Imaging
import Judges
import Testing
import TestSupport

/// Crops read back from their PNG bytes: the outline lies on each frame's edge scaled to pixels,
/// Large on the left, the failing size on the right.
@Suite struct CropsTests {
    let window = Frame(x: 0, y: 0, width: 390, height: 844)

    /// A 3x screenshot: grey, with the element's frame filled blue so that the crop shows it.
    func shot(_ frames: [Frame]) -> Crops.Shot {
        var image = RGBAImage(width: 1170, height: 2532, background: RGBA(230, 230, 230))
        for frame in frames {
            image.fill(PixelRect(x: Int(frame.x * 3), y: Int(frame.y * 3), width: Int(frame.width * 3), height: Int(frame.height * 3)), RGBA(0, 0, 255))
        }
        return Crops.Shot(image: image, window: window)
    }

    @Test func largeAboveTheFailingSizeWithOutlinesOnTheScaledFrames() throws {
        let atLarge = Frame(x: 200, y: 100, width: 100, height: 20)
        let atAX5 = Frame(x: 200, y: 100, width: 100, height: 20.5)
        let finding = JudgedFinding(elements: [ElementRef(type: "StaticText", name: "Price", frame: atAX5, largeFrame: atLarge)], detail: "")
        let crop = try Crops.evidence(for: finding, failing: shot([atAX5]), large: shot([atLarge]))
        #expect(crop.reference == .above && crop.panels(reference: "Large", failing: "ax5") == "Large above, ax5 below")
        let picture = try PNGDecoder().decode(PNGEncoder.encode(crop.image))
        // Each panel: the frame and 16 pt around it, at 3 pixels a point; side by side the two
        // would be more than four times as wide as tall, so Large lies above.
        let largeWidth = (100 + 32) * 3, largeHeight = (20 + 32) * 3
        let failingHeight = Int(((100 + 20.5 + 16) * 3).rounded(.up)) - (100 - 16) * 3
        #expect(picture.width == largeWidth)
        #expect(picture.height == largeHeight + Crops.gap + failingHeight)
        // Large above: the outline's corner 16 pt in, then its inside shows the screenshot.
        #expect(picture.pixel(x: 48, y: 48) == Crops.outline)
        #expect(picture.pixel(x: 48 + 3, y: 48 + 3) == RGBA(0, 0, 255), "inside the 3-pixel line: the screenshot")
        #expect(picture.pixel(x: 47, y: 47) == RGBA(230, 230, 230), "outside the frame: the screenshot")
        #expect(picture.pixel(x: 48 + 300 - 1, y: 48 + 60 - 1) == Crops.outline, "bottom right corner of 100 x 20 pt")
        // The failing size below, after the gap.
        let below = largeHeight + Crops.gap
        #expect(picture.pixel(x: 48, y: below + 48) == Crops.outline)
        #expect(picture.pixel(x: 48 + 299, y: below + 48 + 62 - 1) == Crops.outline, "20.5 pt is 61.5 pixels, rounded out to 62")
        #expect(picture.pixel(x: 10, y: largeHeight + 5) == .white, "the gap")
    }

    /// Pictures no wider than tall lie side by side, Large on the left.
    @Test func squarePicturesLieSideBySideLargeOnTheLeft() throws {
        let icon = Frame(x: 300, y: 400, width: 40, height: 40)
        let finding = JudgedFinding(elements: [ElementRef(type: "Image", name: "cart", frame: icon, largeFrame: icon)], detail: "")
        let crop = try Crops.evidence(for: finding, failing: shot([icon]), large: shot([icon]))
        #expect(crop.reference == .left && crop.panels(reference: "Large", failing: "ax5") == "Large left, ax5 right")
        #expect(crop.image.width == 72 * 3 * 2 + Crops.gap && crop.image.height == 72 * 3)
        let alone = try Crops.evidence(for: finding, failing: shot([icon]), large: nil)
        #expect(alone.reference == nil && alone.panels(reference: "Large", failing: "ax5") == "ax5 only")
    }

    /// A label as wide as the screen is cropped with the screen above and below it, to at most
    /// four times as wide as tall, kept on the screenshot at its top edge.
    @Test func aWideElementIsCroppedToAReadableAspect() throws {
        for y in [300.0, 2.0] {
            let banner = Frame(x: 0, y: y, width: 390, height: 18)
            let finding = JudgedFinding(elements: [ElementRef(type: "StaticText", name: "offline.banner", frame: banner, largeFrame: banner)], detail: "")
            let crop = try Crops.evidence(for: finding, failing: shot([banner]), large: shot([banner]))
            #expect(crop.reference == .above)
            // 390 pt shown (the margin falls outside the screenshot), so 97.5 pt tall: 293 or 294 pixels a panel.
            #expect(crop.image.width == 1170 && (293 * 2...294 * 2).contains(crop.image.height - Crops.gap), "\(crop.image.width) x \(crop.image.height)")
            // The banner's outline lies inside the panel: centred, or at the top where the screen begins.
            let top = y == 2 ? 0 : Int(((y - (97.5 - 18) / 2) * 3).rounded(.down))
            #expect(crop.image.pixel(x: 1, y: Int(y * 3) - top) == Crops.outline, "y \(y)")
        }
    }

    @Test func twoElementsOfAnOverlapAreBothOutlined() throws {
        let name = Frame(x: 16, y: 100, width: 330, height: 64), edit = Frame(x: 300, y: 95, width: 74, height: 64)
        let finding = JudgedFinding(elements: [ElementRef(type: "StaticText", name: "Name", frame: name, largeFrame: nil),
                                         ElementRef(type: "Button", name: "Edit", frame: edit, largeFrame: nil)], detail: "")
        let picture = try PNGDecoder().decode(try Crops.png(for: finding, failing: shot([name, edit]), large: nil))
        // The crop starts 16 pt left of the leftmost frame (x 0) and above the topmost (y 79).
        #expect(picture.width == (374 + 16) * 3 - 0 && picture.height == (164 + 16 - 79) * 3)
        #expect(picture.pixel(x: 16 * 3, y: (100 - 79) * 3) == Crops.outline)
        #expect(picture.pixel(x: 300 * 3, y: (95 - 79) * 3) == Crops.outline)
    }

    /// A screenshot stored smaller than the screen (0.75 of the window's points) is cropped at
    /// its own scale: its shape is the window's.
    @Test func aScreenshotScaledDownIsCroppedAtItsScale() throws {
        let frame = Frame(x: 100, y: 200, width: 120, height: 40)
        var image = RGBAImage(width: 300, height: 600, background: RGBA(230, 230, 230))
        image.fill(PixelRect(x: 75, y: 150, width: 90, height: 30), RGBA(0, 0, 255))
        let finding = JudgedFinding(elements: [ElementRef(type: "StaticText", name: "Price", frame: frame, largeFrame: nil)], detail: "")
        let shot = Crops.Shot(image: image, window: Frame(x: 0, y: 0, width: 400, height: 800))
        let picture = try PNGDecoder().decode(try Crops.png(for: finding, failing: shot, large: nil))
        // 16 pt around the frame at 0.75 pixels a point: 12 pixels.
        #expect(picture.width == 90 + 24 && picture.height == 30 + 24)
        #expect(picture.pixel(x: 12, y: 12) == Crops.outline)
        #expect(picture.pixel(x: 12 + 45, y: 12 + 15) == RGBA(0, 0, 255))
    }

    @Test func aScreenshotOfAnotherWindowIsRefused() {
        let finding = JudgedFinding(elements: [ElementRef(type: "StaticText", name: "A", frame: Frame(x: 0, y: 0, width: 10, height: 10), largeFrame: nil)], detail: "")
        let tiny = Crops.Shot(image: RGBAImage(width: 100, height: 200), window: window)
        #expect(throws: ImageError.self) { try Crops.png(for: finding, failing: tiny, large: nil) }
        // The window's width at 0.75 but not its height: another picture.
        let squashed = Crops.Shot(image: RGBAImage(width: 293, height: 400), window: window)
        #expect(throws: ImageError.self) { try Crops.png(for: finding, failing: squashed, large: nil) }
        let outside = JudgedFinding(elements: [ElementRef(type: "StaticText", name: "A", frame: Frame(x: 0, y: 5000, width: 10, height: 10), largeFrame: nil)], detail: "")
        #expect(throws: ImageError("shows none of the elements: their frames lie outside the screenshot")) {
            try Crops.png(for: outside, failing: shot([]), large: nil)
        }
    }
}

/// What the import will call: the crops of a failed verdict from the run's screenshots.
@Suite struct VerdictEvidenceTests {
    @Test func aFailedVerdictGetsACropOfEachFindingThatNamesElements() throws {
        let screen = try run(.harness, [.l: [.button("Pay", 16, 700, 358, 50)], .ax5: [.button("Pay", 16, 900, 358, 90), .text("Gone", 16, 100, 900, 20)]])
        let verdict = Reachable().judge(ScreenContext(screen), at: .ax5)
        #expect(verdict.findings.count == 2)
        let screenshot: (Size) -> RGBAImage? = { size in size == .ax5 ? RGBAImage(width: 1170, height: 2532) : nil }
        let crops = Crops.evidence(for: verdict, of: screen, screenshot: screenshot)
        #expect(crops.map(\.finding) == [0, 1])
        // The button lies below the screenshot: that crop is refused with the reason; the text is cropped.
        let results = crops.map { crop -> String in
            switch crop.png {
            case .success(let crop): (try? PNGDecoder().decode(crop.bytes)).map { "\($0.width) x \($0.height)" } ?? "unreadable"
            case .failure(let error): error.description
            }
        }
        #expect(results.contains("shows none of the elements: their frames lie outside the screenshot"))
        #expect(results.contains("1170 x 294"), "the text's crop is clamped to the screenshot's width, and as tall as a quarter of it: \(results)")
        #expect(Crops.evidence(for: verdict, of: screen, screenshot: { _ in nil }).allSatisfy {
            if case .failure(let error) = $0.png { return error.description == "has no screenshot of Checkout at ax5" }
            return false
        })
        let passed = Reachable().judge(ScreenContext(try run(.harness, [.ax5: [.text("A", 0, 100, 10, 10)]])), at: .ax5)
        #expect(Crops.evidence(for: passed, of: screen, screenshot: screenshot).isEmpty)
    }
}
