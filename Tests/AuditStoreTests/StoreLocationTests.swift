import Foundation
import Testing
@testable import AuditStore

/// Where the store of an audit lives, found as git finds `.git`: under git's common directory in
/// a checkout (main work tree or linked), in `.dtaudit/` elsewhere.
@Suite struct StoreLocationTests {
    func folder(_ name: String = "location") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A main work tree at `top` as `git init` leaves it (only what the search reads).
    func repository(at top: String) throws {
        try write("ref: refs/heads/main\n", to: top + "/.git/HEAD")
    }

    @Test func eachAuditFolderHasItsOwnFlatNameThatReadsBack() {
        let names = ["": "root", "ios": "root%2Fios", "apps/one": "root%2Fapps%2Fone", "50%/off": "root%2F50%25%2Foff", "Café": "root%2FCafé"]
        for (relative, name) in names {
            #expect(GitCheckout.storeName(relative) == name)
            #expect(GitCheckout.auditFolder(ofStoreNamed: name) == relative)
        }
        // No two folders share a name, and no name has a slash: no store lies inside another.
        #expect(Set(names.keys.map(GitCheckout.storeName)).count == names.count)
        let deep = String(repeating: "folder/", count: 40)
        let hashed = GitCheckout.storeName(deep)
        #expect(hashed.hasPrefix("root-") && hashed.utf8.count == 45 && GitCheckout.auditFolder(ofStoreNamed: hashed) == nil)
    }

    @Test func inAMainWorkTreeTheStoreIsUnderGitAndFoundFromBelow() throws {
        let top = try folder()
        try repository(at: top)
        try FileManager.default.createDirectory(atPath: top + "/ios/App/Views", withIntermediateDirectories: true)
        let fromTop = try StoreLocation.own(in: top)
        #expect(fromTop == StoreLocation(folder: top + "/.git/dtaudit/root", root: top, isInGitDirectory: true))
        let ios = try StoreLocation.own(in: top + "/ios")
        #expect(ios.folder == top + "/.git/dtaudit/root%2Fios" && ios.root == top + "/ios")

        #expect(throws: StoreError.self) { try StoreLocation.search(explicit: nil, environment: nil, workingDirectory: top + "/ios/App/Views") }
        try write("", to: ios.databasePath)
        let found = try StoreLocation.search(explicit: nil, environment: nil, workingDirectory: top + "/ios/App/Views")
        #expect(found == StoreLocation.Found(location: ios, earlier: nil))
        // A store an earlier release kept in the folder is found as such, to be moved.
        try write("", to: top + "/.dtaudit/audit.sqlite")
        let earlier = try StoreLocation.search(explicit: nil, environment: nil, workingDirectory: top + "/App")
        #expect(earlier == StoreLocation.Found(location: fromTop, earlier: StoreLocation(folder: top + "/.dtaudit")))
    }

    @Test func aLinkedWorkTreeFindsTheStoreOfTheCommonDirectory() throws {
        let main = try folder("main")
        try repository(at: main)
        let linked = try folder("linked")
        // What `git worktree add` writes: a `.git` file naming the work tree's git folder, which
        // names the common one in `commondir`, each relative.
        try write("gitdir: ../\((main as NSString).lastPathComponent)/.git/worktrees/review\n", to: linked + "/.git")
        try write("ref: refs/heads/review\n", to: main + "/.git/worktrees/review/HEAD")
        try write("../..\n", to: main + "/.git/worktrees/review/commondir")
        let checkout = try #require(GitCheckout.containing(linked + "/Sources"))
        #expect(checkout.top == linked && checkout.commonDirectory == main + "/.git" && checkout.gitDirectory == main + "/.git/worktrees/review")
        #expect(try StoreLocation.own(in: linked).folder == main + "/.git/dtaudit/root")
    }

    @Test func outsideGitTheStoreIsDotDtauditAndAStoreNamedUnderGitServesItsAudit() throws {
        let plain = try folder()
        #expect(try StoreLocation.own(in: plain) == StoreLocation(folder: plain + "/.dtaudit"))
        let top = try folder()
        try repository(at: top)
        let named = StoreLocation.namedLocation(top + "/.git/dtaudit/root%2Fios", workingDirectory: top + "/docs")
        #expect(named.root == top + "/ios" && named.isInGitDirectory)
        // A folder that only looks like one serves the folder above it, as any named store does.
        #expect(StoreLocation.namedLocation(plain + "/dtaudit/root", workingDirectory: top).root == plain + "/dtaudit")
    }
}
