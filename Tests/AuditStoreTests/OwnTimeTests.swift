@testable import AuditStore
import AuditLog
import DynamicType
import Foundation
import Testing

/// Every write the commands make chooses its own time in the store, with the same correction for
/// a teammate's clock running ahead: a record made here comes after what the store holds for the
/// screen (or the audit) when that is at most the clock check's tolerance ahead.
@Suite struct OwnTimeTests {
    let temporary: TemporaryStore
    /// A recording Ben made on Checkout with a clock ten minutes ahead.
    let ahead: Recording

    init() throws {
        temporary = try TemporaryStore()
        let future = Timestamp(milliseconds: Timestamp.now().milliseconds + 10 * 60 * 1000)
        ahead = try #require(try temporary.store.record(screen: temporary.screen, cells: [("text-scales", .ax5)], status: .fail, note: "clipped",
                                                        by: "Ben", at: future).first)
    }

    var store: AuditStore { temporary.store }

    /// Whether `time` follows Ben's recording, by the millisecond the store adds.
    func follows(_ time: Timestamp) -> Bool { time.milliseconds == ahead.at.milliseconds + 1 }

    @Test func aTakeBackComesAfterWhatTheScreenHolds() throws {
        let retraction = try #require(try store.retract([.recording(ahead)], note: "wrong screen", by: "Tess").first)
        #expect(follows(retraction.at), "taken back at \(retraction.at.iso8601), after \(ahead.at.iso8601)")
    }

    @Test func aCorrectedNoteAndAScreenEditComeAfterWhatTheScreenHolds() throws {
        let amendment = try store.amend(.recording(ahead), note: "clipped at ax5", by: "Tess")
        #expect(follows(amendment.at))
        var changes = AuditStore.ScreenChanges()
        changes.critical = false
        _ = try store.updateScreen(temporary.screen, changes, by: "Tess")
        let edits = try store.history(of: temporary.screen).compactMap { entry -> Timestamp? in
            if case .edit(let edit) = entry.record { edit.at } else { nil }
        }
        // After the correction, now the screen's latest record.
        #expect(edits.map(\.milliseconds) == [amendment.at.milliseconds + 1])
    }

    @Test func aChecklistAdoptedComesAfterEveryRecordOfTheAudit() throws {
        let adoption = try store.adoptChecklist(try store.checklist(), by: "Tess")
        #expect(follows(adoption.at))
    }

    @Test func anEvidenceImportComesAfterWhatItsScreensHoldAndSharesOneTime() throws {
        let root = temporary.root.path + "/shots"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for name in ["Checkout_ax5.png", "Checkout_l.png"] {
            try Data(TemporaryStore.png(name)).write(to: URL(fileURLWithPath: root + "/" + name))
        }
        let plan = try EvidenceImport.plan(files: try EvidenceImport.files(in: root), root: root, store: store, map: ScreenMap(), progress: nil)
        #expect(plan.matches.count == 2)
        try EvidenceImport.apply(plan, store: store, by: "Tess", progress: nil)
        let attached = try store.history(of: temporary.screen).compactMap { entry -> Timestamp? in
            if case .evidence(let attachment) = entry.record { attachment.at } else { nil }
        }
        #expect(attached.count == 2 && attached.allSatisfy(follows))
        // One command, one time: undo finds both.
        #expect(try store.latestUndoable(by: "Tess").count == 2)
    }
}
