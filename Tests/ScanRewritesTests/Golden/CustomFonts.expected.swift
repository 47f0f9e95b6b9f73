import SwiftUI

/// Custom fonts that scale with body are given the text style nearest their size; fixed ones become
/// relative; what a person must decide, or asked to be left alone, stays.
struct TrailHeader: View {
    let name: String

    var body: some View {
        VStack(alignment: .leading) {
            Text(name).font(.custom("Avenir Next", size: 34, relativeTo: .largeTitle))
            Text("Summary").font(Font.custom("Avenir Next", size: 17, relativeTo: .body))
            Text("Details").font(Font.custom("Avenir Next", size: 17, relativeTo: .body))
            Text("Distance")
                .font(.custom(
                    "Avenir Next Condensed",
                    size: 12, relativeTo: .caption
                ))
            Text("Scaled").font(.custom("Avenir Next", size: 13, relativeTo: .footnote))
            Text("Tie").font(.custom("Avenir Next", size: 14))
            Text("Pinned").font(.custom("Avenir Next", size: 11, relativeTo: .caption2))
            // A comment that mentions .custom("Avenir Next", size: 20) is not code.
            Text("Kept").font(.custom("Avenir Next", size: 13)) // dtaudit:ignore fixed-font-size — the design's badge
            Text("Other").font(Theme.custom("Avenir Next", size: 13))
        }
    }
}
