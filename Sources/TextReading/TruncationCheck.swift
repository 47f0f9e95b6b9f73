/// A label's pixels at one size: what its frame shows and the text read back from it.
public struct ReadBack: Sendable, Equatable {
    /// What the label says: its text in the element hierarchy.
    public var label: String
    /// What was read from its pixels; empty when nothing was.
    public var read: String
    public var facts: PixelFacts

    public init(label: String, read: String, facts: PixelFacts) {
        self.label = label
        self.read = read
        self.facts = facts
    }
}

/// Whether a label's text is all there: the rule of `no-truncation`, one element at a time.
///
/// An element is judged only when its Large picture reads back as its label (the gate): an icon
/// font, an accessibility label that overrides the text shown, or an image of text read back as
/// something else, and those are left to people at every size. At another size the label is cut
/// when the letters and digits read back are not the label's (`TextMatch`), when an ellipsis shows
/// that the label has none, or when ink runs into an edge of its frame: strong ink on the frame's
/// outermost pixels, not going on past them, over more than a small share of the text's extent,
/// and more than three times what already lay near that edge at Large (where a glyph whose drawing
/// ends at its advance, or a descender, touches the frame without being cut).
public enum TruncationCheck {
    /// The share of an edge's extent that cut ink must cover: top 3%, bottom 10% (descenders of
    /// fonts whose line is tight reach it), left and right 5% (a glyph cut on its curve).
    public static let cutShare: [Edge: Double] = [.left: 0.05, .right: 0.05, .top: 0.03, .bottom: 0.1]
    /// How much more of the edge the cut must cover than ink did near it at Large.
    public static let overLarge = 3.0

    /// Why the element cannot be judged, or nil when its Large picture reads back as its label.
    public static func gate(_ large: ReadBack) -> String? {
        guard large.facts.showsText else { return "shows no text at Large" }
        guard TextMatch.readsWhole(large.read, label: large.label) else {
            return "reads back at Large as \(quoted(large.read)), not as its label"
        }
        return nil
    }

    /// What one label shows at a size, against its Large picture (which passed the gate).
    public static func judge(_ reading: ReadBack, large: ReadBack) -> Decision {
        guard reading.facts.showsText else {
            return Decision(whole: false, read: "", shortOf: TextMatch.missing("", label: reading.label), ellipsis: false, cutEdges: [])
        }
        let whole = TextMatch.readsWhole(reading.read, label: reading.label)
        let ellipsis = TextMatch.addsEllipsis(reading.read, label: reading.label)
        var cutEdges: [Edge] = []
        for edge in Edge.allCases {
            let share = reading.facts.cut[edge] ?? 0
            if share >= cutShare[edge]! && share > overLarge * (large.facts.near[edge] ?? 0) { cutEdges.append(edge) }
        }
        return Decision(whole: whole && !ellipsis && cutEdges.isEmpty, read: reading.read,
                        shortOf: whole ? "" : TextMatch.missing(reading.read, label: reading.label), ellipsis: ellipsis, cutEdges: cutEdges)
    }

    /// `"Forgot pa…"`, as reasons quote text: on one line, at most 60 characters.
    public static func quoted(_ text: String) -> String {
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 60 { shown += "..."; break }
            let control = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            shown.unicodeScalars.append(control ? " " : scalar)
            count += 1
        }
        return "\"" + shown.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") + "\""
    }
}

/// What `TruncationCheck` found of one label at one size.
public struct Decision: Sendable, Equatable {
    /// Every letter read back, no ellipsis added, no edge cut.
    public var whole: Bool
    public var read: String
    /// The label's letters not read back, where the reading stops matching it; empty when all were.
    public var shortOf: String
    public var ellipsis: Bool
    public var cutEdges: [Edge]

    /// `reads back as "Forgot pa…" (an ellipsis where the label has none); its text runs off the right edge of its frame`.
    public var detail: String {
        var parts: [String] = []
        if read.isEmpty && !shortOf.isEmpty {
            parts.append("shows no readable text")
        } else if !shortOf.isEmpty || ellipsis {
            var clause = "reads back as \(TruncationCheck.quoted(read))"
            if ellipsis { clause += " (an ellipsis where the label has none)" } else if !shortOf.isEmpty { clause += " (short of \"\(shortOf)\")" }
            parts.append(clause)
        }
        if !cutEdges.isEmpty {
            let names = cutEdges.map(\.rawValue)
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            parts.append("its ink runs into the \(list) \(names.count == 1 ? "edge" : "edges") of its frame")
        }
        return parts.joined(separator: "; ")
    }
}
