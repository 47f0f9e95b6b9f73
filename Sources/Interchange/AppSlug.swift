/// A file-name-safe form of the app's name: `Trailhead Pro` → `trailhead-pro`.
public enum AppSlug {
    public static func make(_ name: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
                if slug.count >= 60 { break }
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? "audit" : slug
    }
}
