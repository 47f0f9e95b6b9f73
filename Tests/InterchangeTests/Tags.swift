import Foundation
import Testing

extension Tag {
    /// Long randomized runs and processes killed mid-write: DTAUDIT_SKIP_STRESS=1 leaves them out.
    @Tag static var stress: Tag
}

enum Stress {
    static var enabled: Bool { ProcessInfo.processInfo.environment["DTAUDIT_SKIP_STRESS"].map { $0.isEmpty || $0 == "0" } ?? true }
}
