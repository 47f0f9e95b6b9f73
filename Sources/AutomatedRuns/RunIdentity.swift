import Dispatch
import Evidence

/// A run's identity fed on a thread of its own, in the order the files were read: hashing one
/// hierarchy overlaps reading and judging the next, which takes SHA-256, about a fifth of an
/// import's work, off the time a person waits wherever a core is free. The digest is the one a
/// single hasher gives over the same bytes in the same order.
final class RunIdentity: @unchecked Sendable {
    /// Touched only on `queue`.
    private var hasher: SHA256
    private let queue = DispatchQueue(label: "run-identity")
    /// Files handed over and not yet hashed, at most: memory stays that of a few files.
    private let room = DispatchSemaphore(value: 2)

    init(continuing hasher: SHA256) {
        self.hasher = hasher
    }

    func update(_ bytes: [UInt8]) {
        room.wait()
        queue.async {
            self.hasher.update(bytes)
            self.room.signal()
        }
    }

    /// The hasher, once every file handed over is in it.
    func finish() -> SHA256 {
        queue.sync { hasher }
    }
}
