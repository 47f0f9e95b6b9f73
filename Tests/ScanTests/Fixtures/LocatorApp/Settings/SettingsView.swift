import SwiftUI

struct SettingsView: View {
    @State private var notifications = true
    @State private var sounds = false

    var body: some View {
        List {
            Section {
                Text("Settings")
                    .font(.system(size: 28, weight: .bold)) // expect: settings.title
                    .accessibilityIdentifier(A11y.Settings.title)
                Text("Choose what the app may do")
                    .lineLimit(1) // expect: settings.subtitle
                    .accessibilityIdentifier(A11y.Settings.subtitle)
            }
            Toggle("Notifications", isOn: $notifications)
                .font(.system(size: 16)) // expect: settings.notifications
                .accessibilityIdentifier(A11y.Settings.notifications)
            Toggle("Sounds", isOn: $sounds)
                .frame(height: 44) // expect: settings.sounds
                .accessibilityIdentifier(A11y.Settings.sounds)
            NavigationLink("Privacy") { Text("Privacy") }
                .font(.custom("Avenir", fixedSize: 16)) // expect: settings.privacy
                .accessibilityIdentifier(A11y.Settings.privacy)
            Text("Version 3.2")
                .font(.system(size: 11)) // expect: settings.version
                .accessibilityIdentifier(A11y.Settings.version)
            Button("Sign out", role: .destructive) {}
                .font(.system(size: 16)) // expect: settings.signOut
                .accessibilityIdentifier(A11y.Settings.signOut)
            HelpRow()
            LegalRow()
        }
    }
}

struct HelpRow: View {
    var body: some View {
        HStack {
            Image(systemName: "questionmark.circle")
                .font(.system(size: 20)) // expect: settings.badge
                .accessibilityIdentifier(A11y.Settings.badge)
            Text("Help")
                .accessibilityIdentifier(A11y.Settings.help)
        }
        .frame(height: 40) // expect: settings.help
    }
}

struct LegalRow: View {
    private typealias IDs = A11y.Settings

    var body: some View {
        Text("Legal notices")
            .font(.system(size: 12)) // expect: settings.legal
            .accessibilityIdentifier(IDs.legal)
    }
}
