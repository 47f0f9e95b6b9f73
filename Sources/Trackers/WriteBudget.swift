/// How many writes a run may make: at most `perMinute` in any minute (the run waits for the
/// minute to free up) and `perHour` in all (the run stops there, and the next resumes). GitHub
/// allows about 80 content-creating requests a minute and 500 an hour; the defaults stay under
/// both, so that a team's other work on the same token keeps some room.
public struct WriteBudget: Sendable {
    public static let maximumPerMinute = 60
    public static let maximumPerHour = 450

    public let perMinute: Int
    public let perHour: Int
    private var times: [Double] = []
    private let clock: @Sendable () -> Double
    private let pause: @Sendable (Double) -> Void

    /// `clock` gives seconds; `pause` waits that many.
    public init(perMinute: Int = maximumPerMinute, perHour: Int = maximumPerHour, clock: @escaping @Sendable () -> Double,
                pause: @escaping @Sendable (Double) -> Void) {
        self.perMinute = max(1, min(perMinute, Self.maximumPerMinute))
        self.perHour = max(1, min(perHour, Self.maximumPerHour))
        self.clock = clock
        self.pause = pause
    }

    public var used: Int { times.count }

    /// Takes one write: waits while the last minute holds `perMinute` (telling `waiting` how long),
    /// and returns false, taking nothing, once the run has made `perHour`.
    public mutating func take(waiting: (Int) -> Void = { _ in }) -> Bool {
        guard times.count < perHour else { return false }
        let recent = times.suffix(perMinute)
        if recent.count == perMinute, let oldest = recent.first {
            let wait = oldest + 60 - clock()
            if wait > 0 {
                waiting(Int(wait.rounded(.up)))
                pause(wait)
            }
        }
        times.append(clock())
        return true
    }
}
