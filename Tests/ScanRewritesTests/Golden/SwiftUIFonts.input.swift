import SwiftUI

/// Fixed sizes near a text style are rewritten; the rest are left with a reason.
struct PriceTag: View {
    let price: String
    let size: CGFloat = 20

    var body: some View {
        VStack(alignment: .leading) {
            Text("Total").font(.system(size: 17))
            Text(price).font(.system(size: 28, weight: .heavy, design: .rounded)) // the headline number
            Text("incl. VAT").font(Font.system(size: 11, design: .monospaced))
            Text("Name").font(.custom("Avenir Next", fixedSize: 15))
            Text("Tie").font(.system(size: 14))
            Text("Huge").font(.system(size: 64))
            Text("Variable").font(.system(size: size))
        }
    }
}
