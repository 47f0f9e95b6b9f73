import Platform

/// The git checkout a folder lies in, read from `.git` (or git's environment) the way git reads
/// it, without starting git: every command looks for its store, and starting git costs more than
/// the whole search.
public struct GitCheckout: Sendable, Equatable {
    /// The work tree's top: the folder that holds `.git`, or `GIT_WORK_TREE`.
    public let top: String
    /// This work tree's own git folder: `.git`, where a `.git` file points (a linked work tree, a
    /// submodule), or `GIT_DIR`.
    public let gitDirectory: String
    /// The repository's common directory (the main work tree's `.git`), which every linked work
    /// tree shares and which no git command that cleans, stashes or removes a work tree touches.
    public let commonDirectory: String
    /// Named by `GIT_DIR` rather than found as `.git` in `top`.
    public let isNamedByEnvironment: Bool

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
        return checkout(top: folder, gitDirectory: gitDirectory, common: nil, fromEnvironment: false)
    }

    /// The checkout git's environment names, as git takes it before it looks for `.git`: `GIT_DIR`
    /// is the git folder, `GIT_WORK_TREE` the top (else the working folder, as git has it), and
    /// `GIT_COMMON_DIR` the common directory (else what the git folder's `commondir` names). A
    /// hook, a script or a checkout kept apart from its repository (`GIT_DIR=repo.git
    /// GIT_WORK_TREE=work`) sets them; nil when `GIT_DIR` is unset or names no git folder.
    public static func fromEnvironment() -> GitCheckout? {
        guard let named = System.environment("GIT_DIR"), !named.isEmpty else { return nil }
        let here = (try? WorkingDirectory.path()) ?? "/"
        let top = System.environment("GIT_WORK_TREE").flatMap { $0.isEmpty ? nil : Files.absolute($0, from: here) } ?? here
        let common = System.environment("GIT_COMMON_DIR").flatMap { $0.isEmpty ? nil : Files.absolute($0, from: here) }
        return checkout(top: top, gitDirectory: Files.absolute(named, from: here), common: common, fromEnvironment: true)
    }

    private static func checkout(top: String, gitDirectory: String, common named: String?, fromEnvironment: Bool) -> GitCheckout? {
        guard Files.status(gitDirectory + "/HEAD") != nil else { return nil }
        var common = named ?? gitDirectory
        if named == nil, let written = firstLine(gitDirectory + "/commondir")?.trimmingSpaces, !written.isEmpty {
            common = Files.absolute(written, from: gitDirectory)
        }
        guard Files.status(common)?.kind == .directory else { return nil }
        return GitCheckout(top: Files.standardized(top), gitDirectory: Files.standardized(gitDirectory),
                           commonDirectory: Files.standardized(common), isNamedByEnvironment: fromEnvironment)
    }

    /// The checkout `folder` lies in: the one git's environment names when `folder` lies in its
    /// work tree, else the nearest folder at or above it that holds `.git`.
    public static func containing(_ folder: String) -> GitCheckout? {
        var directory = Files.standardized(folder)
        if let named = fromEnvironment(), named.relativePath(ofStandard: directory) != nil { return named }
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

    /// Refuses a checkout whose `.git` or common directory belongs to another user, unless git
    /// itself agrees to work in it (`safe.directory`, `sudo`): git refuses such a repository too,
    /// since whoever owns it decides what is in it. Starts git only when the owner differs.
    public func checkOwned() throws(StoreError) {
        let dotGit = (top == "/" ? "" : top) + "/.git"
        for path in (isNamedByEnvironment ? [] : [dotGit]) + [commonDirectory] {
            guard let owner = Files.owner(path), !System.isOwnUser(owner) else { continue }
            if Subprocess.output(of: "git", ["-C", top, "rev-parse", "--git-dir"]) != nil { return }
            throw .otherOwner(path: path, owner: owner)
        }
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

    /// The tops of every work tree of the repository that git lists and that is there: the main
    /// one (the folder holding the common directory, unless the repository is bare) and each
    /// linked one (`worktrees/*/gitdir` names its `.git` file). Read from the files, without git.
    public var workTreeTops: [String] {
        var tops: [String] = []
        let main = PathNames.folder(of: commonDirectory)
        if PathNames.fileName(of: commonDirectory) == ".git", Files.status(main)?.kind == .directory { tops.append(main) }
        let listed = commonDirectory + "/worktrees"
        for name in ((try? Files.list(listed)) ?? []).sorted() {
            guard let named = Self.firstLine(listed + "/" + name + "/gitdir")?.trimmingSpaces, !named.isEmpty else { continue }
            let dotGit = Files.absolute(named, from: listed + "/" + name)
            let tree = PathNames.folder(of: dotGit)
            if Files.status(dotGit, followLinks: false)?.kind == .regular, !tops.contains(tree) { tops.append(tree) }
        }
        if !tops.contains(top) { tops.append(top) }
        return tops
    }

    /// The first line of a small file git wrote, or nil.
    static func firstLine(_ path: String) -> String? {
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
