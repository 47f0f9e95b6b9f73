import SwiftUI

extension CheckoutView {
    /// One labelled amount of the summary.
    func summaryRow(title: String, identifier: String) -> some View {
        HStack {
            Text(title)
                .font(.system(size: 14)) // expect: checkout.subtotal
            Spacer()
        }
        .accessibilityIdentifier(identifier)
    }
}

struct CouponField: View {
    @State private var code = ""

    var body: some View {
        VStack {
            TextField("Coupon", text: $code)
                .font(.system(size: 15)) // expect: checkout.coupon
                .accessibilityIdentifier("checkout.coupon")
            Text("Apply")
                .frame(height: 32) // expect: checkout.applyCoupon
                .accessibilityIdentifier("checkout.applyCoupon")
            Text("Terms apply")
                .minimumScaleFactor(0.5) // expect: checkout.terms
                .accessibilityIdentifier("checkout.terms")
        }
    }
}
