/// One of the twelve content size categories a person can choose in Settings, smallest first.
///
/// Output always uses the short id (`xs` ... `ax5`); input accepts every name Apple's frameworks,
/// design guidelines and tools give the same size, and the aliases of `Size.names`.
public enum Size: Int, CaseIterable, Comparable, Hashable, Sendable {
    case xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5

    /// The size iOS uses until someone changes it.
    public static let `default` = Size.l

    public static func < (lhs: Size, rhs: Size) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The short id used in every output: `xs`, `l`, `ax5`.
    public var id: String { Size.names[rawValue].id }
    /// The name in Apple's design guidelines: `xSmall`, `Large`, `AX5`.
    public var designName: String { Size.names[rawValue].design }
    /// SwiftUI's `DynamicTypeSize` case: `.accessibility5`.
    public var swiftUIName: String { Size.names[rawValue].swiftUI }
    /// UIKit's `UIContentSizeCategory` constant: `.accessibilityExtraExtraExtraLarge`.
    public var uiKitName: String { Size.names[rawValue].uiKit }
    /// UIKit's raw value: `UICTContentSizeCategoryAccessibilityXXXL`.
    public var uiKitRawValue: String { Size.names[rawValue].raw }
    /// The value `xcrun simctl ui <device> content_size` takes: `accessibility-extra-extra-extra-large`.
    public var simctlName: String { Size.names[rawValue].simctl }

    /// One of the five larger accessibility sizes, offered only with "Larger Accessibility Sizes" on.
    public var isAccessibility: Bool { self >= .ax1 }

    /// Where the Larger Text slider in Settings must sit for this size, counting steps from the left.
    public var sliderPosition: Int { rawValue + 1 }

    public static let standard: [Size] = Size.allCases.filter { !$0.isAccessibility }
    public static let accessibility: [Size] = Size.allCases.filter(\.isAccessibility)

    /// The order an audit walks sizes in: the largest first (where most things break), down to the
    /// smallest, and the default size last to confirm that nothing changed there.
    public static let auditOrder: [Size] = Size.allCases.reversed().filter { $0 != .l } + [.l]

    /// The size any of its spellings denotes (`Size.spellings`), case-insensitively; nil for
    /// anything else.
    public init?(name: some StringProtocol) {
        // A short id as outputs and checklists spell it is found without the table of every name,
        // which a command that reads only ids would build for nothing.
        if let size = name.utf8.withContiguousStorageIfAvailable({ Size(idBytes: $0) }) ?? nil {
            self = size
            return
        }
        guard let size = Size.spelled(name) else { return nil }
        self = size
    }

    /// Each size's position in `auditOrder`, indexed by raw value.
    public static let auditRank: [Int] = Size.allCases.map { size in auditOrder.firstIndex(of: size) ?? 0 }

    /// The size whose short id is spelled by `bytes` exactly (`ax5`), without building a string.
    public init?(idBytes bytes: UnsafeBufferPointer<UInt8>) {
        let a = UInt8(ascii: "a"), l = UInt8(ascii: "l"), x = UInt8(ascii: "x")
        switch bytes.count {
        case 1:
            switch bytes[0] {
            case UInt8(ascii: "s"): self = .s
            case UInt8(ascii: "m"): self = .m
            case l: self = .l
            default: return nil
            }
        case 2 where bytes[0] == x:
            switch bytes[1] {
            case UInt8(ascii: "s"): self = .xs
            case l: self = .xl
            default: return nil
            }
        case 3 where bytes[0] == a && bytes[1] == x:
            guard bytes[2] >= UInt8(ascii: "1"), bytes[2] <= UInt8(ascii: "5") else { return nil }
            self = Size(rawValue: Size.ax1.rawValue + Int(bytes[2] - UInt8(ascii: "1")))!
        case 3 where bytes[0] == x && bytes[1] == x && bytes[2] == l: self = .xxl
        case 4 where bytes[0] == x && bytes[1] == x && bytes[2] == x && bytes[3] == l: self = .xxxl
        default: return nil
        }
    }
}

extension Size: CustomStringConvertible {
    public var description: String { id }
}
