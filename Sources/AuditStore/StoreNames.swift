import Evidence
import Platform

/// The names of the store folders under a repository's `.git/dtaudit/`, one per audit folder.
extension GitCheckout {
    static let rootName = "root"

    static func storeName(_ relative: String) -> String {
        guard !relative.isEmpty else { return rootName }
        // Most audit folders are one plain name (`ios`): nothing to escape.
        if relative.utf8.count <= 180, !relative.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "%") }) {
            return rootName + "%2F" + relative
        }
        var bytes = Array((rootName + "%2F").utf8)
        for byte in relative.utf8 {
            switch byte {
            case UInt8(ascii: "%"): bytes += Array("%25".utf8)
            case UInt8(ascii: "/"): bytes += Array("%2F".utf8)
            default: bytes.append(byte)
            }
        }
        // A file name is at most 255 bytes: a deep folder is named by its path's digest instead.
        guard bytes.count <= 200 else {
            var digest = SHA256()
            digest.update(relative)
            return rootName + "-" + String(SHA256.hex(digest.finalize()).prefix(40))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The audit folder (relative to the top) a store folder's name stands for; nil for a name
    /// that is not one (or a digest, which cannot be read back).
    public static func auditFolder(ofStoreNamed name: String) -> String? {
        if name == rootName { return "" }
        guard name.hasPrefix(rootName + "%2F") else { return nil }
        var bytes: [UInt8] = []
        var rest = Array(name.utf8.dropFirst(rootName.utf8.count + 3))
        while !rest.isEmpty {
            if rest.count >= 3, rest[0] == UInt8(ascii: "%") {
                let code = String(decoding: rest[1...2], as: UTF8.self)
                if code == "25" { bytes.append(UInt8(ascii: "%")) } else if code == "2F" { bytes.append(UInt8(ascii: "/")) } else { return nil }
                rest.removeFirst(3)
            } else {
                bytes.append(rest.removeFirst())
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The stores under `storesFolder` with the audit folders their names stand for (nil for a
    /// digest's name), sorted by name.
    public var stores: [(folder: String, auditFolder: String?)] {
        ((try? Files.list(storesFolder)) ?? []).sorted().compactMap { name in
            guard name == Self.rootName || name.hasPrefix(Self.rootName + "%2F") || name.hasPrefix(Self.rootName + "-") else { return nil }
            let folder = storesFolder + "/" + name
            guard Files.status(folder + "/" + StoreLocation.databaseName, followLinks: false)?.kind == .regular else { return nil }
            return (folder, Self.auditFolder(ofStoreNamed: name))
        }
    }
}
