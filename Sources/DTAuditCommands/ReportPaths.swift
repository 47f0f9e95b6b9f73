import AuditStore
import Platform

/// Where reports are written: the place checked before anything is written, and every byte
/// streamed through a temporary file put in place at the end.
enum Paths {
    /// Refuses a path inside the store's folder, where a file written would replace the database
    /// or its evidence.
    static func checkOutside(_ store: StoreLocation, _ path: String, shownAs shown: String) throws {
        if store.holds(path) {
            throw FileProblem(description: "cannot write \(shown): it is inside the store's folder \(store.folder); choose a file outside it", kind: .usage)
        }
    }

    /// Refuses a path that names a folder, before anything is written.
    static func checkIsFile(_ path: String, shownAs shown: String) throws {
        if Files.status(path)?.kind == .directory {
            throw FileProblem(description: "cannot write \(shown): it is a folder; give a file name", kind: .cannotWrite)
        }
    }

    /// Readies the place of a report: its folder made when the report goes to the default place
    /// (`Exports/`), and a path inside the store's folder or naming a folder refused before
    /// anything is written. Returns how messages show the path.
    static func prepareReport(at path: String, toDefaultPlace: Bool, store: StoreLocation, console: Console) throws -> String {
        if toDefaultPlace {
            // A repository could commit `Exports` as a link into another checkout.
            let exports = PathNames.folder(of: path)
            if Files.status(exports, followLinks: false)?.kind == .symbolicLink {
                throw FileProblem(description: "\(PathNames.shown(exports, from: console.workingDirectory)) is a symbolic link (to \(Files.linkTarget(exports) ?? "?")); "
                                  + "reports go to a real folder of the repository, so that none is written into another checkout. Nothing was written: "
                                  + "replace the link with the folder (git rm it if it is committed), or name a file with --output", kind: .badData)
            }
            try createFolder(exports)
        }
        let shownPath = PathNames.shown(path, from: console.workingDirectory)
        try checkOutside(store, path, shownAs: console.safe(shownPath))
        try checkIsFile(path, shownAs: shownPath)
        return shownPath
    }

    /// Streams a file to `path` through a temporary file beside it, put in place only when every
    /// byte is written, so that a failed or interrupted export leaves the old file as it was.
    /// The temporary file is created exclusively under a name nobody can guess, so a planted file
    /// or link is never written through, and those of killed exports are removed.
    /// Refuses a path that names a folder, before anything is written.
    static func stream(to path: String, shownAs shown: String, _ body: (BufferedOutput) throws -> Void) throws {
        try checkIsFile(path, shownAs: shown)
        /// What `body` threw, passed through as it is.
        struct Failure: Error { let error: any Error }
        do {
            try Files.writeAtomically(path) { file in
                do { try body(file) } catch { throw Failure(error: error) }
            }
        } catch let failure as Failure {
            throw failure.error
        } catch {
            throw writeProblem(path, shownAs: shown, diskFull: (error as? SystemError)?.isDiskFull ?? false)
        }
    }

    private static func writeProblem(_ path: String, shownAs shown: String, diskFull: Bool) -> FileProblem {
        let folder = PathNames.folder(of: path)
        if Files.status(folder)?.kind != .directory {
            return FileProblem(description: "cannot write \(shown): the folder \(folder) does not exist", kind: .cannotWrite)
        }
        if diskFull {
            return FileProblem(description: "cannot write \(shown): the disk is full", kind: .ioError)
        }
        return FileProblem(description: "cannot write \(shown): the folder is not writable or the disk is full", kind: .cannotWrite)
    }

    static func write(_ text: String, to path: String, shownAs shown: String) throws {
        try stream(to: path, shownAs: shown) { $0.write(text) }
    }

    /// Creates `folder` (Exports/ by default) when it is not there yet; true when it was made here.
    @discardableResult
    static func createFolder(_ folder: String) throws -> Bool {
        guard Files.status(folder) == nil else { return false }
        do {
            try Files.makeDirectories(folder)
        } catch {
            throw FileProblem(description: "cannot create the folder \(folder)", kind: .cannotWrite)
        }
        return true
    }
}
