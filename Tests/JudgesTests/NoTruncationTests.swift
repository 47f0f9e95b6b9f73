import DynamicType
import Hierarchies
import Imaging
import Judges
import Testing
import TestSupport
import TextReading

/// `no-truncation` from its two steps, with the reader played by the test: which labels are
/// measured where, what the gate leaves out, what fails and why, and what is never measured.
@Suite struct NoTruncationTests {
    /// A 390 x 844 pt window at 1x: each label's frame drawn as a dark bar inside it (so it shows text).
    static func screenshot(_ frames: [(Double, Double, Double, Double)], width: Int = 390, height: Int = 844) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, background: .white)
        for (x, y, w, h) in frames {
            image.fill(PixelRect(x: Int(x) + 2, y: Int(y) + 3, width: Int(w) - 4, height: Int(h) - 6), RGBA(20, 20, 20))
        }
        return image
    }

    struct Judged {
        var verdicts: [Verdict]
        var pixels: NoTruncation.ScreenPixels
        var labels: [String]
    }

    /// Judges `run` at ax5 with `shots`; the reader answers each picture with `answer(label, size)`.
    static func judge(_ run: ScreenRun, shots: [Size: Result<RGBAImage, ImageError>], answer: (String, Size) -> String) throws -> Judged {
        let judge = NoTruncation()
        var count = 0
        let pixels = try judge.pixels(of: run, at: [.ax5], screenshot: { shots[$0] }, read: { _ throws(ReadingError) in
            count += 1
            return count - 1
        })
        #expect(pixels.pictures.map(\.picture) == Array(0..<count))
        let texts = pixels.pictures.map { answer($0.label, $0.size) }
        return Judged(verdicts: judge.verdicts(pixels, texts: texts), pixels: pixels, labels: texts)
    }

    static let large: [Node] = [.text("Total", 16, 100, 100, 20), .text("Forgot password?", 16, 140, 150, 20), .text("Settings", 16, 180, 40, 20)]
    static let ax5: [Node] = [.text("Total", 16, 100, 200, 60), .text("Forgot password?", 16, 180, 358, 60), .text("Settings", 16, 260, 60, 60)]

    @Test(arguments: PageShape.allCases) func aLabelReadShortFailsAGearIsLeftOutAndWholeLabelsPass(shape: PageShape) throws {
        let run = try run(shape, [.l: Self.large, .ax5: Self.ax5])
        let shots: [Size: Result<RGBAImage, ImageError>] = [
            .l: .success(Self.screenshot([(16, 100, 100, 20), (16, 140, 150, 20), (16, 180, 40, 20)])),
            .ax5: .success(Self.screenshot([(16, 100, 200, 60), (16, 180, 358, 60), (16, 260, 60, 60)])),
        ]
        let judged = try Self.judge(run, shots: shots) { label, size in
            label == "Settings" ? "%" : size == .ax5 && label == "Forgot password?" ? "Forgot pa…" : label
        }
        let verdict = try #require(judged.verdicts.first)
        #expect(judged.verdicts.count == 1 && verdict.size == .ax5 && verdict.outcome == .fail)
        #expect(verdict.reason == "1 of 3 labels are cut at ax5 (1 left to people): StaticText \"Forgot password?\" reads back as \"Forgot pa…\" (an ellipsis where the label has none)")
        #expect(verdict.findings.first?.elements.first?.largeFrame == Frame(x: 16, y: 140, width: 150, height: 20))
        let crop = try #require(NoTruncation().cropPlan(for: verdict, of: judged.pixels))
        #expect(crop.window == Frame(x: 0, y: 0, width: 390, height: 844) && crop.referenceWindow == crop.window)

        let whole = try Self.judge(run, shots: shots) { label, _ in label == "Settings" ? "%" : label }
        #expect(whole.verdicts.first?.outcome == .pass)
        #expect(whole.verdicts.first?.reason == "2 of 3 labels read back whole at ax5; left out: 1 whose Large picture does not read back as its label, "
                + "as an icon font, an overridden label or an image of text does (StaticText \"Settings\" reads back at Large as \"%\", not as its label)")
    }

    @Test func framesOutsideTheScreenshotOrWithoutAreaAreNotMeasured() throws {
        let ax5: [Node] = [.text("Total", 16, 100, 200, 60), .text("Forgot password?", 16, 900, 358, 60), .text("Settings", 16, 260, 0.2, 60)]
        let run = try run(.harness, [.l: Self.large, .ax5: ax5])
        let shots: [Size: Result<RGBAImage, ImageError>] = [
            .l: .success(Self.screenshot([(16, 100, 100, 20), (16, 140, 150, 20), (16, 180, 40, 20)])),
            .ax5: .success(Self.screenshot([(16, 100, 200, 60)])),
        ]
        let judged = try Self.judge(run, shots: shots) { label, _ in label }
        #expect(judged.verdicts.first?.outcome == .pass)
        #expect(judged.verdicts.first?.reason == "1 of 3 labels read back whole at ax5; left out: 2 not measured (reaching past the screenshot)")
    }

    @Test func aScreenshotOfAnotherWindowOrNoneLeavesTheSizeWithoutData() throws {
        let run = try run(.harness, [.l: Self.large, .ax5: Self.ax5])
        let large = Self.screenshot([(16, 100, 100, 20), (16, 140, 150, 20), (16, 180, 40, 20)])
        let cases: [(Result<RGBAImage, ImageError>?, Result<RGBAImage, ImageError>?, String)] = [
            (.success(large), nil, "the run has no screenshot of this screen at ax5"),
            (.success(large), .success(RGBAImage(width: 390, height: 400)), "the screenshot at ax5 is 390 x 400 px, not a picture of the 390 x 844 pt window"),
            (.success(large), .success(RGBAImage(width: 100, height: 216)),
             "the screenshot at ax5 is 100 x 216 px, under a pixel a point of the 390 x 844 pt window: too small to read labels in"),
            (.success(large), .failure(ImageError("is interlaced")), "the screenshot at ax5 is interlaced"),
            (nil, .success(large), "the run has no screenshot of this screen at l, which labels are read against"),
        ]
        for (atLarge, atAX5, reason) in cases {
            var shots: [Size: Result<RGBAImage, ImageError>] = [:]
            shots[.l] = atLarge
            shots[.ax5] = atAX5
            let judged = try Self.judge(run, shots: shots) { label, _ in label }
            #expect(judged.verdicts.first?.outcome == .noData)
            #expect(judged.verdicts.first?.reason == reason)
        }
    }

    @Test func withoutLargeOrAtLargeItselfThereIsNoVerdictToTrust() throws {
        let only = try run(.harness, [.ax5: Self.ax5])
        let judged = try Self.judge(only, shots: [.ax5: .success(Self.screenshot([]))]) { label, _ in label }
        #expect(judged.verdicts.map(\.outcome) == [.noData])
        let both = try run(.harness, [.l: Self.large, .ax5: Self.ax5])
        let pixels = try NoTruncation().pixels(of: both, at: [.l, .ax5], screenshot: { _ in nil }, read: { _ throws(ReadingError) in 0 })
        #expect(NoTruncation().verdicts(pixels, texts: []).map(\.reason).first == "labels are read against Large, so Large itself is left to people")
    }
}

extension NoTruncationTests {
    @Test func aLabelWithoutLettersIsNotMeasuredAndWindowsThatDifferSaySo() throws {
        let large: [Node] = [.text("Total", 16, 100, 100, 20), .text("•", 16, 140, 20, 20)]
        let ax5: [Node] = [.text("Total", 16, 100, 200, 60), .text("•", 16, 180, 40, 60)]
        let shots: [Size: Result<RGBAImage, ImageError>] = [
            .l: .success(Self.screenshot([(16, 100, 100, 20), (16, 140, 20, 20)])),
            .ax5: .success(Self.screenshot([(16, 100, 200, 60), (16, 180, 40, 60)])),
        ]
        let judged = try Self.judge(try run(.harness, [.l: large, .ax5: ax5]), shots: shots) { label, _ in label }
        #expect(judged.verdicts.first?.reason == "1 of 2 labels read back whole at ax5; left out: 1 not measured (with no letter or digit in its label)")
        let other = try run(.harness, [.l: large, .ax5: ax5], widths: [.ax5: 430])
        let apart = try Self.judge(other, shots: shots) { label, _ in label }
        #expect(apart.verdicts.first?.reason == "the window is 390 x 844 pt at Large but 430 x 844 pt at ax5: not the same device")
    }
}
