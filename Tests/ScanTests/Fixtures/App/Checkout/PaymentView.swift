import SwiftUI

/// The payment step of checkout: total, card, pay button.
struct PaymentView: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    @ScaledMetric(relativeTo: .body) private var cardIconSize: CGFloat = 24
    @ScaledMetric private var rowHeight: CGFloat = 44

    let total: String
    let cardNumber: String
    private let totalSize: CGFloat = 34

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                // Fixed sizes: each of these ignores the text size setting.
                Text("Total")
                    .font(.system(size: 13, weight: .semibold))
                Text(total)
                    .font(.system(size: totalSize, weight: .bold, design: .rounded))
                Text("Inter fixed")
                    .font(.custom("Inter-Bold", fixedSize: 15))
                Text("Inter fixed, named font")
                    .font(Font.custom("Inter-Regular", fixedSize: 13))

                // Scaled: a custom font relative to a text style, with or without relativeTo.
                Text("Inter scaled")
                    .font(.custom("Inter-Regular", size: 17))
                Text("Inter relative to headline")
                    .font(.custom("Inter-Bold", size: 17, relativeTo: .headline))
                Text(cardNumber)
                    .font(.system(.body, design: .monospaced))

                HStack {
                    Image(systemName: "creditcard")
                        .font(.system(size: 20))
                    Image(systemName: "lock.fill")
                        .font(.system(size: cardIconSize))
                    Text(cardNumber)
                        .font(.body)
                        .lineLimit(1)
                }

                Text("Your card will be charged when the order ships.")
                    .font(.footnote)
                    .minimumScaleFactor(0.8)

                Button("Pay \(total)") {}
                    .frame(height: 50)

                Text("Terms apply")
                    .frame(maxHeight: 20)

                Text("Secure payment")
                    .frame(minHeight: 44)
                    .frame(height: rowHeight)

                Divider().frame(height: 1)
                Color.gray.frame(height: 120)
                Image("visa").resizable().frame(width: 40, height: 24)

                HStack {
                    Text("Delivery")
                    Text("Tomorrow")
                }
                .frame(height: 32)
            }
            .padding()
        }
        .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
    }
}

/// A badge that never grows past AX2 and the full range that does not clamp.
struct PaymentBadge: View {
    var body: some View {
        VStack {
            Text("Express")
                .dynamicTypeSize(.xSmall ... .accessibility2)
            Text("Standard")
                .dynamicTypeSize(.large ... .accessibility5)
            Text("Any")
                .dynamicTypeSize(.large...)
            Text("Pinned")
                .dynamicTypeSize(.large)
            Text("Below AX5")
                .dynamicTypeSize(..<DynamicTypeSize.accessibility5)
        }
        .environment(\.sizeCategory, .extraLarge)
    }
}
