import SwiftUI

/// Free and Pro side by side, or a list of what Pro adds at accessibility sizes.
struct PaywallView: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    let features: [Feature]

    var body: some View {
        ScrollView {
            if dynamicTypeSize.isAccessibilitySize {
                VStack(alignment: .leading, spacing: 12) {
                    Text("Pro adds")
                        .font(.title2.bold())
                    ForEach(features.filter(\.isPro)) { feature in
                        Label(feature.name, systemImage: "checkmark.circle.fill")
                            .font(.body)
                    }
                }
            } else {
                Grid(alignment: .leading) {
                    GridRow {
                        Text("Feature")
                        Text("Free")
                        Text("Pro")
                    }
                    .font(.headline)
                    ForEach(features) { feature in
                        GridRow {
                            Text(feature.name)
                            Image(systemName: feature.isFree ? "checkmark" : "minus")
                            Image(systemName: "checkmark")
                        }
                        .font(.body)
                    }
                }
            }
        }
    }
}