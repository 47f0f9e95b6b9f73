/// What the scan knows of the view a finding is on, for `scan --fix`: which of a file's findings are
/// on one view (a fixed height around a text the fix would let grow), and whether the view can
/// follow size changes. Only what a rule knows for certain is set; everything is nil or false
/// otherwise.
public struct FindingView: Sendable, Hashable {
    /// The bytes of the file the view's code spans: a SwiftUI view with all its modifiers, an
    /// Interface Builder element with its content.
    public var span: Range<Int>?
    /// The view's path in code, without `self.` and optional chaining (`titleLabel`, `$0`).
    public var name: String?
    /// The height a fixed-height finding holds the view at, and the width when it fixes that too, in
    /// points, when the code gives them as numbers. On a UIKit font's finding, the height its view is
    /// created with, when nothing in the file sizes the view again.
    public var height: Double?
    public var width: Double?
    /// The view is certainly a label, text field or text view: it has
    /// `adjustsFontForContentSizeCategory`.
    public var followsSizeChanges = false

    public init(span: Range<Int>? = nil, name: String? = nil, height: Double? = nil, width: Double? = nil,
                followsSizeChanges: Bool = false) {
        self.span = span
        self.name = name
        self.height = height
        self.width = width
        self.followsSizeChanges = followsSizeChanges
    }
}
