import AuditStore
import DynamicType
import Foundation
import Testing
@testable import Reports

/// Amending or clearing the notes of judged recordings changes the words people read, never what the
/// tool counts or groups: the findings are read from what the run recorded.
/// DTAUDIT_PROPERTY_RUNS sets the number of audits (20 by default); a failure names its seed.
@Suite struct AmendedNoteTests {
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 20 }

    static let cart = JudgedProblemsTests.cart
    static let title = JudgedProblemsTests.title

    /// The problems as `next` groups them: each one's item, element and screens.
    static func groups(_ store: AuditStore) throws -> [String] {
        try JudgedProblems(store: store).problems.map { "\($0.item) \($0.finding.sentence) \($0.screens.joined(separator: ","))" }
    }

    @Test func amendingOrClearingAnyNotesNeverChangesACountOrAGroup() throws {
        for seed in 0..<UInt64(Self.runs) {
            var random = SplitMix(seed: seed)
            let fixture = try Fixture()
            let store = fixture.store
            let screens = try store.write {
                try (0..<Int.random(in: 2...5, using: &random)).map { index in
                    try store.addScreen(name: "Screen \(index)", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Mei", at: Fixture.time(0, index))
                }
            }
            var judged: [Recording] = []
            try store.write {
                for (index, screen) in screens.enumerated() {
                    let note = Bool.random(using: &random) ? Self.cart : Self.cart + "\n" + Self.title
                    judged += try store.record(screen: screen, cells: [("text-scales", .ax5)], status: .fail, note: note, run: "UI tests #1",
                                               by: "Sam", at: Fixture.time(1, index))
                }
            }
            let before = try Self.groups(store)
            let count = try JudgedProblems(store: store).problems.count
            #expect(!before.isEmpty)
            try store.write {
                for recording in judged where Bool.random(using: &random) {
                    let words: String? = Bool.random(using: &random) ? nil : "Seen on an iPad \(Int.random(in: 1...9, using: &random))"
                    try store.amend(.recording(recording), note: words, by: "Ana", at: Fixture.time(2))
                }
            }
            #expect(try Self.groups(store) == before, "seed \(seed)")
            #expect(try JudgedProblems(store: store).problems.count == count, "seed \(seed)")
        }
    }
}

/// A small seeded generator, so that a failure names the audit that made it.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
