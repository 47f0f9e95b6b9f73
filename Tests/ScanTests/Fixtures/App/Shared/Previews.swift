import SwiftUI

struct Greeting: View {
    var body: some View {
        Text("Hello").font(.title)
    }
}

#Preview("Large text") {
    Greeting()
        .environment(\.dynamicTypeSize, .accessibility3)
        .font(.system(size: 30))
}

struct Greeting_Previews: PreviewProvider {
    static var previews: some View {
        Greeting()
            .environment(\.sizeCategory, .extraExtraLarge)
            .lineLimit(1)
    }
}
