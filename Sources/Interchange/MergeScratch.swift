import Platform

/// Where the merge driver writes its result before renaming it over git's file. Git runs the driver
/// at the top of the work tree, with its three versions there, so a file written beside them and
/// left by a driver that was killed would be an untracked file that `git add -A` takes in. It is
/// written in the repository's git folder instead, which nothing in git adds, under a name of its
/// own (`.dtaudit-merge.PID-RANDOM.tmp`), and every run first removes what killed runs left there.
/// Outside a repository it goes beside the file, as other writers' temporary files do.
struct MergeScratch {
    let target: String
    /// The name temporary files are made for: `dtaudit-merge` in the git folder, or the target.
    let base: String

    struct Unreadable: Error {}

    init(for target: String) {
        self.target = target
        base = MergeScratch.gitFolder(around: PathNames.folder(of: target)).map { $0 + "/dtaudit-merge" } ?? target
    }

    /// The git folder of the work tree whose top is `folder`: its `.git` folder, or where a `.git`
    /// file (a linked work tree, a submodule) says it is.
    static func gitFolder(around folder: String) -> String? {
        let dotGit = folder + "/.git"
        switch Files.status(dotGit, followLinks: false)?.kind {
        case .directory:
            return dotGit
        case .regular:
            guard let file = RegularFile(opening: dotGit), file.byteCount < 4096, let bytes = file.readAll() else { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.hasPrefix("gitdir: ") else { return nil }
            let named = String(text.dropFirst(8).prefix { $0 != "\n" && $0 != "\r" })
            let path = named.hasPrefix("/") ? named : folder + "/" + named
            return Files.status(path)?.kind == .directory ? path : nil
        default:
            return nil
        }
    }

    /// Writes the result through `body` into a new temporary file, then renames it over the
    /// target; on any error the temporary file is removed and the target left as it was.
    func write(_ body: (Output) throws -> Void) throws {
        Files.removeLeftovers(of: base)
        let output = Output(base: base)
        do {
            try output.start()
            try body(output)
            try output.finish()
            try place(output.path)
        } catch {
            output.discard()
            throw error
        }
    }

    /// Renames the finished file over the target; a git folder on another file system has it
    /// copied beside the target and renamed there.
    private func place(_ path: String) throws {
        do {
            try Files.rename(path, to: target)
        } catch {
            guard error.isCrossDevice, let bytes = RegularFile(opening: path)?.readAll() else { throw error }
            try Files.writeAtomically(target) { $0.write(bytes: bytes) }
            try? Files.remove(path)
        }
    }

    /// The temporary file being written.
    final class Output {
        private let base: String
        private(set) var path = ""
        private var stream: BufferedOutput?

        init(base: String) {
            self.base = base
        }

        func start() throws {
            path = TemporaryFile.path(for: base)
            stream = try BufferedOutput.createNew(path: path)
        }

        func write(_ bytes: UnsafeRawBufferPointer) {
            stream?.write(bytes.assumingMemoryBound(to: UInt8.self))
        }

        func write(_ text: String) {
            stream?.write(text)
        }

        /// Throws away what was written and starts a new file.
        func restart() throws {
            discard()
            try start()
        }

        /// Closes the file without flushing it to the disk: git reads it back at once and keeps
        /// the result itself, so a crash before then loses only the merge, which git runs again.
        func finish() throws {
            guard let stream, stream.close(syncing: false) else {
                throw SystemError(operation: "write", path: path, code: stream?.errorCode ?? 0)
            }
        }

        func discard() {
            stream?.close(syncing: false)
            stream = nil
            if !path.isEmpty { try? Files.remove(path) }
        }
    }
}
