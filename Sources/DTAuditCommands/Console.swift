import ArgumentParsing
import AuditStore
import DynamicType
import Interchange
import Output
import Platform
import Scan
import TerminalStyle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every command shares: where output goes and how it is styled, the store, who is acting.
struct Console {
    let out = BufferedOutput.standardOutput
    let style: Style
    let global: GlobalOptions

    /// How wide tables may be: COLUMNS when set, else the terminal's width; nil when the output
    /// goes to a pipe or a file, where scripts want whole rows.
    let width: Int?

    /// What the command learned while it ran: the store it opened and who it signs as.
    final class Session {
        /// Weak: the store's own closure holds the console, and a store must close when the command ends.
        weak var store: AuditStore?
        var signer: Author.Signer?
    }
    let session = Session()

    init(_ global: GlobalOptions) {
        self.global = global
        style = Style.automatic(for: .output, choice: global.colorChoice)
        width = (System.terminalColumns() ?? Terminal.columns()).map { max($0, 20) }
    }

    /// Prints a table cut to the terminal's width.
    func table(_ table: TextTable, indent: Int = 0, header: Bool = true) {
        for line in table.render(indent: indent, width: width, headerStyle: { header ? style.dim($0) : $0 }) { self.line(line) }
    }

    func line(_ text: String = "") {
        out.write(text)
        out.write("\n")
    }

    /// Prints `text` broken between words to fit the terminal, so that the terminal never breaks a
    /// word: each of its lines as it starts, what follows indented by `hanging` spaces. Whole where
    /// the width is unknown (piped without COLUMNS), as scripts want it.
    func paragraph(_ text: String, hanging: Int = 0) {
        guard let width else { return line(text) }
        for given in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for part in TextLayout.wrap(String(given), width: width, hanging: hanging) { line(part) }
        }
    }

    func json(_ value: JSON) {
        out.write(value.serialized(pretty: true))
        out.write("\n")
    }

    /// A user-provided name or note made safe for one terminal line.
    func safe(_ text: String) -> String {
        Console.safe(text)
    }

    /// The same, on any thread.
    static func safe(_ text: String) -> String {
        TextLayout.singleLine(text)
    }

    var workingDirectory: String { Console.currentDirectory }

    /// The working folder; one that dtaudit cannot name (deeper than the system's path limit, not
    /// UTF-8) ends the command with one line, rather than standing for another folder.
    static var currentDirectory: String {
        do {
            return try WorkingDirectory.path()
        } catch {
            BufferedOutput.standardOutput.flush()
            BufferedOutput.standardError.write("error: \(error)\n")
            System.exit(ExitStatus.noInput.rawValue)
        }
    }

    /// Where this command looks for its store (`StoreQuery`): `--store`, `DTAUDIT_STORE`, the working folder.
    /// A store it moves where it belongs on the way is named on standard error.
    var storeQuery: StoreQuery {
        var query = StoreQuery(explicit: global.store?.path, workingDirectory: workingDirectory)
        query.tell = { BufferedOutput.standardError.write("note: \(TextLayout.singleLine($0))\n") }
        return query
    }

    /// Opens the store for this command. Unless `quiet`, prints on standard error the notice the
    /// store gives when its shared file changed since it last synced (a `git pull` brought records).
    func openStore(_ access: AuditStore.Access = .write, quiet: Bool = false) throws -> AuditStore {
        show(try storeQuery.open(access, noticing: !quiet))
    }

    /// The store, or nil when there is none yet (for commands that can start one).
    func openStoreIfPresent(quiet: Bool = true) throws -> AuditStore? {
        try storeQuery.openIfPresent(noticing: !quiet).map(show)
    }

    private func show(_ opened: OpenedStore) -> AuditStore {
        if let notice = opened.notice { BufferedOutput.standardError.write("note: \(notice)\n") }
        return watch(opened.store)
    }

    /// Makes `store` the one this command signs in: before the first records it adds in that store,
    /// it says (`noteSigner`) whose name they will carry.
    @discardableResult
    func watch(_ store: AuditStore) -> AuditStore {
        session.store = store
        store.beforeAppending = { [weak store] in
            if let store { noteSigner(store) }
        }
        return store
    }

    /// Who is recording (`Author.identify`): `--by`, else `DTAUDIT_USER`, the name the store records
    /// as (the demo's), git's `user.name`, the login name.
    func author(_ given: String?) throws -> String {
        let signer = try Author.identify(given, storeAuthor: try session.store?.ownAuthor())
        session.signer = signer
        return signer.name
    }

    /// Says on standard error whose name records made here carry, where that name came from and how
    /// to change it: once in each store, so once in each clone, when the clone's store is set up or
    /// before the first record is written. Inside a transaction the word is kept with its records, so
    /// that one taken back is said again. A name typed with `--by` needs no word, and leaves the
    /// word for the next command.
    func noteSigner(_ store: AuditStore) {
        guard let signer = session.signer ?? (try? Author.identify(nil, storeAuthor: try? store.ownAuthor())),
              signer.source != .option, (try? store.claimSignerNotice()) == true else { return }
        out.flush()
        BufferedOutput.standardError.write(style.dim("note: " + signer.notice) + "\n")
    }

    /// `--file` patterns as the shared file keeps them, relative to the audit's folder `root`: one
    /// typed as an absolute path inside it loses that folder's path, which names this machine's
    /// folders to every teammate; one outside it names no file of the audit and is refused.
    func filePatterns(_ patterns: [String], root: String) throws -> [String] {
        try patterns.map { pattern in
            guard pattern.hasPrefix("/") else { return pattern }
            let path = Files.standardized(pattern), top = Files.standardized(root)
            guard path.hasPrefix(top + "/") else {
                throw ValidationError("--file '\(safe(pattern))' lies outside the audit's folder \(safe(top)); give a glob relative to it "
                                      + "(such as App/Checkout/*.swift): the shared file goes to every teammate's machine")
            }
            return String(path.dropFirst(top.count + 1))
        }
    }

    /// Warns on standard error about `--file` patterns that match no source file in the repository.
    func warnUnmatched(_ patterns: [String], root: String, screen: String) {
        for pattern in FilePatterns.unmatched(patterns, root: root) {
            warn("--file '\(safe(pattern))' matches no source file under \(safe(root)) yet "
                 + "(dtaudit screen edit \(safe(Executable.shellWord(screen))) --remove-file \(safe(Executable.shellWord(pattern))) takes it back)")
        }
    }

    func warn(_ text: String) {
        out.flush()
        BufferedOutput.standardError.write("warning: " + text + "\n")
    }

    // MARK: Shared renderings

    func categoryLabel(_ category: Category) -> String {
        switch category {
        case .unsupported: style.red(category.rawValue)
        case .broken: style.yellow(category.rawValue)
        case .supported: style.green(category.rawValue)
        case .unaudited: style.dim(category.rawValue)
        }
    }

    func groupLabel(_ group: Standing.Group) -> String {
        switch group {
        case .unsupported: style.red(group.label)
        case .broken: style.yellow(group.label)
        case .recheckPending: style.cyan(group.label)
        case .supported: style.green(group.label)
        case .unaudited: style.dim(group.label)
        }
    }

    /// Who recorded a result: `by Ana Lima`, or for an automated run `by run nightly-ui, imported
    /// by Ana Lima`, so that a run's results never read as a person's.
    func recorder(by: String, run: String?, withBy: Bool = true) -> String {
        let person = safe(by)
        guard let run else { return withBy ? "by " + person : person }
        return (withBy ? "by " : "") + "run " + safe(run) + ", imported by " + person
    }

    /// Where a screen stands, in its row's colour in `status`; a guess is dimmed.
    func standingLabel(_ standing: Standing) -> String {
        switch standing.stage {
        case .triaged, .untested: style.dim(standing.label)
        case .inProgress: standing.label
        case .recheckPending: style.cyan(standing.label)
        case .awaitingRetest: style.yellow(standing.label)
        case .failing, .done: categoryLabel(standing.category)
        }
    }

    func statusLabel(_ status: ResultStatus) -> String {
        switch status {
        case .pass: style.green("pass")
        case .fail: style.red("fail")
        case .na: style.dim("n/a")
        case .untested: style.dim("untested")
        }
    }

    /// `ax5: no-truncation, reachable · l: text-scales`, sizes in audit order.
    func cellList(_ cells: [(item: String, size: Size)]) -> String {
        // By raw value: a dictionary keyed by sizes would cost a search of the program's
        // conformances the first time, more than the whole list.
        var bySize = [[String]](repeating: [], count: Size.allCases.count)
        for cell in cells { bySize[cell.size.rawValue].append(cell.item) }
        // Appended by hand: `joined(separator:)` is not specialized, and its first call looks up
        // the array's conformances at run time, which costs more than the rest of `record`'s output.
        var list = ""
        for size in Size.auditOrder where !bySize[size.rawValue].isEmpty {
            if !list.isEmpty { list += " · " }
            list += size.id + ": "
            for (index, item) in bySize[size.rawValue].enumerated() {
                if index > 0 { list += ", " }
                list += item
            }
        }
        return list
    }
}

extension String {
    /// The first line, without surrounding white space.
    var trimmedLine: String {
        String((split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces)
    }
}

extension InputError: ExitStatusProviding {
    public var exitStatus: Int32 { 64 }
}
