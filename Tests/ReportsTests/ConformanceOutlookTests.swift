import AuditStore
import DynamicType
import Foundation
import Testing
import TestSupport
@testable import Reports

/// A conformance level is final exactly when no way of recording the open checks changes it: on
/// random small audits (screens recorded in part, failures fixed or not, triage guesses), what is
/// left on each screen is recorded every way (each screen passing all of it or failing all of it),
/// and the levels that gives are the ones `ConformanceOutlook` names. DTAUDIT_PROPERTY_RUNS sets the number of
/// audits (12 by default); a failure names its seed.
@Suite struct ConformanceOutlookTests {
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 12 }

    /// Thrown to take back a completion once its levels are read.
    struct TakeBack: Error {}

    /// Two to four screens: some never recorded (a triage guess on some of those), the others with
    /// about half their planned checks recorded, and a fix after some of their failures.
    static func audit(_ random: inout SplitMix64) throws -> Fixture {
        let fixture = try Fixture()
        let store = fixture.store
        let checklist = fixture.checklist
        try store.write {
            for index in 0..<Int.random(in: 2...4, using: &random) {
                let screen = try store.addScreen(name: "Screen \(index)", flow: nil, critical: false, owner: nil, notes: nil, files: [],
                                                 by: "Mei", at: Fixture.time(0, index))
                if Double.random(in: 0..<1, using: &random) < 0.25 {
                    if Bool.random(using: &random) { _ = try store.triage(screen, as: .unsupported, by: "Mei") }
                    continue
                }
                var failing = Set<String>()
                for (item, size) in checklist.plannedCells where Bool.random(using: &random) {
                    let roll = Double.random(in: 0..<1, using: &random)
                    let status: ResultStatus = roll < 0.6 ? .pass : roll < 0.85 ? .fail : .na
                    try store.record(screen: screen, cells: [(item.id, size)], status: status, note: nil, by: "Ana", at: Fixture.time(1))
                    if status == .fail { failing.insert(item.id) }
                }
                if !failing.isEmpty && Double.random(in: 0..<1, using: &random) < 0.4 {
                    try store.addFix(screen: screen, type: .custom, items: failing.sorted(), note: nil, ref: nil, by: "Sam", at: Fixture.time(2))
                }
            }
        }
        return fixture
    }

    @Test func aLevelIsFinalExactlyWhenNoWayOfRecordingTheOpenChecksChangesIt() throws {
        var finals = 0
        var open = 0
        for run in 0..<Self.runs {
            let seed = 0xC0FFEE &+ UInt64(run) &* 7919
            var random = SplitMix64(seed: seed)
            let fixture = try Self.audit(&random)
            let store = fixture.store
            let snapshot = try store.snapshot()
            let report = ConformanceReport(snapshot)
            // Every way the checks left open could go, taken from each screen's own list of what is
            // left (never recorded, retests, default re-checks), not from the outlook: each screen
            // passes all of them or fails all of them.
            var seen = Array(repeating: Set<ResizeTextVerdict.Level>(), count: report.criteria.count)
            for failing in 0..<(1 << snapshot.screens.count) {
                do {
                    try store.write {
                        for (k, state) in snapshot.screens.enumerated() where !state.pending.isEmpty {
                            let fails = failing & (1 << k) != 0
                            try store.record(screen: state.screen, cells: state.pending.map { ($0.item, $0.size) }, status: fails ? .fail : .pass,
                                             note: nil, by: "Ana", at: Fixture.time(3))
                        }
                        let after = ConformanceReport(try store.snapshot())
                        for (index, criterion) in after.criteria.enumerated() {
                            #expect(criterion.outlook.open.isEmpty, "seed \(seed), \(criterion.number): open after recording every open check")
                            seen[index].insert(criterion.level)
                        }
                        throw TakeBack()
                    }
                } catch is TakeBack {}
            }
            for (criterion, levels) in zip(report.criteria, seen) {
                let outlook = criterion.outlook
                #expect(levels == Set(outlook.reachable), "seed \(seed), \(criterion.number): \(levels) vs \(outlook.reachable)")
                if outlook.isFinal {
                    finals += 1
                    #expect(levels == [criterion.level], "seed \(seed), \(criterion.number): final \(criterion.level) but \(levels)")
                } else {
                    open += 1
                }
            }
        }
        // The audits must give both kinds, or the check proves little.
        if Self.runs >= 12 { #expect(finals > 0 && open > 0, "\(finals) final, \(open) open") }
    }
}
