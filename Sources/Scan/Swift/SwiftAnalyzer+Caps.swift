import DynamicType

/// How far capped text still grows, for `clamped-type-size`'s findings and the Larger Text claim.
extension SwiftAnalyzer {
    /// The cap at the size of `rank` (0 for xSmall ... 11 for AX5).
    static func cap(rank: Int) -> TextSizeCap? {
        Size(rawValue: rank).map(TextSizeCap.init(size:))
    }

    /// The sentence a capping finding adds about the Larger Text claim; none when the cap is unknown.
    func claim(_ cap: TextSizeCap?) -> String {
        guard let cap else { return "" }
        let doubling = TextSizeCap.doublingSize.designName
        return cap.reachesDoubling
            ? " Text still reaches 200 % under it (at \(doubling)): Larger Text stays claimable, capped at \(cap.shown)."
            : " It keeps text below 200 % (body text reaches it at \(doubling)), so the app cannot claim Larger Text."
    }

    /// The cap `scaledFont(for:maximumPointSize:)` sets, as a multiple of the font's default size:
    /// `maximumPointSize: base.pointSize * 1.25` is 1.25x whatever the base; a maximum of 34 pt for a
    /// font of 17 pt is 2x. nil when neither the multiplier nor the base size can be read.
    func scaledFontCap(_ arguments: [SwiftFile.Argument], maximum: SwiftFile.Argument) -> TextSizeCap? {
        // `X * k` or `k * X`, with X a size read from a font or a name.
        if let times = (maximum.start..<maximum.end).first(where: { file.isOperator($0, "*") && Int(file.parent[$0]) == Int(file.parent[maximum.start]) }) {
            let left = file.literalNumber(maximum.start, times)
            let right = file.literalNumber(times + 1, maximum.end)
            if let factor = left == nil ? right : (right == nil ? left : nil), factor > 0 { return TextSizeCap(factor: factor) }
            return nil
        }
        guard case let .literal(points?) = origin(maximum.start, maximum.end, at: maximum.start).0, points > 0,
              let font = arguments.first(where: { $0.label == .for }), let base = baseSize(font.start, font.end), base > 0 else { return nil }
        return TextSizeCap(factor: points / base)
    }

    /// The default size of the font `start..<end`: `.systemFont(ofSize: 17)`, `UIFont(name:size: 17)`,
    /// `.preferredFont(forTextStyle: .body)` (its size at Large), or a local holding one of these.
    func baseSize(_ start: Int, _ end: Int, depth: Int = 0) -> Double? {
        if end == start + 1, file.isKind(start, .identifier), depth < 2,
           let variable = decls.variable(named: file.identifier(start), visibleAt: start, in: file), variable.hasInitializer {
            return baseSize(variable.initStart, variable.initEnd, depth: depth + 1)
        }
        for j in start..<end where file.isKind(j, .identifier) && file.isKind(j + 1, .colon) {
            switch file.name(j) {
            case .ofSize, .size:
                let valueEnd = file.expressionEnd(from: j + 2)
                if case let .literal(points?) = origin(j + 2, valueEnd, at: j).0 { return points }
            case .forTextStyle:
                if file.isKind(j + 2, .period), let style = TextStyle.named(file.text(j + 3)) { return Double(style.pointSize(at: .l)) }
            default:
                break
            }
        }
        return nil
    }
}

extension TextStyle {
    /// The style a UIKit or SwiftUI text style name names: `body`, `title`, `caption1`, `caption`.
    static func named(_ name: String) -> TextStyle? {
        switch name {
        case "title": .title1
        case "caption": .caption1
        default: TextStyle(rawValue: name)
        }
    }
}
