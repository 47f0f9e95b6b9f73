/// A rectangle in screen points, as hierarchies give frames: the top left, then the size.
public struct Frame: Sendable, Equatable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midY: Double { y + height / 2 }
    public var area: Double { width * height }

    /// The overlap of two frames, or nil when they do not overlap at all (touching edges do not).
    public func intersection(_ other: Frame) -> Frame? {
        let left = max(x, other.x), right = min(maxX, other.maxX)
        let top = max(y, other.y), bottom = min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return Frame(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies inside this frame, allowing `tolerance` points past each edge.
    public func contains(_ other: Frame, tolerance: Double = 0) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }

    /// The smallest frame holding both.
    public func union(_ other: Frame) -> Frame {
        let left = min(x, other.x), top = min(y, other.y)
        return Frame(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// `{x 16, y 88, 83 x 12}` with at most one decimal, as reasons name frames.
    public var description: String {
        "{x \(Frame.points(x)), y \(Frame.points(y)), \(Frame.points(width)) x \(Frame.points(height))}"
    }

    /// A figure in points with at most one decimal: `17`, `20.3`.
    public static func points(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.magnitude < 1e15 else { return "\(value)" }
        let whole = Int(tenths)
        return whole % 10 == 0 ? "\(whole / 10)" : "\(whole < 0 && whole > -10 ? "-" : "")\(whole / 10).\(abs(whole % 10))"
    }
}
