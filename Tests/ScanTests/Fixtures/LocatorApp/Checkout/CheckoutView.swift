import SwiftUI

struct CheckoutView: View {
    let items: [String]

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Order summary")
                .font(.system(size: 22, weight: .bold)) // expect: checkout.heading
                .accessibilityIdentifier("checkout.heading")
            Text("Total").font(.system(size: 13)).accessibilityIdentifier("checkout.total") // expect: checkout.total
            Text("Includes taxes")
                .lineLimit(1) // expect: checkout.taxNote
                .accessibilityIdentifier("checkout.taxNote")
            HStack {
                Image(systemName: "creditcard")
                    .font(.system(size: 18)) // expect: checkout.cardIcon
                    .accessibilityIdentifier("checkout.cardIcon")
                Text("Visa ending 4242")
                    .accessibilityIdentifier("checkout.card")
            }
            .frame(height: 36) // expect: checkout.card
            VStack {
                Text("Delivery")
                    .accessibilityIdentifier("checkout.delivery")
                Text("Tomorrow, 9-12")
                    .accessibilityIdentifier("checkout.deliveryWindow")
            }
            .font(.system(size: 12)) // expect: checkout.delivery; checkout.deliveryWindow
            summaryRow(title: "Subtotal", identifier: "checkout.subtotal")
            Button("Pay now") { pay() }
                .font(.system(size: 17, weight: .semibold)) // expect: checkout.pay
                .frame(height: 50)
                .accessibilityIdentifier("checkout.pay")
            Button {
                cancel()
            } label: {
                Text("Cancel order")
                    .font(.custom("Avenir-Book", fixedSize: 15)) // expect: checkout.cancel
            }
            .accessibilityIdentifier("checkout.cancel")
            Text("Secure payment")
                .font(.system(size: 10)) // expect: checkout.secure
                .accessibilityIdentifier("checkout.secure")
            Text("Questions? Call us")
                .font(.system(size: 11)) // expect: checkout.help
                .accessibilityIdentifier("checkout.help")
            Text("Gift note")
                .font(.system(size: 12)) // expect: checkout.giftNote
                .lineLimit(1) // expect: checkout.giftNote.lines
                .accessibilityIdentifier("checkout.giftNote")
            ForEach(items, id: \.self) { item in
                Text(item)
                    .font(.system(size: 14)) // expect: checkout.item.row
                    .accessibilityIdentifier("checkout.item.\(items.firstIndex(of: item) ?? 0)")
            }
        }
        .padding()
    }

    func pay() {}
    func cancel() {}
}
