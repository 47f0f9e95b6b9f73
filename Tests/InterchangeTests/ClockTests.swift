import AuditLog
import AuditStore
import Testing
@testable import Interchange

/// What time order means when clocks and files can lie.
@Suite struct ClockTests {
    /// The file `source` writes, with the time of its last recording replaced by `time`.
    func file(_ source: TemporaryStore, recordingAt time: String) throws -> [UInt8] {
        var lines = String(decoding: try source.file, as: UTF8.self).components(separatedBy: "\n")
        let index = try #require(lines.lastIndex { $0.contains("\"record\":\"recording\"") })
        let old = try #require(lines[index].range(of: #""at":"[^"]*""#, options: .regularExpression))
        lines[index].replaceSubrange(old, with: "\"at\":\"\(time)\"")
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test func aRecordFromAClockAnyDistanceAheadIsTakenAndTheNextRecordingInSightOfItStands() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        for time in ["9999-12-31T23:59:59.999Z", Timestamp.now().adding(days: 2).iso8601] {
            let bytes = try file(source, recordingAt: time)
            let read = try AuditFile.read(bytes)
            #expect(try read.records.count == AuditFile.read(try source.file).records.count)
            // A teammate with a right clock takes the file in and records the same cell again.
            let target = try TemporaryStore(joining: bytes, prefix: "t")
            let future = try #require(read.records.map(\.record).compactMap { record -> Recording? in
                if case .recording(let recording) = record, recording.at.iso8601 == time { recording } else { nil }
            }.first)
            let screen = try #require(try target.store.screens().first { $0.id == future.screen })
            let made = try target.store.write {
                try target.store.record(screen: screen, cells: [(future.item, future.size)], status: .na, note: nil, by: "Ana", at: .now())
            }
            #expect(made.first?.follows == future.id && made.first?.round == future.round + 1)
            let state = try #require(try target.store.snapshot(only: screen).screens.first)
            #expect(state.cells[future.cell]?.status == .na, "the recording dated \(time) kept its cell")
            // Its file reads back, and the memory's fold agrees.
            let document = AuditDocument(records: try AuditFile.read(try target.file).records.map(\.record))
            #expect(document.latestCells()[screen.id]?[future.cell]?.id == made.first?.id)
        }
    }

    @Test func aRecordingMadeHereComesAfterAnyTheStoreHoldsForTheScreen() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        // A teammate's clock runs forty minutes fast; their recording of the cell is a pass.
        let ahead = Timestamp.now().adding(minutes: 40)
        let target = try TemporaryStore(joining: try file(source, recordingAt: ahead.iso8601), prefix: "t")
        let settings = try target.screen("Settings")
        let time = try target.store.ownTime(on: settings)
        #expect(time.milliseconds == ahead.milliseconds + 1)
        _ = try target.store.write {
            try target.store.record(screen: settings, cells: [("text-scales", .ax5)], status: .pass, note: nil, by: "Ana", at: time)
        }
        let state = try #require(try target.store.snapshot(only: settings).screens.first)
        #expect(state.cells[CellKey(item: "text-scales", size: .ax5)]?.status == .pass)
        // Without a clock ahead, the clock decides.
        let checkout = try target.screen("Checkout")
        let now = Timestamp.now()
        #expect(try target.store.ownTime(on: checkout, now: now) == now)
        // Further ahead than the clock check's tolerance, the clock decides: the gap is the evidence
        // the check names the wrong clock by. So with a time years ahead.
        #expect(try target.store.ownTime(on: settings, now: ahead.adding(minutes: -61)) == ahead.adding(minutes: -61))
        #expect(try target.store.ownTime(on: settings, now: ahead.adding(days: -2)) == ahead.adding(days: -2))
    }
}
