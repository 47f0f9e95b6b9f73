import Output

/// A day as people type it after `--since` or `--date`: `2026-12-01`, `today`, `yesterday`, or
/// `7d` (seven days before today), each meaning the start of that day in UTC.
public enum DayName {
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a form a day is written in.
        case notADay(String)
        /// A day no time zone has reached yet.
        case inTheFuture(day: String, today: String)

        public var description: String {
            switch self {
            case .notADay(let text): "'\(TextLayout.singleLine(text))' is not a day: write YYYY-MM-DD (such as 2026-10-13), today, yesterday or Nd (7d: seven days ago)"
            case .inTheFuture(let day, let today): "\(day) is in the future (today is \(today) in UTC): nothing has happened on it yet"
            }
        }
    }

    /// Whether `text` is written as a day, rather than, say, the path of a file.
    public static func looksLikeDay(_ text: String) -> Bool {
        ["today", "yesterday"].contains(text.lowercased()) || daysAgo(text) != nil
            || text.utf8.count == 10 && text.prefix(4).allSatisfy(\.isNumber) && !text.hasSuffix(".json")
    }

    /// The start of the day `text` names, refused when it is a day no time zone has reached yet.
    public static func start(of text: String, now: Timestamp = .now()) throws(Problem) -> Timestamp {
        let today = Timestamp(iso8601: now.day)!
        let start: Timestamp
        switch text.lowercased() {
        case "today": start = today
        case "yesterday": start = today.adding(days: -1)
        default:
            if let days = daysAgo(text) {
                start = today.adding(days: -days)
            } else if text.utf8.count == 10, let day = Timestamp(iso8601: text) {
                start = day
            } else {
                throw .notADay(text)
            }
        }
        // UTC+14 is the first to reach a day: until then the day is still to come everywhere.
        if start.milliseconds > now.milliseconds + 14 * 3_600_000 { throw .inTheFuture(day: start.day, today: now.day) }
        return start
    }

    /// `7d` → 7; nil for anything else.
    private static func daysAgo(_ text: String) -> Int? {
        guard text.count >= 2, text.count <= 6, text.last == "d" || text.last == "D" else { return nil }
        return Int(text.dropLast()).flatMap { $0 >= 0 ? $0 : nil }
    }
}
