import Platform

/// A moment in UTC, to the millisecond, stored as ISO 8601 text (`2026-11-29T18:45:08.123Z`) so that
/// text order is time order and the store stays readable with the `sqlite3` tool.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    public static func now() -> Timestamp {
        Timestamp(milliseconds: System.currentMilliseconds())
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// `2026-11-29T18:45:08.123Z`
    public var iso8601: String {
        let (date, seconds) = civil
        let millis = Int(((milliseconds % 1000) + 1000) % 1000)
        return date + "T" + two(seconds / 3600) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60) + "." + three(millis) + "Z"
    }

    /// `2026-11-29`
    public var day: String { civil.date }

    /// `2026-11-29 18:45`, for listings read by people.
    public var minute: String {
        let (date, seconds) = civil
        return date + " " + two(seconds / 3600) + ":" + two(seconds / 60 % 60)
    }

    public var description: String { iso8601 }

    /// The same moment on the machine's local clock, for times shown to people (`minute`, `day`);
    /// the store, JSON and exports keep UTC.
    public var inLocalTime: Timestamp {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        return Timestamp(milliseconds: milliseconds + Int64(System.localOffsetSeconds(at: seconds)) * 1000)
    }

    /// Parses the stored form and the common shorter forms people type or other tools write:
    /// `2026-11-29`, `2026-11-29T18:45Z`, `2026-11-29T18:45:08Z`, `2026-11-29T18:45:08.123Z`,
    /// `2026-11-29T18:45:08+02:00`.
    public init?(iso8601 text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Timestamp(iso8601Bytes: $0) }) else { return nil }
        self = parsed
    }

    /// Parses the UTF-8 bytes of any form `init?(iso8601:)` accepts, without building a string.
    public init?(iso8601Bytes bytes: UnsafeBufferPointer<UInt8>) {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 10, bytes[4] == 45, bytes[7] == 45,
              let year = number(0..<4), let month = number(5..<7), let dayOfMonth = number(8..<10),
              (1...12).contains(month), (1...Timestamp.daysInMonth(year, month)).contains(dayOfMonth) else { return nil }
        var seconds = 0
        var millis = 0
        var offset = 0
        var index = 10
        if bytes.count > 10 {
            guard bytes[10] == 84 || bytes[10] == 32, let hour = number(11..<13), bytes.count > 13, bytes[13] == 58,
                  let minute = number(14..<16), hour < 24, minute < 60 else { return nil }
            seconds = hour * 3600 + minute * 60
            index = 16
            if index < bytes.count, bytes[index] == 58 {
                guard let second = number(17..<19), second < 61 else { return nil }
                seconds += second
                index = 19
                if index < bytes.count, bytes[index] == 46 {
                    index += 1
                    var digits = 0
                    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                        if digits < 3 { millis = millis * 10 + Int(bytes[index] - 48) }
                        digits += 1
                        index += 1
                    }
                    guard digits > 0 else { return nil }
                    for _ in min(digits, 3)..<3 { millis *= 10 }
                }
            }
            if index < bytes.count {
                if bytes[index] == 90 {
                    index += 1
                } else if bytes[index] == 43 || bytes[index] == 45 {
                    guard let hours = number(index + 1..<index + 3), index + 3 < bytes.count, bytes[index + 3] == 58,
                          let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60 else { return nil }
                    offset = (hours * 3600 + minutes * 60) * (bytes[index] == 43 ? 1 : -1)
                    index += 6
                } else {
                    return nil
                }
            }
            guard index == bytes.count else { return nil }
        }
        let days = Timestamp.daysFromCivil(year, month, dayOfMonth)
        let moment = (Int64(days) * 86_400 + Int64(seconds - offset)) * 1000 + Int64(millis)
        // An offset can carry year 0000 or 9999 out of the four digits the stored form has.
        guard Timestamp.representable.contains(moment) else { return nil }
        milliseconds = moment
    }

    /// The moments the stored form can spell: 0000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z.
    public static let representable: ClosedRange<Int64> =
        Int64(daysFromCivil(0, 1, 1)) * 86_400_000...Int64(daysFromCivil(10_000, 1, 1)) * 86_400_000 - 1

    /// Reads the stored form `YYYY-MM-DDTHH:MM:SS.mmmZ` straight from its bytes, the way listings of
    /// a whole audit read thousands of them; any other text goes through `init?(iso8601:)`.
    public init(storedBytes bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count == 24, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58,
           bytes[19] == 46, bytes[23] == 90 {
            var valid = true
            func digits(_ start: Int, _ count: Int) -> Int {
                var value = 0
                for index in start..<start + count {
                    let digit = Int(bytes[index]) - 48
                    if digit < 0 || digit > 9 { valid = false }
                    value = value * 10 + digit
                }
                return value
            }
            let year = digits(0, 4), month = digits(5, 2), day = digits(8, 2)
            let seconds = digits(11, 2) * 3600 + digits(14, 2) * 60 + digits(17, 2)
            let millis = digits(20, 3)
            if valid && (1...12).contains(month) && (1...31).contains(day) {
                milliseconds = (Int64(Timestamp.daysFromCivil(year, month, day)) * 86_400 + Int64(seconds)) * 1000 + Int64(millis)
                return
            }
        }
        self = Timestamp(iso8601: String(decoding: bytes, as: UTF8.self)) ?? Timestamp(milliseconds: 0)
    }

    private var civil: (date: String, seconds: Int) {
        let totalSeconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        var days = Int(totalSeconds / 86_400)
        var seconds = Int(totalSeconds % 86_400)
        if seconds < 0 { seconds += 86_400; days -= 1 }
        let (year, month, dayOfMonth) = Timestamp.civilFromDays(days)
        let yearText = String(year)
        return (String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + two(month) + "-" + two(dayOfMonth), seconds)
    }

    /// Whether `bytes` spell the stored form exactly (`2026-11-29T18:45:08.123Z`, a valid date and
    /// time, no leap second): then `Timestamp(iso8601Bytes: bytes)?.iso8601` gives the same bytes back.
    public static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 24, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58,
              bytes[19] == 46, bytes[23] == 90 else { return false }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in from..<from + count {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2), number(20, 3) != nil,
              (1...12).contains(month), day >= 1, day <= daysInMonth(year, month), hour < 24, minute < 60, second < 60 else { return false }
        return true
    }

    private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    private func three(_ value: Int) -> String { value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : String(value) }

    // Howard Hinnant's days-from-civil algorithms: exact for the proleptic Gregorian calendar.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex + (monthIndex < 10 ? 3 : -9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// This moment plus `days` whole days.
    public func adding(days: Int = 0, minutes: Int = 0) -> Timestamp {
        Timestamp(milliseconds: milliseconds + Int64(days) * 86_400_000 + Int64(minutes) * 60_000)
    }
}

/// Random ids that make recordings and fixes unique across every store they travel to.
public enum UniqueID {
    /// A version 4 UUID in lower case: `0b6f3c9e-...`.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        // Two draws of eight bytes, a system call each, rather than one call for every byte.
        let draws: (UInt64, UInt64) = (generator.next(), generator.next())
        var bytes = withUnsafeBytes(of: draws) { Array($0) }
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        // Spelled digit by digit: `String(_:radix:)`, generic over integers, costs a one-off search
        // of the program's conformances worth more than the rest of the id.
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
