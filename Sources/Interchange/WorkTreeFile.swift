import AuditStore
import Platform

/// Writes a file of a git work tree (the shared audit file) through a temporary file in the
/// work tree's git folder, renamed over it once complete: one left by a writer killed midway is
/// then where no `git add` takes it in (`git add Exports` would, beside the file, until the next
/// write of the file removed it). Outside git, or where the git folder lies on another file system
/// (a rename cannot cross it), the temporary file is beside the file as every writer's is.
enum WorkTreeFile {
    /// The name temporary files are made for in the git folder: `.dtaudit-sync.PID-RANDOM.tmp`.
    static let scratchName = "dtaudit-sync"

    /// `Files.writeAtomically`, with the temporary file in the git folder of the checkout `path`
    /// lies in. What killed writers left there, and beside the file, is removed first.
    static func writeAtomically(_ path: String, durable: Bool = true, _ body: (BufferedOutput) throws -> Void) throws {
        guard let gitFolder = GitCheckout.containing(PathNames.folder(of: path))?.gitDirectory,
              Files.status(gitFolder)?.kind == .directory, System.isWritable(gitFolder) else {
            return try Files.writeAtomically(path, durable: durable, body)
        }
        // A device or a pipe is never replaced by a file.
        if Files.status(path, followLinks: false)?.kind == .other { throw SystemError.notReplaceable(path) }
        let base = gitFolder + "/" + scratchName
        Files.removeLeftovers(of: [base, path])
        let temporary = TemporaryFile.path(for: base)
        let output = try BufferedOutput.createNew(path: temporary)
        do {
            try body(output)
            guard output.close(syncing: durable) else { throw SystemError(operation: "write", path: temporary, code: output.errorCode) }
            do {
                try Files.rename(temporary, to: path)
            } catch where error.isCrossDevice {
                try copy(temporary, to: path, durable: durable)
                try? Files.remove(temporary)
            }
        } catch {
            output.close(syncing: false)
            try? Files.remove(temporary)
            throw error
        }
    }

    /// Copies the finished file to a temporary file beside `path`, a chunk at a time, and renames it there.
    private static func copy(_ source: String, to path: String, durable: Bool) throws {
        let input = try ChunkedInput(path: source)
        try Files.writeAtomically(path, durable: durable) { output in
            var chunk: [UInt8] = []
            while input.read(appendingTo: &chunk, count: 1 << 20) {
                output.write(bytes: chunk)
                chunk.removeAll(keepingCapacity: true)
            }
            if input.failed { throw SystemError.unreadable(source) }
        }
    }
}
