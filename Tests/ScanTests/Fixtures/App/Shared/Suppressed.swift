import SwiftUI
import UIKit

struct NavigationSubtitle: View {
    let subtitle: String

    var body: some View {
        VStack {
            // dtaudit:ignore fixed-font-size — the navigation bar subtitle keeps the system's fixed size
            Text(subtitle).font(.system(size: 11))
            Text(subtitle).lineLimit(1) // dtaudit:ignore single-line -- a one-line status that scrolls on tap
            Text(subtitle)
                // dtaudit:ignore shrinks-text - the tab bar badge cannot grow
                .minimumScaleFactor(0.5)
            Text(subtitle).font(.system(size: 10)) // dtaudit:ignore all
            // dtaudit:ignore single-line — wrong rule: this does not cover the font below
            Text(subtitle).font(.system(size: 9))
            // dtaudit:ignored fixed-font-size — not a suppression (misspelt marker)
            Text(subtitle).font(.system(size: 8))
        }
    }
}
