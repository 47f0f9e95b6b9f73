import Output

/// File sizes as people type and read them: `50MB`, `1.5 GB`, `800k`, `2MiB`, `1048576`.
/// KB, MB and GB are powers of 1000, KiB, MiB and GiB powers of 1024; a bare number is bytes.
public enum ByteCount {
    /// The number of bytes `text` names, or nil when it is not a size.
    public static func parse(_ text: String) -> Int64? {
        let trimmed = text.filter { !$0.isWhitespace }.lowercased()
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(number.count)
        guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number != ".", let value = Double(number) else { return nil }
        let multiplier: Double
        switch unit {
        case "", "b", "byte", "bytes": multiplier = 1
        case "k", "kb": multiplier = 1e3
        case "m", "mb": multiplier = 1e6
        case "g", "gb": multiplier = 1e9
        case "kib": multiplier = 1024
        case "mib": multiplier = 1024 * 1024
        case "gib": multiplier = 1024 * 1024 * 1024
        default: return nil
        }
        let bytes = (value * multiplier).rounded()
        guard bytes.isFinite, bytes >= 0, bytes < 9e15 else { return nil }
        return Int64(bytes)
    }

    /// `812 bytes`, `412 KB`, `1.2 MB`, `50 MB`: one decimal below 10 units, none above.
    public static func format(_ bytes: Int64) -> String {
        if bytes < 1000 { return counted(Int(bytes), "byte") }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var index = 0
        while value >= 999.95 && index < units.count - 1 {
            value /= 1000
            index += 1
        }
        if value < 9.95 {
            let tenths = Int((value * 10).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10) \(units[index])" : "\(tenths / 10).\(tenths % 10) \(units[index])"
        }
        return "\(Int(value.rounded())) \(units[index])"
    }
}
