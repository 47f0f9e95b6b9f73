import DynamicType

/// A device family of App Store Connect, as its accessibility declarations name them
/// (`deviceFamily` in the App Store Connect API): each family is declared on its own.
public enum DeviceFamily: String, CaseIterable, Sendable, Comparable {
    case iPhone = "IPHONE"
    case iPad = "IPAD"
    case appleTV = "APPLE_TV"
    case appleWatch = "APPLE_WATCH"
    case mac = "MAC"
    case vision = "VISION"

    /// Apple's table of accessibility features offers Larger Text on iOS, iPadOS, visionOS and
    /// watchOS, and none on tvOS or macOS.
    public var offersLargerText: Bool { self != .appleTV && self != .mac }

    /// The families whose Larger Text a team can declare.
    public static let withLargerText = allCases.filter(\.offersLargerText)

    /// `an iPad`: the device, as a sentence names it.
    public var aDevice: String {
        switch self {
        case .iPhone: "an iPhone"
        case .iPad: "an iPad"
        case .appleTV: "an Apple TV"
        case .appleWatch: "an Apple Watch"
        case .mac: "a Mac"
        case .vision: "an Apple Vision Pro"
        }
    }

    public static func < (lhs: DeviceFamily, rhs: DeviceFamily) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The family as typed: Apple's name in any case, `-` for `_` (`ipad`, `apple-watch`).
    public init?(typed: String) {
        self.init(rawValue: String(typed.uppercased().map { $0 == "-" ? "_" : $0 }))
    }

    /// The family of a device as a test run names it: its platform when the run gives one (`iOS
    /// Simulator`, `visionOS`, `com.apple.platform.watchsimulator`), else, and for iOS, its model or
    /// name (`iPad Pro 13-inch (M4)`, `iPhone 16`). Nil when neither says.
    public static func of(device name: String, platform: String? = nil) -> DeviceFamily? {
        let platform = (platform ?? "").lowercased()
        if platform.contains("vision") || platform.contains("xr") { return .vision }
        if platform.contains("watch") { return .appleWatch }
        if platform.contains("tv") { return .appleTV }
        if platform.contains("mac") { return .mac }
        let words = name.lowercased().split { !$0.isLetter && !$0.isNumber }
        if words.contains(where: { $0.hasPrefix("ipad") }) { return .iPad }
        if words.contains(where: { $0.hasPrefix("iphone") || $0.hasPrefix("ipod") }) { return .iPhone }
        if words.contains("vision") { return .vision }
        if words.contains("watch") { return .appleWatch }
        if let tv = words.firstIndex(of: "tv"), tv > 0, words[tv - 1] == "apple" { return .appleTV }
        if words.contains("mac") || words.contains("macbook") { return .mac }
        return nil
    }
}

/// Which devices an automated run ran on, kept in the run mark its recordings carry
/// (`Recording.run`): `R.xcresult [IPAD: iPad Pro 13-inch (M4)] #3f2a9c1e4b5d`. The mark stays one
/// name ending in the run's fingerprint, so that files written before it, and dtaudit versions
/// that do not read it, take it as they did; a run that did not say stays `R.xcresult #3f2a9c1e4b5d`.
public enum RunMark {
    /// The most device names a mark keeps, and the most characters of each.
    static let maximumDevices = 3
    static let maximumDeviceName = 40

    /// The families a run mark names, in Apple's order; empty when the run did not say.
    public static func families(of run: String) -> [DeviceFamily] {
        guard let tag = tag(of: run) else { return [] }
        let list = tag.split(separator: ":", maxSplits: 1).first ?? ""
        var families: [DeviceFamily] = []
        for word in list.split(separator: ",") {
            guard let family = DeviceFamily(rawValue: String(word.trimmingSpaces)) else { return [] }
            if !families.contains(family) { families.append(family) }
        }
        return families.sorted()
    }

    /// The text between the mark's last ` [` and its `] #fingerprint`, when it ends so.
    static func tag(of run: String) -> Substring? {
        let characters = Array(run)
        guard let hash = lastIndex(of: ["]", " ", "#"], in: characters[...]) else { return nil }
        guard let open = lastIndex(of: [" ", "["], in: characters[..<hash]) else { return nil }
        let tag = characters[(open + 2)..<hash]
        if tag.contains("[") || tag.contains("]") { return nil }
        return Substring(String(tag))
    }

    /// Where `pattern` last starts in `characters`.
    static func lastIndex(of pattern: [Character], in characters: ArraySlice<Character>) -> Int? {
        guard characters.count >= pattern.count else { return nil }
        var start = characters.endIndex - pattern.count
        while start >= characters.startIndex {
            if characters[start..<(start + pattern.count)].elementsEqual(pattern) { return start }
            start -= 1
        }
        return nil
    }

    /// `name #fingerprint` with the families and device names of the run put before the
    /// fingerprint. A bracket already in the name becomes a parenthesis, so that no folder's name
    /// can pass for a device: only what the run said is read back. Names keep letters, digits,
    /// spaces and `.,()'-` only.
    public static func marking(_ run: String, families: [DeviceFamily], devices: [String]) -> String {
        let neutral = Array(run.map { $0 == "[" ? "(" : $0 == "]" ? ")" : $0 })
        guard !families.isEmpty, let hash = lastIndex(of: [" ", "#"], in: neutral[...]) else { return String(neutral) }
        var names: [String] = []
        for device in devices {
            var kept = ""
            for scalar in device.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " .,()'-".unicodeScalars.contains(scalar) {
                kept.unicodeScalars.append(scalar)
            }
            let trimmed = String(String(kept.prefix(maximumDeviceName)).trimmingSpaces)
            if !trimmed.isEmpty && !names.contains(trimmed) && names.count < maximumDevices { names.append(trimmed) }
        }
        let list = Set(families).sorted().map(\.rawValue).joined(separator: ", ")
        let tag = names.isEmpty ? list : list + ": " + names.joined(separator: ", ")
        return String(neutral[..<hash]) + " [" + tag + "]" + String(neutral[hash...])
    }
}
