import AuditStore
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The example audit `dtaudit demo` creates: a store of a made-up hiking app, Trailhead, part-way
/// through its Dynamic Type work, with the app's sources beside it. The same every time, and made
/// again from scratch on every run; it never replaces anything it did not write.
public enum Demo {
    /// The folder of the app's sources inside the example's folder.
    public static let sourcesFolder = "Trailhead"

    /// Creates the example in `folder` (an absolute path, shown in messages as `shown`) and returns
    /// its store; `tool` names the dtaudit that records the example's scan.
    public static func create(in folder: String, shownAs shown: String, tool: String) throws -> AuditStore {
        let location = try StoreLocation.own(in: folder)
        // An earlier release kept the example's store beside it, in a git checkout too.
        let beside = StoreLocation(folder: folder + "/" + StoreLocation.folderName)
        if try !isPreviousDemo(location) && !isPreviousDemo(beside) { try checkSourcesAreFree(in: folder, shownAs: shown) }
        try clearPreviousDemo(at: location)
        if beside != location { try clearPreviousDemo(at: beside) }
        try writeSources(in: folder)
        return try DemoAudit.build(at: location, tool: tool)
    }

    /// Whether `location` holds an earlier demo store (which the demo may replace).
    static func isPreviousDemo(_ location: StoreLocation) throws -> Bool {
        guard FileManager.default.fileExists(atPath: location.databasePath) else { return false }
        return try AuditStore.open(location, access: .read).mark("demo") != nil
    }

    /// Refuses to write the example sources over files of the same name that the demo did not write.
    static func checkSourcesAreFree(in folder: String, shownAs shown: String) throws {
        for file in DemoSources.files {
            let full = folder + "/" + file.path
            guard let existing = FileManager.default.contents(atPath: full) else { continue }
            if existing != Data(file.bytes) { throw DemoError.sourceInTheWay("\(shown)/\(file.path)") }
        }
    }

    /// Writes the example app's sources under `folder`, where its screens' file patterns point,
    /// and makes them durable together.
    static func writeSources(in folder: String) throws {
        var written: [String] = []
        for file in DemoSources.files {
            let full = folder + "/" + file.path
            do {
                try Files.makeDirectories(PathNames.folder(of: full))
                try Files.writeAtomically(full, durable: false) { $0.write(bytes: file.bytes) }
            } catch {
                throw DemoError.cannotWriteSource(full)
            }
            written.append(full)
        }
        guard Files.syncAll(written) else { throw DemoError.cannotWriteSource(folder + "/" + sourcesFolder) }
    }

    /// Removes an earlier demo store so the demo can be run again; refuses to touch anything else.
    static func clearPreviousDemo(at location: StoreLocation) throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: location.databasePath) else { return }
        let existing = try AuditStore.open(location, access: .read)
        guard try existing.mark("demo") != nil else {
            throw StoreError.alreadyExists(folder: location.folder)
        }
        do {
            try fileManager.removeItem(atPath: location.folder)
        } catch {
            throw StoreError.cannotCreate(path: location.folder, detail: "the earlier example could not be removed")
        }
    }
}

/// Why the example could not be written: both leave what was there as it was.
public enum DemoError: Error, Sendable, CustomStringConvertible {
    /// A file where an example source goes that the demo did not write.
    case sourceInTheWay(String)
    /// An example source that could not be written.
    case cannotWriteSource(String)

    public var description: String {
        switch self {
        case .sourceInTheWay(let shown):
            "\(shown) already exists and the demo did not write it; nothing was changed. Choose another folder with --path"
        case .cannotWriteSource(let path):
            "cannot write the example source \(path)"
        }
    }
}
