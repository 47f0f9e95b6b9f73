#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Dispatch

/// Making what was written survive a power cut: the bytes of the files written and the entries of
/// the folders they were renamed into, and nothing else of the disk. A flush of the whole file
/// system (`syncfs`) also waits for every other program's writes, seconds on a busy machine.
extension Files {
    /// Flushes a folder's entries to disk, so that a rename into it survives a power cut; false when
    /// that failed.
    @discardableResult
    public static func syncDirectory(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = Glue.close(descriptor) }
        return fsync(descriptor) == 0
    }

    /// Flushes a file's contents to the disk; false when that failed.
    @discardableResult
    public static func syncFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = Glue.close(descriptor) }
        return fsync(descriptor) == 0
    }

    /// Makes the files at `paths`, written without syncing, durable with the folders that hold
    /// them: each file, then each folder once. Thousands of files cost about one flush, not one
    /// each: on Linux every file's writeback is started first, and the flushes are waited on
    /// several at a time, which the file system commits together. False when a flush failed.
    @discardableResult
    public static func syncAll(_ paths: [String]) -> Bool {
        guard !paths.isEmpty else { return true }
        #if canImport(Glibc)
        for path in paths { startWriteback(path) }
        #endif
        let workers = min(8, paths.count)
        let failed = FlushResults(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: paths.count, by: workers) where !syncFile(paths[index]) {
                failed.set(worker)
            }
        }
        var ok = !failed.any
        for folder in Set(paths.map(PathNames.folder(of:))).sorted() where !syncDirectory(folder) { ok = false }
        return ok
    }

    #if canImport(Glibc)
    /// Asks Linux to start writing a file's dirty pages without waiting for them.
    private static func startWriteback(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = linuxSyncFileRange(descriptor, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */)
        _ = Glue.close(descriptor)
    }
    #endif
}

/// One flag per worker of `syncAll`, each set only by its own worker.
private final class FlushResults: @unchecked Sendable {
    private let flags: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        flags = .allocate(capacity: count)
        flags.initialize(repeating: false)
    }

    deinit { flags.deallocate() }

    func set(_ worker: Int) { flags[worker] = true }

    var any: Bool { flags.contains(true) }
}

#if canImport(Glibc)
/// glibc's `sync_file_range`, which the Glibc module leaves out (it is a GNU extension).
@_silgen_name("sync_file_range")
private func linuxSyncFileRange(_ descriptor: Int32, _ offset: Int64, _ count: Int64, _ flags: UInt32) -> Int32
#endif
