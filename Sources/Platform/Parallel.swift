import Dispatch

/// Runs `first` and `second` at the same time, on two cores when there are two, and returns both
/// results once both are done: for two pieces of work over data that neither changes (the rules of
/// one file and the facts it tells the others, say). The caller waits; with one core they run in turn.
public func atOnce<A: Sendable, B: Sendable>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    let results = PairOfResults<A, B>()
    // Each slot is written by one iteration and read only after both are done.
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let work = UncheckedPair(first: first, second: second)
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                if k == 0 { results.first = work.first() } else { results.second = work.second() }
            }
        }
    }
    return (results.first!, results.second!)
}

private final class PairOfResults<A, B>: @unchecked Sendable {
    var first: A?
    var second: B?
}

/// The two closures, which `atOnce`'s caller promises only read what they share.
private struct UncheckedPair<A, B>: @unchecked Sendable {
    let first: () -> A
    let second: () -> B
}
