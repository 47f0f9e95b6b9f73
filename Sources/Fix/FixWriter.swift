import Platform

extension FixPlan {
    /// Writes every changed file under `root`, all or none: each new text goes to a temporary file
    /// created exclusively beside its file, and only when all are written are they renamed over the
    /// originals. A file that changed since it was read is refused, so an editor's unsaved work is not
    /// lost to a rewrite. Each rewritten file keeps the original's permissions.
    public func write(root: String) throws(FixWriteError) {
        var temporaries: [(temporary: String, target: String)] = []
        func discard() { for entry in temporaries { try? Files.remove(entry.temporary) } }
        var generator = SystemRandomNumberGenerator()
        for file in files {
            let target = root == "/" ? "/" + file.path : root + "/" + file.path
            guard let current = RegularFile(opening: target)?.readAll(), current == file.old else {
                discard()
                throw .changed(file.path)
            }
            let slash = target.lastIndex(of: "/")!
            let temporary = String(target[...slash]) + "." + target[target.index(after: slash)...] + "." + String(generator.next(), radix: 36) + ".tmp"
            do {
                let output = try BufferedOutput.createNew(path: temporary)
                temporaries.append((temporary, target))
                output.write(bytes: file.new)
                guard output.close() else { throw SystemError(operation: "write", path: temporary, code: output.errorCode) }
                if let bits = Files.permissions(target) { try Files.setPermissions(temporary, bits) }
            } catch {
                discard()
                throw .cannotWrite(file.path)
            }
        }
        for (index, entry) in temporaries.enumerated() {
            do {
                try Files.rename(entry.temporary, to: entry.target)
            } catch {
                for rest in temporaries[index...] { try? Files.remove(rest.temporary) }
                throw .cannotWrite(files[index].path)
            }
        }
    }
}

/// Why rewritten files could not be written, in one line.
public enum FixWriteError: Error, Sendable, CustomStringConvertible {
    case changed(String)
    case cannotWrite(String)

    public var description: String {
        switch self {
        case let .changed(path): "\(path) changed while the scan ran; nothing was rewritten: run --fix again"
        case let .cannotWrite(path): "cannot write \(path): the folder is not writable or the disk is full; nothing was rewritten"
        }
    }
}
