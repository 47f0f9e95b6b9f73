import SwiftUI

struct MapOverlayView: View {
    @State private var layer = 0
    let distance: String

    var body: some View {
        VStack(alignment: .leading) {
            Label("Trailhead parking", systemImage: "car")
                .font(.system(size: 15)) // expect: map.parking
                .accessibilityIdentifier("map.parking")
            Text(distance)
                .font(.system(size: 20, design: .rounded)) // expect: map.distance
                .accessibility(identifier: "map.distance")
            elevation
            Picker("Layer", selection: $layer) {
                Text("Terrain").tag(0)
                Text("Satellite").tag(1)
            }
            .frame(height: 30) // expect: map.layer
            .accessibilityIdentifier("map.layer")
            Link("Trail rules", destination: URL(string: "https://example.com/rules")!)
                .font(.system(size: 13)) // expect: map.rules
                .accessibilityIdentifier("map.rules")
            Menu("Share") {
                Button("Copy link") {}
            }
            .font(.system(size: 15)) // expect: map.share
            .accessibilityIdentifier("map.share")
            HStack {
                Text("Sunrise 6:12")
                    .font(.system(size: 12)) // expect: map.sun
                Text("Sunset 19:48")
                    .font(.system(size: 12)) // expect: map.sun
            }
            .accessibilityIdentifier("map.sun")
            Text("Weather may change quickly")
                .font(.system(size: 12)).lineLimit(1).accessibilityIdentifier("map.warning") // expect: map.warning; map.warning.lines
            compass
                .accessibilityIdentifier("map.compass")
            Text("Offline map ready")
                .font(.system(size: 16)) // expect: map.offline
                .accessibilityIdentifier("map.offline")
            Text("Zoom in for trails")
                .dynamicTypeSize(...DynamicTypeSize.xxLarge) // expect: map.zoomHint
                .accessibilityIdentifier("map.zoomHint")
        }
    }

    private var elevation: some View {
        Text("Elevation 1,240 m")
            .font(.system(size: 14)) // expect: map.elevation
            .accessibilityIdentifier("map.elevation")
    }

    private var compass: some View {
        Image(systemName: "location.north.circle")
            .font(.system(size: 28)) // expect: map.compass
    }
}
