import SwiftUI

/// The banner every screen shows when the network is gone.
struct OfflineBanner: View {
    var body: some View {
        Text("You are offline")
            .font(.system(size: 13)) // expect: shared.offlineBanner
            .accessibilityIdentifier(sharedBannerID)
    }
}

enum Theme {
    static let rowHeight: CGFloat = 44
}
