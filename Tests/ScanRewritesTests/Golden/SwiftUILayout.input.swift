import SwiftUI

struct Row: View {
    var body: some View {
        HStack {
            Text("Route name that may be long")
                .lineLimit(1)
                .minimumScaleFactor(0.5)
            Text("Short").lineLimit(1).frame(height: 44, alignment: .leading)
            Text("Badge")
                .frame(width: 40, height: 20)
            Text("Two").lineLimit(2)
            Text("Kept")
                // dtaudit:ignore single-line — a tab title of one word
                .lineLimit(1)
        }
    }
}
