import SwiftUI

struct TrailRow: View {
    @Environment(\.dynamicTypeSize) private var size
    @ScaledMetric(relativeTo: .body) private var icon: CGFloat = 24
    let name: String

    var body: some View {
        let layout = size.isAccessibilitySize ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
        layout {
            Image(systemName: "figure.hiking").font(.system(size: 17))
            Text("Trail: \(name) — \("nested \(name.count) \("deep")")")
                .font(.custom("Fraunces", size: 17, relativeTo: .body))
                .lineLimit(size.isAccessibilitySize ? nil : 1)
                .minimumScaleFactor(0.8) // dtaudit:ignore shrinks-text — a badge
            ViewThatFits { Text("Long"); Text("L") }
                .frame(height: 44)
                .dynamicTypeSize(...DynamicTypeSize.accessibility2)
        }
    }
}

#Preview {
    TrailRow(name: "Ridge").font(.system(size: 40))
}
