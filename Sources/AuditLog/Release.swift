/// The release of dtaudit this code is, and how releases compare: a shared file names the oldest
/// release that reads it, and an older one says which to upgrade to instead of failing on a field
/// it does not know.
public enum Release {
    /// `dtaudit --version`; `Scripts/release` checks that a tag names it.
    public static let version = "0.3.0"

    /// The numbers of a release such as `0.2.0`; nil for anything else.
    public static func numbers(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...6).contains(part.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// Whether release `a` comes before release `b` (`0.9.1` before `0.10.0`; `0.2` is `0.2.0`).
    public static func precedes(_ a: [Int], _ b: [Int]) -> Bool {
        for index in 0..<max(a.count, b.count) {
            let (x, y) = (index < a.count ? a[index] : 0, index < b.count ? b[index] : 0)
            if x != y { return x < y }
        }
        return false
    }
}
