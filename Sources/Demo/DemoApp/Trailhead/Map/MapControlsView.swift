import MapKit
import SwiftUI

/// The buttons floating over the trail map.
struct MapControlsView: View {
    var recenter: () -> Void
    var toggleLayers: () -> Void

    var body: some View {
        VStack(spacing: 8) {
            Button(action: recenter) {
                Image(systemName: "location.fill")
                    .font(.system(size: 17))
            }
            Button(action: toggleLayers) {
                Label("Layers", systemImage: "square.3.layers.3d")
                    .font(.system(size: 13, weight: .medium))
            }
        }
        .padding(8)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 10))
    }
}