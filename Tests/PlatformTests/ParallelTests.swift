import Foundation
import Testing
@testable import Platform

/// Two pieces of work at once: both results come back, each from its own work, and with two cores
/// the two run at the same time.
@Suite struct ParallelTests {
    @Test func bothResultsComeBackEachFromItsOwnWork() {
        for n in [0, 1, 1_000] {
            let (sum, text) = atOnce({ (0..<n).reduce(0, +) }, { String(repeating: "x", count: n) })
            #expect(sum == n * (n - 1) / 2)
            #expect(text.count == n)
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "one core runs the two in turn"))
    func withTwoCoresTheTwoRunAtTheSameTime() {
        // Each waits for the other to have started: run one after the other, the first would wait
        // out its timeout.
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let (a, b) = atOnce({ () -> Bool in
            first.signal()
            return second.wait(timeout: .now() + 30) == .success
        }, { () -> Bool in
            second.signal()
            return first.wait(timeout: .now() + 30) == .success
        })
        #expect(a && b)
    }
}
