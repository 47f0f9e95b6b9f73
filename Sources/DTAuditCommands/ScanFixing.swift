import Fix
import Output
import Platform
import Reports
import Scan

/// `scan --fix`: the rewrites planned by the Fix target, printed as a diff or written, and what was
/// left for a person.
extension ScanCommand {
    /// Rewrites the new findings of `report`, or with `--dry-run` prints the diff; `contents` holds the
    /// bytes the scan read of the files to rewrite. Returns the files rewritten, each as its check
    /// scanned it (what is left is then reported), or nil for a dry run.
    func rewrite(_ report: ScanReport, contents: [String: [UInt8]], verdict: ScanVerdict, rules: Set<ScanRule>, changes: ChangedLines?,
                 root: String, console: Console) throws -> ScanSession.Rewritten? {
        let location = { (path: String) in path.hasPrefix("/") ? path : (root == "/" ? "/" : root + "/") + path }
        // A file is rewritten from the bytes the scan read; a symbolic link is left to the file it names.
        let isLink = { (path: String) in Files.status(location(path), followLinks: false)?.kind == .symbolicLink }
        let plan = Fixer.plan(report, verdict: verdict, rules: rules, changes: changes, read: { path in
            isLink(path) ? nil : contents[path] ?? RegularFile(opening: location(path))?.readAll()
        }, unreadable: { path in
            isLink(path) ? "a symbolic link: fix the file it names" : "the file could not be read again"
        })
        // A report for people goes to standard output with text, else beside the machine-read output
        // (buffered there too: a file may get hundreds of thousands of rewrites).
        let errors = BufferedOutput(descriptor: StandardStream.error.rawValue)
        defer { errors.flush() }
        let notes: (String) -> Void = dryRun || chosenFormat != .text
            ? { errors.write($0); errors.write("\n") }
            : { console.line($0) }
        if dryRun {
            console.out.write(plan.diff)
            console.out.flush()
        } else if !plan.files.isEmpty {
            let scanned = Dictionary(report.scannedFiles.map { ($0.file, $0.identity) }) { first, _ in first }
            do {
                try plan.write(root: root) { scanned[$0] ?? nil }
            } catch {
                throw FileProblem(description: error.description, kind: .cannotWrite)
            }
        }
        let files = Set(plan.rewrites.map(\.file)).count
        let verb = dryRun ? "Would rewrite" : "Rewrote"
        let fixes = plan.rewrites.count { $0.fixesFinding }
        let refinements = plan.rewrites.count - fixes
        let what = [fixes > 0 ? "\(fixes) finding\(fixes == 1 ? "" : "s")" : nil,
                    refinements > 0 ? "\(refinements) custom font\(refinements == 1 ? "" : "s") to scale with a text style" : nil]
        notes(plan.rewrites.isEmpty ? "Nothing to rewrite." : "\(verb) \(what.compactMap { $0 }.joined(separator: " and ")) in \(files) file\(files == 1 ? "" : "s"):")
        // A line each, made in one buffer: a file may get hundreds of thousands.
        let listing = dryRun || chosenFormat != .text ? errors : console.out
        var shownFile = (file: "", shown: "")
        var line: [UInt8] = []
        for rewrite in plan.rewrites {
            if rewrite.file != shownFile.file { shownFile = (rewrite.file, console.safe(rewrite.file)) }
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: "  ".utf8)
            line.append(contentsOf: shownFile.shown.utf8)
            line.append(contentsOf: ":\(rewrite.line) \(rewrite.rule.rawValue): ".utf8)
            line.append(contentsOf: console.safe(rewrite.summary).utf8)
            line.append(0x0A)
            listing.write(bytes: line)
        }
        if !plan.suggestions.isEmpty {
            notes("Left for you (\(plan.suggestions.count)):")
            for suggestion in plan.suggestions {
                notes("  \(console.safe(suggestion.file)):\(suggestion.line) \(suggestion.rule.rawValue): \(console.safe(suggestion.text))")
            }
        }
        if !dryRun && !plan.rewrites.isEmpty && chosenFormat == .text { notes("") }
        if dryRun { return nil }
        return ScanSession.Rewritten(rescans: plan.rescans, complete: plan.files.allSatisfy { plan.rescans[$0.path] != nil })
    }

    /// The bytes the scan read of the files a fix reads, taken out of its memory so that the rest of
    /// it can go before the rewrites are planned.
    func scannedContents(_ report: ScanReport, verdict: ScanVerdict, rules: Set<ScanRule>) -> [String: [UInt8]] {
        Dictionary(Fixer.filesToRead(report, verdict: verdict, rules: rules).compactMap { file in
            report.sources?.bytes(of: file).map { (file, $0) }
        }) { first, _ in first }
    }

    /// What killed `--fix` runs left at `root`: settled by a fix that writes, named by any other scan.
    func settleInterruptedFixes(root: String, console: Console) {
        let lines = fix && !dryRun ? FixRecovery.recover(root: root) : FixRecovery.pending(root: root)
        for line in lines { BufferedOutput.standardError.write("warning: " + console.safe(line) + "\n") }
    }
}
