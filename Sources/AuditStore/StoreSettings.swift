/// The settings a store keeps in its `meta` table, each checked when it is read: a store may come
/// from elsewhere (unpacked from an archive, left by a planted folder), and a setting dtaudit would
/// never write must not steer what it does, above all where it writes. A store that holds one is
/// refused (`StoreError.badSetting`), in one line naming the setting.
enum StoreSettings {
    /// Why `value` is not what dtaudit writes for `key`, in words; nil when it is (or the key is
    /// one whose text is shown only in the safe form, and steers nothing).
    static func problem(key: String, value: String) -> String? {
        switch key {
        case "shared_file": return sharedFileProblem(value)
        case "evidence_limit":
            guard let bytes = Int64(value), bytes > 0 else { return "'\(shown(value))' is not a size in bytes" }
        case "author":
            if value.isEmpty || value.count > InputRules.maximumNameLength || value.unicodeScalars.contains(where: \.isControlCharacter) {
                return "'\(shown(value))' is not a name dtaudit would sign with"
            }
        case "store_id", "shared_copy":
            if value.utf8.count > 100 || !Fields.isID(value) { return "'\(shown(value))' is not an id" }
        default:
            // What the store remembers of a commit it synced at: handed to git as a commit's name.
            if key.hasPrefix("mark_synced_head"), !isCommitName(value) { return "'\(shown(value))' is not a commit's name" }
        }
        return nil
    }

    /// A shared file's path relative to the audit's folder: the only place sync reads and writes
    /// it. No absolute path, no `..`, no `.git` or `.dtaudit` on the way, no control character.
    static func sharedFileProblem(_ path: String) -> String? {
        if path.isEmpty || path.utf8.count > 1024 { return "a path of \(path.utf8.count) bytes" }
        if path.hasPrefix("/") { return "'\(shown(path))' is an absolute path, not a file inside the audit's folder" }
        if path.unicodeScalars.contains(where: { $0.isControlCharacter || $0 == "\\" }) { return "'\(shown(path))' holds a control character or backslash" }
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part.isEmpty || part == "." || part == ".." { return "'\(shown(path))' is not a plain path inside the audit's folder" }
            if [".git", ".dtaudit"].contains(part.lowercased()) { return "'\(shown(path))' lies inside git's or a store's folder" }
        }
        return nil
    }

    static func isCommitName(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A value as a message may show it: cut short, every character outside printable ASCII a `?`.
    static func shown(_ value: String) -> String {
        let kept = value.unicodeScalars.prefix(80).map { $0.value < 0x20 || $0.value > 0x7E ? "?" : Character($0) }
        return String(kept) + (value.unicodeScalars.count > 80 ? "..." : "")
    }
}
