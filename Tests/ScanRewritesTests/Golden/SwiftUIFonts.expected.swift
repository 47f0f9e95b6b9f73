import SwiftUI

/// Fixed sizes near a text style are rewritten; the rest are left with a reason.
struct PriceTag: View {
    let price: String
    let size: CGFloat = 20

    var body: some View {
        VStack(alignment: .leading) {
            Text("Total").font(.system(.body))
            Text(price).font(.system(.title, design: .rounded).weight(.heavy)) // the headline number
            Text("incl. VAT").font(Font.system(.caption2, design: .monospaced))
            Text("Name").font(.custom("Avenir Next", size: 15, relativeTo: .subheadline))
            Text("Tie").font(.system(size: 14))
            Text("Huge").font(.system(size: 64))
            Text("Variable").font(.system(size: size))
        }
    }
}
