import Foundation
import Testing

extension Tag {
    /// Runs the built binary the way a user types it. `swift test --skip EndToEndTests` leaves
    /// these out for a quick run of the unit tests.
    @Tag static var endToEnd: Tag
    /// Long randomized runs and processes killed mid-write: DTAUDIT_SKIP_STRESS=1 leaves them out.
    @Tag static var stress: Tag
}

enum Stress {
    static var enabled: Bool { ProcessInfo.processInfo.environment["DTAUDIT_SKIP_STRESS"].map { $0.isEmpty || $0 == "0" } ?? true }
}
