/// The example app's source files, written beside the demo store so that `dtaudit scan` has real
/// code to read. They tell the same story as the demo's recordings: the Map and Profile screens
/// still set fixed font sizes, Search shrinks a label, the tab bar caps its text size on purpose,
/// and the screens that were fixed show the fixes (AnyLayout, ViewThatFits, UIFontMetrics).
///
/// Each file lives in DemoApp/ under the path the demo writes it to, as Swift an editor can
/// highlight; the package embeds the folder in the binary as resources (never compiled), and
/// SwiftPM names each one's bytes after its file name.
enum DemoSources {
    static let files: [(path: String, bytes: [UInt8])] = [
        ("Trailhead/App/RootTabView.swift", PackageResources.RootTabView_swift),
        ("Trailhead/Onboarding/WelcomeView.swift", PackageResources.WelcomeView_swift),
        ("Trailhead/Account/SignInViewController.swift", PackageResources.SignInViewController_swift),
        ("Trailhead/Account/Recovery/RecoveryEmailView.swift", PackageResources.RecoveryEmailView_swift),
        ("Trailhead/Home/TrailCardView.swift", PackageResources.TrailCardView_swift),
        ("Trailhead/Search/FilterChipsView.swift", PackageResources.FilterChipsView_swift),
        ("Trailhead/Map/MapControlsView.swift", PackageResources.MapControlsView_swift),
        ("Trailhead/Map/TrailLabelAnnotationView.swift", PackageResources.TrailLabelAnnotationView_swift),
        ("Trailhead/Trail/TrailDetailView.swift", PackageResources.TrailDetailView_swift),
        ("Trailhead/Trail/ElevationChartView.swift", PackageResources.ElevationChartView_swift),
        ("Trailhead/Checkout/CartView.swift", PackageResources.CartView_swift),
        ("Trailhead/Checkout/PaymentView.swift", PackageResources.PaymentView_swift),
        ("Trailhead/Paywall/PaywallView.swift", PackageResources.PaywallView_swift),
        ("Trailhead/Settings/SettingsView.swift", PackageResources.SettingsView_swift),
        ("Trailhead/Profile/ProfileHeaderView.swift", PackageResources.ProfileHeaderView_swift),
        ("Trailhead/Planner/TripDayHeader.swift", PackageResources.TripDayHeader_swift),
    ]
}
