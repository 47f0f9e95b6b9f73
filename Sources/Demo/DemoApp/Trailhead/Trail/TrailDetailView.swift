import SwiftUI

struct TrailDetailView: View {
    let trail: Trail

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                TrailPhotoHeader(trail: trail)
                HStack {
                    Text(trail.name)
                        .font(.title2.bold())
                    Spacer()
                    Text(trail.distance.formatted())
                        .font(.subheadline.monospacedDigit())
                        // dtaudit:ignore single-line — a short number that never needs a second line
                        .lineLimit(1)
                }
                Text(trail.summary)
                    .font(.body)
                Button("Directions") { trail.openInMaps() }
                    .font(.headline)
                    .buttonStyle(.borderedProminent)
            }
            .padding()
        }
    }
}