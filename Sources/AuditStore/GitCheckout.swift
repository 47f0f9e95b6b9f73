import Evidence
import Platform

/// The git checkout a folder lies in, read from `.git` the way git reads it, without starting git:
/// every command looks for its store, and starting git costs more than the whole search.
public struct GitCheckout: Sendable, Equatable {
    /// The work tree's top: the folder that holds `.git`.
    public let top: String
    /// The repository's common directory (the main work tree's `.git`), which every linked work
    /// tree shares and which no git command that cleans, stashes or removes a work tree touches.
    public let commonDirectory: String

    /// The checkout whose top is `folder`, which holds `.git`; nil when that `.git` is not one git
    /// would use. `.git` is a folder in a clone's main work tree and a file (`gitdir: PATH`) in a
    /// linked work tree or a submodule, whose git directory then names the common one in `commondir`.
    public static func at(top folder: String) -> GitCheckout? {
        let dotGit = (folder == "/" ? "" : folder) + "/.git"
        let gitDirectory: String
        switch Files.status(dotGit)?.kind {
        case .directory?:
            gitDirectory = dotGit
        case .regular?:
            guard let text = firstLine(dotGit), text.hasPrefix("gitdir:") else { return nil }
            let named = text.dropFirst("gitdir:".count).trimmingSpaces
            guard !named.isEmpty else { return nil }
            gitDirectory = Files.absolute(named, from: folder)
        default:
            return nil
        }
        guard Files.status(gitDirectory + "/HEAD") != nil else { return nil }
        var common = gitDirectory
        if let named = firstLine(gitDirectory + "/commondir")?.trimmingSpaces, !named.isEmpty {
            common = Files.absolute(named, from: gitDirectory)
        }
        guard Files.status(common)?.kind == .directory else { return nil }
        return GitCheckout(top: Files.standardized(folder), commonDirectory: Files.standardized(common))
    }

    /// The checkout `folder` lies in: the nearest folder at or above it that holds `.git`.
    public static func containing(_ folder: String) -> GitCheckout? {
        var directory = Files.standardized(folder)
        while true {
            if Files.status((directory == "/" ? "" : directory) + "/.git", followLinks: false) != nil { return at(top: directory) }
            if directory == "/" || directory.isEmpty { return nil }
            directory = PathNames.folder(of: directory)
        }
    }

    /// `folder` relative to the top ("" for the top itself); nil when it lies outside.
    public func relativePath(of folder: String) -> String? {
        relativePath(ofStandard: Files.standardized(folder))
    }

    func relativePath(ofStandard folder: String) -> String? {
        if folder == top { return "" }
        let base = top == "/" ? "/" : top + "/"
        return folder.hasPrefix(base) ? String(folder.dropFirst(base.count)) : nil
    }

    /// `<common directory>/dtaudit`, which holds the stores of this repository's audits.
    public var storesFolder: String { commonDirectory + "/" + Self.storesFolderName }

    static let storesFolderName = "dtaudit"

    /// The folder that keeps the store of the audit in `relative` (to the top): one flat name per
    /// audit folder, `root` for the top and `root%2Fios` for `ios/`, so that no store lies inside
    /// another's and a folder's audit has the same store from every work tree.
    public func storeFolder(forAuditIn relative: String) -> String {
        storesFolder + "/" + Self.storeName(relative)
    }

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
    static func auditFolder(ofStoreNamed name: String) -> String? {
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

    /// The first line of a small file git wrote, or nil.
    private static func firstLine(_ path: String) -> String? {
        guard let file = RegularFile(opening: path), file.byteCount < 1 << 16, let bytes = file.readAll() else { return nil }
        let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
        return String(decoding: line, as: UTF8.self)
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
