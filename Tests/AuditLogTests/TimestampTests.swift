import Testing
@testable import AuditLog

/// Times a shared file can carry: only those the stored form spells, read back the same.
@Suite struct TimestampTests {
    @Test func offsetsBeyondADayAreRefused() {
        #expect(Timestamp(iso8601: "2026-09-07T09:00:00+99:99") == nil)
        #expect(Timestamp(iso8601: "2026-09-07T09:00:00+24:00") == nil)
        #expect(Timestamp(iso8601: "2026-09-07T09:00:00-02:60") == nil)
        #expect(Timestamp(iso8601: "2026-09-07T09:00:00+23:59")?.iso8601 == "2026-09-06T09:01:00.000Z")
        #expect(Timestamp(iso8601: "2026-09-07T09:00:00-02:30")?.iso8601 == "2026-09-07T11:30:00.000Z")
    }

    @Test func anOffsetThatLeavesTheFourDigitYearsIsRefused() {
        #expect(Timestamp(iso8601: "0000-01-01T00:00:00.000+23:59") == nil)
        #expect(Timestamp(iso8601: "0000-01-01T00:00:00.000+00:01") == nil)
        #expect(Timestamp(iso8601: "9999-12-31T23:59:59.999-00:01") == nil)
        #expect(Timestamp(iso8601: "9999-12-31T23:59:60Z") == nil)
    }

    @Test func theFirstAndLastMomentsOfTheFourDigitYearsReadBackTheSame() throws {
        for text in ["0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z", "0001-02-28T12:00:00.000Z"] {
            let time = try #require(Timestamp(iso8601: text), "\(text)")
            #expect(time.iso8601 == text)
            var stored = time.iso8601
            let again = stored.withUTF8 { Timestamp(storedBytes: $0) }
            #expect(again == time, "\(text)")
        }
    }

    @Test func aRecordingDatedOutsideTheYearsIsRefusedNamingTheField() {
        let line = #"{"record":"recording","id":"r-9","screen":"s-1","item":"text-scales","size":"ax5","status":"pass","by":"Ana","at":"0000-01-01T00:00:00.000+23:59"}"#
        #expect(throws: InterchangeError.self) { try Samples.read(line) }
        do {
            _ = try Samples.read(line)
        } catch {
            #expect(error.description.contains("field 'at' of the recording record must be a time"))
        }
    }
}
