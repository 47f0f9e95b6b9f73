import DynamicType

/// Words in file names that contain a size's spelling without meaning a text size: devices as
/// snapshot libraries and simulators name them (`iphone-xs-max`, `iPhone6s`, `ipad-pro-12-9`),
/// screen dimensions (`375x667`, appended by iOSSnapshotTestCase), and WidgetKit and Live Activity
/// families (`systemLarge`, `accessoryCircular`, `smallSize`). Attaching a file at Small because a
/// widget was small, or at xs because the phone was an XS, would record wrong evidence.
enum OtherNames {
    enum Kind: Sendable, CustomStringConvertible {
        case device, dimension, family

        var description: String {
            switch self {
            case .device: "a device"
            case .dimension: "a screen's dimensions"
            case .family: "a widget or Live Activity family"
            }
        }
    }

    struct Span {
        var range: Range<Int>
        var kind: Kind
    }

    /// Words that start a device name: swift-snapshot-testing's `ViewImageConfig` names
    /// (`iPhoneSe`, `iPhone8Plus`, `iPhoneXsMax`, `iPadPro12_9`), the names its tests give files
    /// (`iphone-se`, `ipad-pro-11`), simulator names (`iPhone 15 Pro Max`) and `UIDevice.model`.
    /// Only iOS devices: no other device's name holds a size's spelling.
    static let devicePrefixes = ["iphone", "ipad", "ipod"]
    /// Model words allowed only right after the device word: `iPhone XS`, `iPhone X`, `iPhone SE`.
    static let firstModelWords = ["xsmax", "xs", "xr", "x", "se"]
    /// Model words allowed anywhere in a device name.
    static let modelWords = ["promax", "pro", "max", "plus", "mini", "air", "touch", "ultra", "series", "generation", "gen", "inch", "alternative"]
    /// Suffixes glued to a number: `6s`, `5c`, `16e`, `3rd`, `45mm`, `4k`.
    static let numberSuffixes = ["s", "c", "e", "st", "nd", "rd", "th", "mm", "k"]

    /// WidgetKit's families (`systemSmall` ... `systemExtraLarge`, `accessoryCircular`,
    /// `accessoryRectangular`, `accessoryInline`, `accessoryCorner`), Live Activity families
    /// (`ActivityFamily.small`, `.medium`), and the same words written around a family's size.
    /// `activity` and `family` alone are not enough: `Activity_large` is a screen called Activity.
    static let familyPrefixes = ["system", "accessory", "widgetfamily", "activityfamily", "liveactivity", "widget"]
    /// Prefixes a family may follow after punctuation (`ActivityFamily.small`, `widget_large`);
    /// `system` and `accessory` only in one word (`systemLarge`), since `System_large` is a screen.
    static let separablePrefixes = ["widgetfamily", "activityfamily", "liveactivity", "widget"]
    static let familySizes = ["extralarge", "small", "medium", "large", "circular", "rectangular", "inline", "corner"]
    static let familySuffixes = ["size", "widget", "family", "activity"]

    /// The spans of `words` that name a device, a dimension or a family, left to right.
    static func spans(in words: NameWords) -> [Span] {
        let tokens = words.tokens
        var spans: [Span] = []
        var index = 0
        while index < tokens.count {
            if let end = deviceEnd(tokens, from: index) {
                spans.append(Span(range: tokens[index].range.lowerBound..<tokens[end - 1].range.upperBound, kind: .device))
                index = end
            } else if let end = dimensionEnd(tokens, from: index) {
                spans.append(Span(range: tokens[index].range.lowerBound..<tokens[end - 1].range.upperBound, kind: .dimension))
                index = end
            } else if let end = familyEnd(tokens, from: index) {
                spans.append(Span(range: tokens[index].range.lowerBound..<tokens[end - 1].range.upperBound, kind: .family))
                index = end
            } else {
                index += 1
            }
        }
        return spans
    }

    /// Whether `text` is made of `parts` end to end (`xsmax` of `xs` and `max`): which lengths of
    /// its start can be made, one pass from the left, so that no name makes it backtrack.
    static func splits(_ text: Substring, into parts: [String]) -> Bool {
        let characters = Array(text)
        guard characters.count <= 64 else { return false }
        var reachable = [Bool](repeating: false, count: characters.count + 1)
        reachable[0] = true
        for start in 0..<characters.count where reachable[start] {
            for part in parts where part.count <= characters.count - start && characters[start..<start + part.count].elementsEqual(part) {
                reachable[start + part.count] = true
            }
        }
        return reachable[characters.count]
    }

    /// Where a device name that starts at `start` ends (an index past its last token), or nil.
    static func deviceEnd(_ tokens: [NameWords.Token], from start: Int) -> Int? {
        // `iPhone` splits into `i` and `phone` at its change of case.
        var first = Substring(tokens[start].text)
        var next = start + 1
        if first == "i", next < tokens.count, !tokens[next].afterSeparator, ["phone", "pad", "pod"].contains(tokens[next].text) {
            first = Substring("i" + tokens[next].text)
            next += 1
        }
        guard let prefix = devicePrefixes.first(where: { first.hasPrefix($0) }) else { return nil }
        let rest = first.dropFirst(prefix.count)
        guard rest.isEmpty || splits(rest, into: firstModelWords + modelWords) else { return nil }
        var end = next
        var isFirst = rest.isEmpty
        while end < tokens.count {
            let token = tokens[end]
            let text = Substring(token.text)
            let afterNumber = end > 0 && tokens[end - 1].text.allSatisfy(\.isNumber) && !token.afterSeparator
            if text.allSatisfy(\.isNumber) {
                // iOSSnapshotTestCase's OS version: `iPhone_17_0`.
                end += 1
            } else if token.afterUnderscore {
                // `Checkout-iPhone_xs`: what follows an underscore is a size, not the model.
                break
            } else if afterNumber && numberSuffixes.contains(token.text) {
                end += 1
            } else if splits(text, into: (isFirst ? firstModelWords : []) + modelWords) {
                end += 1
            } else if text.count == 1, end + 1 < tokens.count, !tokens[end + 1].afterSeparator, tokens[end + 1].text.allSatisfy(\.isNumber) {
                // A chip in a simulator's name: `iPad Pro 11-inch (M4)`.
                end += 2
            } else {
                break
            }
            isFirst = false
        }
        // A device's name ends at punctuation: `iPhoneSettings` is a screen, not a phone.
        guard end == tokens.count || tokens[end].afterSeparator else { return nil }
        return end
    }

    /// `375x667`: a number, `x` and a number with nothing between.
    static func dimensionEnd(_ tokens: [NameWords.Token], from start: Int) -> Int? {
        guard start + 2 < tokens.count, tokens[start].text.allSatisfy(\.isNumber), tokens[start + 1].text == "x",
              !tokens[start + 1].afterSeparator, !tokens[start + 2].afterSeparator, tokens[start + 2].text.allSatisfy(\.isNumber) else { return nil }
        return start + 3
    }

    /// `systemLarge`, `accessoryCircular`, `ActivityFamily.small`, `smallSize`, `largeWidget`.
    static func familyEnd(_ tokens: [NameWords.Token], from start: Int) -> Int? {
        // The family's words may be one token (`systemlarge`) or several (`system`, `Extra`, `Large`).
        var joined = ""
        var end = start
        var best: Int?
        while end < tokens.count, end - start < 5 {
            if end > start && tokens[end].afterSeparator && !separablePrefixes.contains(joined) { break }
            joined += tokens[end].text
            end += 1
            for prefix in familyPrefixes where joined.hasPrefix(prefix) {
                if familySizes.contains(String(joined.dropFirst(prefix.count))) { best = end }
            }
            for size in familySizes where joined.hasPrefix(size) {
                if familySuffixes.contains(String(joined.dropFirst(size.count))) { best = end }
            }
        }
        return best
    }
}

extension NameWords {
    /// A run of characters between two boundaries: `phone` in `iPhone`, `17` in `17_0`.
    struct Token {
        var range: Range<Int>
        var text: String
        /// Whether punctuation or the start of the name comes before it (else a change of case).
        var afterSeparator: Bool
        var afterUnderscore: Bool
    }

    var tokens: [Token] {
        let starts = boundaries.keys.sorted()
        return zip(starts, starts.dropFirst()).map { start, end in
            Token(range: start..<end, text: String(characters[start..<end]), afterSeparator: boundaries[start] == .separator,
                  afterUnderscore: afterUnderscore.contains(start))
        }
    }
}
