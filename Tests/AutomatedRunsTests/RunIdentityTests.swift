@testable import AutomatedRuns
import Evidence
import Testing

@Suite struct RunIdentityTests {
    /// Files of every length, handed over as an import reads them, give the digest one hasher
    /// gives over the same bytes in the same order: the run's identity does not depend on the
    /// thread that computed it.
    @Test func theIdentityIsTheDigestOfEveryFileInOrder() {
        var state: UInt64 = 29
        var sequential = SHA256()
        sequential.update("an earlier document")
        var started = SHA256()
        started.update("an earlier document")
        let background = RunIdentity(continuing: started)
        for index in 0..<200 {
            let count = index % 7 == 0 ? 0 : (index * 7919) % 70_000
            var bytes = [UInt8](repeating: 0, count: count)
            for k in bytes.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[k] = UInt8(truncatingIfNeeded: state >> 33)
            }
            sequential.update(bytes)
            background.update(bytes)
        }
        var finished = background.finish()
        #expect(SHA256.hex(finished.finalize()) == SHA256.hex(sequential.finalize()))
    }
}
