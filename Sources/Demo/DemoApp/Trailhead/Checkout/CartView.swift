import SwiftUI

/// The cart of a guided hike booking.
struct CartView: View {
    let booking: Booking

    var body: some View {
        ScrollViewIfNeeded {
            VStack(alignment: .leading, spacing: 12) {
                Text(booking.hike.name)
                    .font(.title3.bold())
                ForEach(booking.lines) { line in
                    LabeledContent(line.title, value: line.price.formatted(.currency(code: "USD")))
                        .font(.body)
                }
            }
            .padding()
        }
        .safeAreaInset(edge: .bottom) {
            Button {
                booking.pay()
            } label: {
                Text("Pay \(booking.total.formatted(.currency(code: "USD"))) | Book")
                    .font(.headline)
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .padding()
        }
    }
}

/// Scrolls only when the content does not fit.
struct ScrollViewIfNeeded<Content: View>: View {
    @ViewBuilder var content: Content

    var body: some View {
        ViewThatFits(in: .vertical) {
            content
            ScrollView { content }
        }
    }
}