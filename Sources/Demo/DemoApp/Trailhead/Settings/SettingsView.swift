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