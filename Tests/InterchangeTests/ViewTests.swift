import AuditLog
import AuditStore
import Testing
@testable import Interchange

/// What `next`, `screen list` and `evidence list` show is decided by the store, in one call each.
@Suite struct ViewTests {
    @Test func openChecksComeCriticalFirstAndALimitShowsTheFirst() throws {
        let audit = try TemporaryStore()
        try audit.fillIn()
        let all = try audit.store.openChecks()
        #expect(all.screens.map(\.screen.name) == ["Checkout", "Settings"])
        #expect(all.looked.count == 2)
        #expect(all.open.checks == all.screens.reduce(0) { $0 + $1.pending.count })
        #expect(all.awaitingFix == 1, "Settings' failed text-scales has no fix")
        let first = try audit.store.openChecks(limit: 1)
        #expect(first.shown.map(\.screen.name) == ["Checkout"])
        #expect(first.screens.count == 2)
        let sams = try audit.store.openChecks(selection: ScreenSelection(owner: "sam"))
        #expect(sams.looked.map(\.screen.name) == ["Checkout"])
    }

    @Test func aListingFiltersByStandingAndCriticalAndCountsEveryScreen() throws {
        let audit = try TemporaryStore()
        try audit.fillIn()
        let critical = try audit.store.screenListing(criticalOnly: true)
        #expect(critical.screens.map(\.screen.name) == ["Checkout"])
        #expect(critical.total == 2)
        let unsupported = try audit.store.screenListing(group: .unsupported)
        #expect(unsupported.screens.map(\.screen.name) == ["Settings"])
        #expect(try audit.store.screenListing(selection: ScreenSelection(flow: "nowhere")).screens.isEmpty)
    }

    @Test func anEvidenceListingNamesEachScreenAndCountsEachFileOnce() throws {
        let audit = try TemporaryStore()
        try audit.fillIn()
        let checkout = try audit.screen("Checkout")
        let pdf = Array("%PDF-1.4\n%%EOF\n".utf8)
        try audit.store.write {
            let file = try audit.store.storeEvidence(bytes: pdf, name: "pay.pdf", by: "Ana", at: TemporaryStore.time(4))
            try audit.store.attach(file, name: "pay.pdf", to: checkout, size: .ax5, by: "Ana", at: TemporaryStore.time(4))
            try audit.store.attach(file, name: "pay.pdf", to: checkout, size: .ax3, by: "Ana", at: TemporaryStore.time(4, 1))
        }
        let listing = try audit.store.evidenceListing()
        #expect(listing.entries.map(\.screen) == ["Checkout", "Checkout"])
        #expect(listing.files == 1)
        #expect(listing.bytes == Int64(pdf.count))
    }
}
