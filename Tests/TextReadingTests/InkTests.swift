import Foundation
import TestSupport
import Imaging
import Testing
@testable import TextReading

/// The pixel half of the rule, on pictures drawn here: a bar of "ink" inside a frame, cut by it or not.
@Suite struct InkTests {
    /// A 60 x 30 frame at (10, 10) of a 80 x 50 picture, `ink` drawn in `bars` (in picture pixels).
    static func picture(background: RGBA, ink: RGBA, bars: [PixelRect]) -> RGBAImage {
        var image = RGBAImage(width: 80, height: 50, background: background)
        for bar in bars { image.fill(bar, ink) }
        return image
    }

    static let frame = PixelRect(x: 10, y: 10, width: 60, height: 30)

    @Test(arguments: [(RGBA.white, RGBA(0, 0, 0)), (RGBA(28, 28, 30), .white), (RGBA(230, 244, 234), RGBA(10, 92, 54)), (RGBA(0, 122, 255), .white)])
    func textInsideItsFrameTouchesNoEdgeWhateverItsColours(background: RGBA, ink: RGBA) {
        let image = Self.picture(background: background, ink: ink, bars: [PixelRect(x: 14, y: 16, width: 50, height: 16)])
        let (facts, picture) = Ink.measure(image, Self.frame)
        #expect(facts.showsText)
        #expect(facts.lines == 1)
        #expect(Edge.allCases.allSatisfy { facts.cut[$0] == 0 })
        // Black on white for the reader, whatever the colours were.
        let picturePixels = picture!.pixels
        #expect(picturePixels.min() == 0 && picturePixels.max() == 255)
        #expect(picturePixels.first == 255)
    }

    @Test func inkCutByTheFrameIsToldPerEdgeAndInkGoingOnPastItIsNot() {
        // Runs past the right edge and stops at it: cut. Runs past the left edge into the picture beyond: drawn on, not cut.
        let image = Self.picture(background: .white, ink: RGBA(0, 0, 0), bars: [
            PixelRect(x: 40, y: 16, width: 30, height: 12),   // ends on the frame's last column
            PixelRect(x: 4, y: 16, width: 20, height: 12),    // goes on past the left edge
        ])
        let (facts, _) = Ink.measure(image, Self.frame)
        #expect(facts.cut[.right]! == 1.0)
        #expect(facts.cut[.left]! == 0)
        #expect(facts.cut[.top]! == 0 && facts.cut[.bottom]! == 0)
        #expect(facts.near[.left]! > 0.9)
    }

    @Test func aLineCutAtTheBottomCoversAShareOfTheTextsWidth() {
        let image = Self.picture(background: .white, ink: RGBA(40, 40, 40), bars: [
            PixelRect(x: 14, y: 14, width: 40, height: 10),
            PixelRect(x: 20, y: 30, width: 4, height: 10), PixelRect(x: 30, y: 30, width: 4, height: 10),  // two stems cut by the bottom
        ])
        let (facts, _) = Ink.measure(image, Self.frame)
        #expect(facts.lines == 2)
        #expect(abs(facts.cut[.bottom]! - 8.0 / 40.0) < 0.001)
    }

    @Test func aFrameOfOneColourShowsNoText() {
        let image = Self.picture(background: RGBA(250, 250, 252), ink: .white, bars: [])
        let (facts, picture) = Ink.measure(image, Self.frame)
        #expect(!facts.showsText)
        #expect(picture == nil)
    }

    @Test func framesOnThePicturesEdgeAndOfOnePixelAreMeasured() {
        let image = Self.picture(background: .white, ink: RGBA(0, 0, 0), bars: [PixelRect(x: 0, y: 0, width: 80, height: 50)])
        let (whole, _) = Ink.measure(image, PixelRect(x: 0, y: 0, width: 80, height: 50))
        // One colour everywhere: the border is the background, nothing is ink.
        #expect(!whole.showsText)
        let line = Self.picture(background: .white, ink: RGBA(0, 0, 0), bars: [PixelRect(x: 0, y: 20, width: 80, height: 2)])
        let (facts, picture) = Ink.measure(line, PixelRect(x: 0, y: 18, width: 80, height: 6))
        #expect(facts.showsText)
        #expect(facts.cut[.left]! == 1 && facts.cut[.right]! == 1)
        #expect(picture != nil)
        _ = Ink.measure(line, PixelRect(x: 79, y: 49, width: 1, height: 1))
    }

    @Test func largeTextIsScaledDownAndSmallTextUpForTheReader() {
        var big = RGBAImage(width: 400, height: 300, background: .white)
        big.fill(PixelRect(x: 20, y: 50, width: 300, height: 200), RGBA(0, 0, 0))
        let (_, shrunk) = Ink.measure(big, PixelRect(x: 0, y: 0, width: 400, height: 300))
        #expect(shrunk!.height < 100)
        var small = RGBAImage(width: 60, height: 20, background: .white)
        small.fill(PixelRect(x: 5, y: 6, width: 40, height: 8), RGBA(0, 0, 0))
        let (_, grown) = Ink.measure(small, PixelRect(x: 0, y: 0, width: 60, height: 20))
        #expect(grown!.height == 20 * 2 + 24)
    }
}

/// The rule on figures: the gate, the text, the edges against Large.
@Suite struct TruncationCheckTests {
    static let clean = PixelFacts(contrast: 200, lines: 1, cut: [.left: 0, .right: 0, .top: 0, .bottom: 0], near: [.left: 0, .right: 0.02, .top: 0, .bottom: 0])

    @Test func largeMustReadBackAsTheLabelOrTheElementIsLeftOut() {
        #expect(TruncationCheck.gate(ReadBack(label: "Settings", read: "Settings", facts: Self.clean)) == nil)
        #expect(TruncationCheck.gate(ReadBack(label: "Settings", read: "%", facts: Self.clean)) == "reads back at Large as \"%\", not as its label")
        var blank = Self.clean
        blank.contrast = 3
        #expect(TruncationCheck.gate(ReadBack(label: "Settings", read: "", facts: blank)) == "shows no text at Large")
    }

    @Test func aLabelReadBackWholeWithinItsFramePasses() {
        let large = ReadBack(label: "Forgot password?", read: "Forgot password?", facts: Self.clean)
        let decision = TruncationCheck.judge(ReadBack(label: "Forgot password?", read: "Forgot\npassword?", facts: Self.clean), large: large)
        #expect(decision.whole)
        #expect(decision.detail == "")
    }

    @Test func anEllipsisOrMissingLettersFail() {
        let large = ReadBack(label: "Forgot password?", read: "Forgot password?", facts: Self.clean)
        let ellipsis = TruncationCheck.judge(ReadBack(label: "Forgot password?", read: "Forgot pa…", facts: Self.clean), large: large)
        #expect(!ellipsis.whole)
        #expect(ellipsis.detail == "reads back as \"Forgot pa…\" (an ellipsis where the label has none)")
        let short = TruncationCheck.judge(ReadBack(label: "Forgot password?", read: "Forgot", facts: Self.clean), large: large)
        #expect(short.detail == "reads back as \"Forgot\" (short of \"password\")")
    }

    @Test func inkCutAtAnEdgeFailsUnlessLargeAlreadyReachedThatEdge() {
        var cut = Self.clean
        cut.cut[.right] = 0.3
        let large = ReadBack(label: "Pay $49.00", read: "Pay $49.00", facts: Self.clean)
        let decision = TruncationCheck.judge(ReadBack(label: "Pay $49.00", read: "Pay $49.00", facts: cut), large: large)
        #expect(!decision.whole)
        #expect(decision.cutEdges == [.right])
        #expect(decision.detail == "its ink runs into the right edge of its frame")
        // A glyph that ends on its advance touched the right edge at Large as much: not a cut.
        var touching = Self.clean
        touching.near[.right] = 0.25
        #expect(TruncationCheck.judge(ReadBack(label: "Pay $49.00", read: "Pay $49.00", facts: cut),
                                      large: ReadBack(label: "Pay $49.00", read: "Pay $49.00", facts: touching)).whole)
        // Descender tips on the bottom edge cover less than a tenth of the line: not a cut.
        var descenders = Self.clean
        descenders.cut[.bottom] = 0.06
        #expect(TruncationCheck.judge(ReadBack(label: "Pay $49.00", read: "Pay $49.00", facts: descenders), large: large).whole)
    }

    @Test func aLabelShowingNoTextAtTheSizeFails() {
        var blank = Self.clean
        blank.contrast = 0
        let decision = TruncationCheck.judge(ReadBack(label: "Continue", read: "", facts: blank),
                                             large: ReadBack(label: "Continue", read: "Continue", facts: Self.clean))
        #expect(!decision.whole)
        #expect(decision.detail == "shows no readable text")
    }

    @Test func quotedTextStaysOnOneLineAndShort() {
        #expect(TruncationCheck.quoted("Two\nlines\u{202E}") == "\"Two lines\"")
        #expect(TruncationCheck.quoted(String(repeating: "a", count: 80)).count == 65)
    }
}

/// Any picture and any frame inside it: measured without a crash, every share between 0 and 1,
/// the reader's picture black on white with its margin. DTAUDIT_PROPERTY_RUNS sets the number of
/// pictures (300 by default); a failure names its seed.
@Suite struct RandomInkTests {
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init).map { $0 * 3 } ?? 300 }

    @Test func anyFrameOfAnyPictureIsMeasured() {
        for seed in 0..<UInt64(Self.runs) {
            var random = SplitMix64(seed: seed)
            let width = Int.random(in: 1...40, using: &random), height = Int.random(in: 1...40, using: &random)
            var image = RGBAImage(width: width, height: height, background: RGBA(UInt8.random(in: 0...255, using: &random), 128, 40))
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let color = RGBA(UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random))
                image.fill(PixelRect(x: Int.random(in: -5...width, using: &random), y: Int.random(in: -5...height, using: &random),
                                     width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...30, using: &random)), color)
            }
            let x = Int.random(in: 0..<width, using: &random), y = Int.random(in: 0..<height, using: &random)
            let rect = PixelRect(x: x, y: y, width: Int.random(in: 1...(width - x), using: &random), height: Int.random(in: 1...(height - y), using: &random))
            let (facts, picture) = Ink.measure(image, rect)
            for share in Array(facts.cut.values) + Array(facts.near.values) {
                #expect(share >= 0 && share <= 1, "seed \(seed)")
            }
            #expect(facts.contrast >= 0 && facts.contrast <= 255, "seed \(seed)")
            if let picture {
                #expect(picture.pixels.count == picture.width * picture.height, "seed \(seed)")
                #expect(picture.pixels.first == 255, "seed \(seed)")
            }
        }
    }
}
