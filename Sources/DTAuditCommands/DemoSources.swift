/// The example app's source files, written beside the demo store so that `dtaudit scan` has real
/// code to read. They tell the same story as the demo's recordings: the Map and Profile screens
/// still set fixed font sizes, Search shrinks a label, the tab bar caps its text size on purpose,
/// and the screens that were fixed show the fixes (AnyLayout, ViewThatFits, UIFontMetrics).
enum DemoSources {
    static let files: [(path: String, text: String)] = [
        ("Trailhead/App/RootTabView.swift", rootTabView),
        ("Trailhead/Onboarding/WelcomeView.swift", welcomeView),
        ("Trailhead/Account/SignInViewController.swift", signInViewController),
        ("Trailhead/Account/Recovery/RecoveryEmailView.swift", recoveryEmailView),
        ("Trailhead/Home/TrailCardView.swift", trailCardView),
        ("Trailhead/Search/FilterChipsView.swift", filterChipsView),
        ("Trailhead/Map/MapControlsView.swift", mapControlsView),
        ("Trailhead/Map/TrailLabelAnnotationView.swift", trailLabelAnnotationView),
        ("Trailhead/Trail/TrailDetailView.swift", trailDetailView),
        ("Trailhead/Trail/ElevationChartView.swift", elevationChartView),
        ("Trailhead/Checkout/CartView.swift", cartView),
        ("Trailhead/Checkout/PaymentView.swift", paymentView),
        ("Trailhead/Paywall/PaywallView.swift", paywallView),
        ("Trailhead/Settings/SettingsView.swift", settingsView),
        ("Trailhead/Profile/ProfileHeaderView.swift", profileHeaderView),
        ("Trailhead/Planner/TripDayHeader.swift", tripDayHeader),
    ]

    static let rootTabView = #"""
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
        """#

    static let welcomeView = #"""
        import SwiftUI

        struct WelcomeView: View {
            @Environment(\.dynamicTypeSize) private var dynamicTypeSize
            var onStart: () -> Void

            var body: some View {
                ZStack(alignment: .bottomLeading) {
                    AnimatedTrailMap()
                        .ignoresSafeArea()
                    VStack(alignment: .leading, spacing: 12) {
                        Text("Find your next trail")
                            .font(.largeTitle.bold())
                        Text("Guided hikes, offline maps and trail conditions from people who walked them today.")
                            .font(.body)
                        Button("Get started", action: onStart)
                            .font(.headline)
                            .buttonStyle(.borderedProminent)
                    }
                    .padding()
                    // At accessibility sizes the title covers the moving map: give it a backing.
                    .background(dynamicTypeSize.isAccessibilitySize ? AnyShapeStyle(.regularMaterial) : AnyShapeStyle(.clear))
                }
            }
        }

        #Preview {
            WelcomeView(onStart: {})
        }
        """#

    static let signInViewController = #"""
        import UIKit

        final class SignInViewController: UIViewController {
            private let emailField = UITextField()
            private let passwordField = UITextField()
            private let forgotButton = UIButton(type: .system)

            override func viewDidLoad() {
                super.viewDidLoad()
                for field in [emailField, passwordField] {
                    field.font = .preferredFont(forTextStyle: .body)
                    field.adjustsFontForContentSizeCategory = true
                    field.borderStyle = .roundedRect
                }
                passwordField.isSecureTextEntry = true

                forgotButton.setTitle("Forgot password?", for: .normal)
                forgotButton.titleLabel?.font = .preferredFont(forTextStyle: .footnote)
                forgotButton.titleLabel?.adjustsFontForContentSizeCategory = true
                forgotButton.titleLabel?.numberOfLines = 0
                forgotButton.addTarget(self, action: #selector(showRecovery), for: .touchUpInside)

                let stack = UIStackView(arrangedSubviews: [emailField, passwordField, forgotButton])
                stack.axis = .vertical
                stack.spacing = 12
                view.addSubview(stack)
            }

            @objc private func showRecovery() {
                navigationController?.pushViewController(RecoveryEmailHostingController(), animated: true)
            }
        }
        """#

    static let recoveryEmailView = #"""
        import SwiftUI

        struct RecoveryEmailView: View {
            @State private var email = ""
            @State private var error: String?

            var body: some View {
                Form {
                    Section("Email") {
                        TextField("you@example.com", text: $email)
                            .textContentType(.emailAddress)
                            .keyboardType(.emailAddress)
                    }
                    Button("Send reset link") { Task { await send() } }
                        .font(.headline)
                }
                .safeAreaInset(edge: .bottom) {
                    if let error {
                        Text(error)
                            .font(.callout)
                            .foregroundStyle(.white)
                            .frame(maxWidth: .infinity)
                            .frame(height: 44)
                            .background(.red)
                    }
                }
            }

            private func send() async {
                error = email.contains("@") ? nil : "No account with that email"
            }
        }
        """#

    static let trailCardView = #"""
        import SwiftUI

        /// A trail in the Home feed: photo beside the title, or above it at accessibility sizes.
        struct TrailCardView: View {
            @Environment(\.dynamicTypeSize) private var dynamicTypeSize
            @ScaledMetric(relativeTo: .body) private var photoSize: CGFloat = 72
            let trail: Trail

            var body: some View {
                let layout = dynamicTypeSize.isAccessibilitySize
                    ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8))
                    : AnyLayout(HStackLayout(alignment: .top, spacing: 12))
                layout {
                    AsyncImage(url: trail.photoURL) { image in
                        image.resizable().scaledToFill()
                    } placeholder: {
                        Color.secondary.opacity(0.2)
                    }
                    .frame(width: dynamicTypeSize.isAccessibilitySize ? nil : photoSize, height: photoSize)
                    .clipShape(RoundedRectangle(cornerRadius: 8))

                    VStack(alignment: .leading, spacing: 4) {
                        Text(trail.name)
                            .font(.headline)
                        Text("\(trail.distance.formatted()) · \(trail.difficulty.label)")
                            .font(.subheadline)
                            .foregroundStyle(.secondary)
                    }
                }
            }
        }
        """#

    static let filterChipsView = #"""
        import SwiftUI

        /// Filter chips above the search results.
        struct FilterChipsView: View {
            @Binding var filters: Set<TrailFilter>
            let resultCount: Int

            var body: some View {
                VStack(alignment: .leading, spacing: 8) {
                    ViewThatFits(in: .horizontal) {
                        HStack { chips }
                        ScrollView(.horizontal, showsIndicators: false) {
                            HStack { chips }
                        }
                    }
                    Text("\(resultCount) trails match")
                        .font(.footnote)
                        .minimumScaleFactor(0.7)
                }
            }

            private var chips: some View {
                ForEach(TrailFilter.allCases) { filter in
                    Toggle(filter.title, isOn: binding(for: filter))
                        .toggleStyle(.button)
                        .font(.subheadline)
                }
            }

            private func binding(for filter: TrailFilter) -> Binding<Bool> {
                Binding(get: { filters.contains(filter) },
                        set: { isOn in if isOn { filters.insert(filter) } else { filters.remove(filter) } })
            }
        }
        """#

    static let mapControlsView = #"""
        import MapKit
        import SwiftUI

        /// The buttons floating over the trail map.
        struct MapControlsView: View {
            var recenter: () -> Void
            var toggleLayers: () -> Void

            var body: some View {
                VStack(spacing: 8) {
                    Button(action: recenter) {
                        Image(systemName: "location.fill")
                            .font(.system(size: 17))
                    }
                    Button(action: toggleLayers) {
                        Label("Layers", systemImage: "square.3.layers.3d")
                            .font(.system(size: 13, weight: .medium))
                    }
                }
                .padding(8)
                .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 10))
            }
        }
        """#

    static let trailLabelAnnotationView = #"""
        import MapKit
        import UIKit

        /// The name of a trail drawn on the map next to its marker.
        final class TrailLabelAnnotationView: MKAnnotationView {
            private let nameLabel = UILabel()

            override init(annotation: MKAnnotation?, reuseIdentifier: String?) {
                super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
                nameLabel.font = UIFont.systemFont(ofSize: 11, weight: .semibold)
                nameLabel.textColor = .label
                nameLabel.numberOfLines = 2
                addSubview(nameLabel)
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) is not used")
            }

            override func prepareForDisplay() {
                super.prepareForDisplay()
                nameLabel.text = annotation?.title ?? nil
                nameLabel.sizeToFit()
            }
        }
        """#

    static let trailDetailView = #"""
        import SwiftUI

        struct TrailDetailView: View {
            let trail: Trail

            var body: some View {
                ScrollView {
                    VStack(alignment: .leading, spacing: 16) {
                        TrailPhotoHeader(trail: trail)
                        HStack {
                            Text(trail.name)
                                .font(.title2.bold())
                            Spacer()
                            Text(trail.distance.formatted())
                                .font(.subheadline.monospacedDigit())
                                // dtaudit:ignore single-line — a short number that never needs a second line
                                .lineLimit(1)
                        }
                        Text(trail.summary)
                            .font(.body)
                        Button("Directions") { trail.openInMaps() }
                            .font(.headline)
                            .buttonStyle(.borderedProminent)
                    }
                    .padding()
                }
            }
        }
        """#

    static let elevationChartView = #"""
        import Charts
        import SwiftUI

        /// Elevation along the trail; vertical, labels on the left, at accessibility sizes.
        struct ElevationChartView: View {
            @Environment(\.dynamicTypeSize) private var dynamicTypeSize
            let profile: [ElevationSample]

            var body: some View {
                Chart(profile) { sample in
                    if dynamicTypeSize.isAccessibilitySize {
                        BarMark(x: .value("Elevation", sample.meters), y: .value("Distance", sample.kilometers))
                    } else {
                        LineMark(x: .value("Distance", sample.kilometers), y: .value("Elevation", sample.meters))
                    }
                }
                .chartXAxis {
                    AxisMarks { _ in
                        AxisValueLabel().font(.caption2)
                    }
                }
            }
        }
        """#

    static let cartView = #"""
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
        """#

    static let paymentView = #"""
        import SwiftUI

        struct PaymentView: View {
            @ScaledMetric(relativeTo: .body) private var cardIconWidth: CGFloat = 32
            @Binding var method: PaymentMethod

            var body: some View {
                Form {
                    Picker("Pay with", selection: $method) {
                        ForEach(PaymentMethod.allCases) { method in
                            HStack {
                                Image(method.cardImage)
                                    .resizable()
                                    .scaledToFit()
                                    .frame(width: cardIconWidth)
                                Text(method.title)
                                    .font(.body)
                            }
                            .tag(method)
                        }
                    }
                    .pickerStyle(.inline)
                }
            }
        }
        """#

    static let paywallView = #"""
        import SwiftUI

        /// Free and Pro side by side, or a list of what Pro adds at accessibility sizes.
        struct PaywallView: View {
            @Environment(\.dynamicTypeSize) private var dynamicTypeSize
            let features: [Feature]

            var body: some View {
                ScrollView {
                    if dynamicTypeSize.isAccessibilitySize {
                        VStack(alignment: .leading, spacing: 12) {
                            Text("Pro adds")
                                .font(.title2.bold())
                            ForEach(features.filter(\.isPro)) { feature in
                                Label(feature.name, systemImage: "checkmark.circle.fill")
                                    .font(.body)
                            }
                        }
                    } else {
                        Grid(alignment: .leading) {
                            GridRow {
                                Text("Feature")
                                Text("Free")
                                Text("Pro")
                            }
                            .font(.headline)
                            ForEach(features) { feature in
                                GridRow {
                                    Text(feature.name)
                                    Image(systemName: feature.isFree ? "checkmark" : "minus")
                                    Image(systemName: "checkmark")
                                }
                                .font(.body)
                            }
                        }
                    }
                }
            }
        }
        """#

    static let settingsView = #"""
        import SwiftUI

        struct SettingsView: View {
            @AppStorage("units") private var units = Units.metric
            @AppStorage("downloadOverCellular") private var downloadOverCellular = false

            var body: some View {
                Form {
                    Picker("Units", selection: $units) {
                        ForEach(Units.allCases) { Text($0.title).tag($0) }
                    }
                    Toggle("Download maps over cellular", isOn: $downloadOverCellular)
                    Section("About") {
                        LabeledContent("Version", value: Bundle.main.shortVersion)
                    }
                }
                .font(.body)
            }
        }

        #Preview {
            SettingsView()
        }
        """#

    static let profileHeaderView = #"""
        import UIKit

        /// The hiker's name in the brand font, and their stats under it.
        final class ProfileHeaderView: UIView {
            private let nameLabel = UILabel()
            private let statsLabel = UILabel()

            override init(frame: CGRect) {
                super.init(frame: frame)
                // The brand font, scaled like .title1 (PR 444).
                let brand = UIFont(name: "Fraunces-SemiBold", size: 28) ?? .systemFont(ofSize: 28, weight: .semibold)
                nameLabel.font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: brand)
                nameLabel.adjustsFontForContentSizeCategory = true
                nameLabel.numberOfLines = 0

                statsLabel.font = UIFont(name: "Fraunces-Regular", size: 13)
                statsLabel.textColor = .secondaryLabel
                statsLabel.numberOfLines = 0

                let stack = UIStackView(arrangedSubviews: [nameLabel, statsLabel])
                stack.axis = .vertical
                stack.spacing = 4
                addSubview(stack)
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) is not used")
            }

            func show(_ hiker: Hiker) {
                nameLabel.text = hiker.displayName
                statsLabel.text = "\(hiker.trailCount) trails · \(hiker.totalDistance.formatted())"
            }
        }
        """#

    static let tripDayHeader = #"""
        import SwiftUI

        /// One day of a planned trip: the date, and the trails of that day.
        struct TripDayHeader: View {
            let day: TripDay

            var body: some View {
                VStack(alignment: .leading, spacing: 2) {
                    Text(day.date.formatted(.dateTime.weekday(.wide).day().month()))
                        .font(.custom("Fraunces-SemiBold", fixedSize: 20))
                    Text(day.trails.map(\.name).joined(separator: ", "))
                        .font(.system(size: 15))
                        .foregroundStyle(.secondary)
                }
            }
        }
        """#
}
