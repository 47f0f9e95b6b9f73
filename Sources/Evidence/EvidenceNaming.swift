import DynamicType

/// What a screenshot's file name says: the size it was taken at, and the words around that size,
/// which name the screen (and perhaps a checklist item).
public struct FileNameParts: Sendable, Equatable {
    public var size: Size
    /// The size as it was spelled in the name: `AX5`, `accessibilityExtraExtraExtraLarge`.
    public var sizeSpelling: String
    /// The words before the size, as a key (lower-case letters and digits): `testcheckout`.
    public var before: String
    /// The words after the size, as a key: `` or `notruncation`.
    public var after: String
    /// `before` and `after` without the devices, dimensions and widget families in them
    /// (`testTraits.iphone-se-large` gives `testtraits`): the name of the test around them.
    public var plainBefore: String
    public var plainAfter: String
    /// The test's own name where the words before the size hold more: swift-snapshot-testing's
    /// `<test>.<snapshot name>` gives `testtraitswithview` for `testTraitsWithView.label-large`,
    /// and iOSSnapshotTestCase's counter is left off (`testDynamicFonts_03_large` gives
    /// `testdynamicfonts`). Tried after the words themselves.
    public var testNames: [String]

    public init(size: Size, sizeSpelling: String, before: String, after: String, plainBefore: String? = nil, plainAfter: String? = nil,
                testNames: [String] = []) {
        self.size = size
        self.sizeSpelling = sizeSpelling
        self.before = before
        self.after = after
        self.plainBefore = plainBefore ?? before
        self.plainAfter = plainAfter ?? after
        self.testNames = testNames
    }

    /// The keys a screen may go by, most likely first: the words around the size with the
    /// `test` prefix of test names and words such as `view`, `screen` or `tests` taken off, then
    /// the same without device and family names (a screen may be named `iPad Settings`).
    public var screenKeys: [String] {
        var bases: [String] = []
        for (before, after) in [(before, after), (plainBefore, plainAfter)] {
            bases.append(before + after)
            if !after.isEmpty && !before.isEmpty { bases += [before, after] }
        }
        return EvidenceNaming.variants(of: bases + testNames)
    }
}

/// How screenshot files are named and recognised: size names in every spelling Apple's frameworks,
/// tools and snapshot-testing libraries use, and screen names compared without case or punctuation.
public enum EvidenceNaming {
    /// `text` as a key for comparing names: lower-case letters and digits only, so that
    /// `Checkout: cart`, `checkout-cart` and `CheckoutCart` are the same.
    public static func key(_ text: some StringProtocol) -> String {
        var result = ""
        for character in text where character.isLetter || character.isNumber {
            result += character.lowercased()
        }
        return result
    }

    /// Recognises the size in a file name (a path is reduced to its last part): the most likely
    /// reading, or nil when the name holds no size.
    public static func parse(fileName path: String) -> FileNameParts? {
        interpretations(fileName: path).first
    }

    /// Every reading of the size at the end of a file name, most likely first. They differ in
    /// where the size's spelling starts: `Accessibility_m` is the size `m` of a screen called
    /// Accessibility, or UIKit's `AccessibilityM` of no screen; whoever knows the screens picks.
    /// The size furthest right wins (`LargePrint_ax5` is AX5), the longest spelling first
    /// (`checkout-accessibility-extra-extra-extra-large` is AX5 before Large).
    public static func interpretations(fileName path: String) -> [FileNameParts] {
        let words = NameWords(self.stem(of: path))
        let others = OtherNames.spans(in: words)
        // Devices and families may not belong to the screen's name: keys are tried without them too.
        func kept(_ range: Range<Int>) -> String {
            String(range.filter { position in !others.contains { $0.range.contains(position) } }.map { words.characters[$0] })
        }
        return SizeNames.rightmostMatches(in: words, outside: others.map(\.range)).map { match in
            FileNameParts(size: match.size, sizeSpelling: words.original(match.range),
                          before: String(words.characters[..<match.range.lowerBound]),
                          after: String(words.characters[match.range.upperBound...]),
                          plainBefore: kept(0..<match.range.lowerBound),
                          plainAfter: kept(match.range.upperBound..<words.characters.count),
                          testNames: testNames(words, before: match.range.lowerBound))
        }
    }

    /// The test's name in the words before `end`: what comes before the first `.` when more
    /// follows it, and the words without the counters that stand as parts of their own at their end.
    static func testNames(_ words: NameWords, before end: Int) -> [String] {
        var names: [String] = []
        var cut = end
        if let dot = words.firstDot, dot > 0, dot < end { cut = dot }
        let tokens = words.tokens.filter { $0.range.upperBound <= cut }
        var kept = tokens[...]
        while let last = kept.last, kept.count > 1, last.afterSeparator, last.text.allSatisfy(\.isNumber) { kept = kept.dropLast() }
        if let last = kept.last, last.range.upperBound < end {
            names.append(String(words.characters[..<last.range.upperBound]))
        }
        return names
    }

    /// The words of a file name that look like a size but name a device, a screen dimension or a
    /// widget family, as spelled (`iphone-xs-max`, `systemLarge`): why a name holds no size.
    public static func notSizes(fileName path: String) -> [(spelling: String, kind: String)] {
        let words = NameWords(self.stem(of: path))
        return OtherNames.spans(in: words).filter { span in
            Size.spellings.contains { entry in
                let key = String(entry.key)
                return String(words.characters[span.range]).contains(key) && (key.count > 1 || span.kind == .family)
            }
        }.map { (words.original($0.range), $0.kind.description) }
    }

    /// The file name without its folder, its extension, a scale suffix (`@3x`) and the counter
    /// swift-snapshot-testing adds to unnamed snapshots (`.1`).
    public static func stem(of path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? "")
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let ext = name[name.index(after: dot)...]
            if (1...5).contains(ext.count) && ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) && !ext.allSatisfy(\.isNumber) {
                name = name[..<dot]
            }
        }
        if let at = name.lastIndex(of: "@") {
            let scale = name[name.index(after: at)...]
            if scale.count >= 2, scale.last == "x", scale.dropLast().allSatisfy(\.isNumber) { name = name[..<at] }
        }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let counter = name[name.index(after: dot)...]
            if !counter.isEmpty, counter.allSatisfy(\.isNumber) { name = name[..<dot] }
        }
        return String(name)
    }

    /// Keys a folder name suggests for a screen: `CheckoutTests` gives `checkout`. Nil for folders
    /// that say nothing about a screen (`__Snapshots__`).
    public static func folderKeys(_ folder: String) -> [String] {
        let base = key(folder)
        let keys = variants(of: [base]).filter { !["snapshots", "snapshot", "screenshots", "tests", "test", "uitests"].contains($0) }
        return keys
    }

    /// Words test names and view types add around a screen's name (`image` is the strategy
    /// swift-snapshot-testing names files after: `testCheckout.iPhoneSE-image.png`).
    static let leadingNoise = ["test"]
    static let trailingNoise = ["snapshottests", "snapshottest", "uitests", "tests", "test", "snapshots", "snapshot", "image",
                                "viewcontroller", "controller", "screen", "view", "page", "scene"]

    /// Each base, then with its noise words taken off, without repeats or empty keys.
    public static func variants(of bases: [String]) -> [String] {
        var result: [String] = []
        func add(_ key: String) {
            if !key.isEmpty && !result.contains(key) { result.append(key) }
        }
        for base in bases {
            var trimmedFront = base
            for noise in leadingNoise where trimmedFront.hasPrefix(noise) && trimmedFront.count > noise.count {
                trimmedFront.removeFirst(noise.count)
            }
            for candidate in [base, trimmedFront] {
                add(candidate)
                var trimmed = candidate
                var changed = true
                while changed {
                    changed = false
                    for noise in trailingNoise where trimmed.hasSuffix(noise) && trimmed.count > noise.count {
                        trimmed.removeLast(noise.count)
                        changed = true
                        add(trimmed)
                    }
                }
            }
        }
        return result
    }

    /// A screen's name made safe for a file name: letters and digits kept, every other run of
    /// characters turned into one `-`. Recognised again by `key(_:)`.
    public static func slug(_ name: String, limit: Int = 80) -> String {
        var result = ""
        var pendingDash = false
        for character in name {
            if character.isLetter || character.isNumber {
                if pendingDash && !result.isEmpty { result += "-" }
                pendingDash = false
                if result.count < limit { result.append(character) }
            } else {
                pendingDash = true
            }
        }
        return result
    }

    /// The name a capture script gives a screenshot: `Checkout-cart_ax5.png`.
    public static func screenshotName(screen: String, size: Size) -> String {
        let base = slug(screen)
        return (base.isEmpty ? "screen" : base) + "_" + size.id + ".png"
    }
}

/// The sizes file names spell, by the one table of spellings (`Size.spellings`).
enum SizeNames {
    /// The sizes named furthest to the right in `words`, longest spelling first, each spelling
    /// ending where the rightmost one ends.
    static func rightmostMatches(in words: NameWords, outside excluded: [Range<Int>] = []) -> [(size: Size, range: Range<Int>)] {
        var found: [(size: Size, range: Range<Int>)] = []
        let characters = words.characters
        for entry in Size.spellings {
            let length = entry.key.count
            guard length <= characters.count else { continue }
            for start in stride(from: characters.count - length, through: 0, by: -1) {
                let end = start + length
                guard let startBoundary = words.boundaries[start], let endBoundary = words.boundaries[end] else { continue }
                // A size ends a name part (`testCheckoutAX5`, `_large_`), never goes on into a word
                // (`whenSmallIcons`, `largeLongMessage`); a plain word must stand alone.
                if endBoundary != .separator { continue }
                if entry.standsAlone && startBoundary != .separator { continue }
                guard characters[start..<end].elementsEqual(entry.key) else { continue }
                if excluded.contains(where: { $0.overlaps(start..<end) }) { continue }
                let split = (start + 1..<end).contains { words.boundaries[$0] == .separator && !entry.wordStarts.contains($0 - start) }
                if split { continue }
                found.append((entry.size, start..<end))
                break
            }
        }
        guard let end = found.map(\.range.upperBound).max() else { return [] }
        var seen = Set<Int>()
        return found.filter { $0.range.upperBound == end }
            .sorted { $0.range.count > $1.range.count }
            .filter { seen.insert($0.range.lowerBound).inserted }
    }
}
