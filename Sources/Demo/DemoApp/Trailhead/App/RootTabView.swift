import SwiftUI

/// The custom tab bar at the bottom of every screen.
struct RootTabView: View {
    @State private var selection: Tab = .home

    enum Tab: String, CaseIterable {
        case home = "Home", search = "Search", map = "Map", profile = "Profile"

        var symbol: String {
            switch self {
            case .home: "house"
            case .search: "magnifyingglass"
            case .map: "map"
            case .profile: "person.crop.circle"
            }
        }
    }

    var body: some View {
        VStack(spacing: 0) {
            content
            HStack {
                ForEach(Tab.allCases, id: \.self) { tab in
                    Button { selection = tab } label: {
                        Label(tab.rawValue, systemImage: tab.symbol)
                            .labelStyle(.verticalIcon)
                            .font(.caption)
                    }
                    .accessibilityShowsLargeContentViewer()
                }
            }
            // dtaudit:ignore clamped-type-size — tab labels show the Large Content Viewer instead
            .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
        }
    }

    @ViewBuilder private var content: some View {
        switch selection {
        case .home: HomeView()
        case .search: SearchView()
        case .map: TrailMapView()
        case .profile: ProfileView()
        }
    }
}