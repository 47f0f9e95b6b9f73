import SwiftUI

struct PaymentView: View {
    @ScaledMetric(relativeTo: .body) private var cardIconWidth: CGFloat = 32
    @Binding var method: PaymentMethod

    var body: some View {
        Form {
            Picker("Pay with", selection: $method) {
                ForEach(PaymentMethod.allCases) { method in
                    HStack {
                        Image(method.cardImage)
                            .resizable()
                            .scaledToFit()
                            .frame(width: cardIconWidth)
                        Text(method.title)
                            .font(.body)
                    }
                    .tag(method)
                }
            }
            .pickerStyle(.inline)
        }
    }
}