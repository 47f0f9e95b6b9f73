/// What a UIKit font finding tells `scan --fix` about the view the font is assigned to: its name, so
/// that a height constraint on the same view can hold the rewrite back, and the height it is created
/// with (`UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 20))`) when nothing in the file sizes
/// it again. A created height is no finding of its own: most such views are laid out again later
/// (Auto Layout, a stack view, `sizeToFit()`, `layoutSubviews`), which the scan cannot always see.
extension SwiftAnalyzer {
    /// The view that `RECEIVER.font = FONT` assigns the font whose first token is `start` to.
    func fontReceiverView(_ start: Int) -> FindingView? {
        guard file.isOperator(start - 1, "="), file.textIs(start - 2, "font"),
              let receiver = receiver(ofProperty: start - 2), !receiver.isSelf else { return nil }
        let last = receiver.key.split(separator: ".").last.map(String.init) ?? receiver.key
        return FindingView(name: receiver.key, height: createdHeights[last])
    }

    /// The text views the file creates at a fixed height, by name, less those it sizes again.
    var createdHeights: [String: Double] {
        if let known = memo.createdHeights { return known }
        var heights: [String: Double] = [:]
        for variable in decls.variables where variable.hasInitializer {
            let j = variable.initStart
            guard file.isKind(j, .identifier), file.isKind(j + 1, .leftParen),
                  classify(typeName: file.identifier(j)).0?.holdsText == true,
                  let frame = file.arguments(j + 1).first, frame.hasLabel, file.textIs(frame.labelIndex, "frame"),
                  file.textIs(frame.start, "CGRect"), file.isKind(frame.start + 1, .leftParen),
                  file.closing(frame.start + 1) == frame.end - 1,
                  let height = file.arguments(frame.start + 1).first(where: { $0.hasLabel && $0.label == .height }),
                  case let .literal(points?) = origin(height.start, height.end, at: j).0, points > 1 else { continue }
            heights[variable.name] = min(points, heights[variable.name] ?? points)
        }
        if !heights.isEmpty {
            for name in sizedAgain() { heights[name] = nil }
        }
        memo.createdHeights = heights
        return heights
    }

    /// The names of views whose size the file sets again after creating them: their frame or bounds,
    /// `sizeToFit()`, Auto Layout (`translatesAutoresizingMaskIntoConstraints`, SnapKit), a stack view.
    private func sizedAgain() -> Set<String> {
        var names: Set<String> = []
        let tokens = file.tokens
        for j in tokens.indices where tokens[j].kind == .identifier {
            if file.isKind(j - 1, .period), file.textIs(j, "frame") || file.textIs(j, "bounds") || file.textIs(j, "sizeToFit")
                || file.textIs(j, "translatesAutoresizingMaskIntoConstraints") || file.textIs(j, "snp"),
                let receiver = receiver(ofProperty: j) {
                names.insert(receiver.key.split(separator: ".").last.map(String.init) ?? receiver.key)
            } else if file.textIs(j, "addArrangedSubview") || file.textIs(j, "insertArrangedSubview"), file.isKind(j + 1, .leftParen),
                      let view = file.arguments(j + 1).first, view.end > view.start, file.isKind(view.end - 1, .identifier) {
                names.insert(file.identifier(view.end - 1))
            }
        }
        return names
    }
}
