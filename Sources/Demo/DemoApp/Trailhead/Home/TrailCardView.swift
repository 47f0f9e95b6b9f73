import SwiftUI

/// A trail in the Home feed: photo beside the title, or above it at accessibility sizes.
struct TrailCardView: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    @ScaledMetric(relativeTo: .body) private var photoSize: CGFloat = 72
    let trail: Trail

    var body: some View {
        let layout = dynamicTypeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8))
            : AnyLayout(HStackLayout(alignment: .top, spacing: 12))
        layout {
            AsyncImage(url: trail.photoURL) { image in
                image.resizable().scaledToFill()
            } placeholder: {
                Color.secondary.opacity(0.2)
            }
            .frame(width: dynamicTypeSize.isAccessibilitySize ? nil : photoSize, height: photoSize)
            .clipShape(RoundedRectangle(cornerRadius: 8))

            VStack(alignment: .leading, spacing: 4) {
                Text(trail.name)
                    .font(.headline)
                Text("\(trail.distance.formatted()) · \(trail.difficulty.label)")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
        }
    }
}