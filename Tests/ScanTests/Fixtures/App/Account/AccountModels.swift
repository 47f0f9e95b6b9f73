import Foundation

/// Model types whose properties share their names with UIKit's. None of these is a finding.
struct MessagePreviewSettings: Codable {
    var numberOfLines = 1
    var adjustsFontSizeToFitWidth = true
    var font = "Avenir"
    var maximumContentSizeCategory = "large"
}

final class PreviewSettingsStore {
    private var settings = MessagePreviewSettings()

    func compact() {
        settings.numberOfLines = 1
        settings.adjustsFontSizeToFitWidth = true
    }
}

enum LayoutOption: Int {
    case numberOfLines = 1
    case custom = 2
}

struct Transition {
    static func custom(_ name: String) -> Transition { Transition() }
}

func applyTransitions() {
    let fade = Transition.custom("fade")
    _ = fade
}
