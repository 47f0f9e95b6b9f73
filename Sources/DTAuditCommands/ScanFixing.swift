import ScanRewrites
import Output
import Platform
import Reports
import Scan

/// `scan --fix`: the rewrites planned by the ScanRewrites target, printed as a diff or written, and what was
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
        // Only a file the next run could put back is rewritten: one inside the root, reached without a link.
        let isOutside = { (path: String) in !RewritePlan.isRecoverable(path, root: root) }
        let scanned = Dictionary(report.scannedFiles.map { ($0.file, $0.identity) }) { first, _ in first }
        // A fix that writes stages its file while the check scans it.
        let staging = dryRun ? nil : StagingAhead(root: root) { scanned[$0] ?? nil }
        let plan = Fixer.plan(report, verdict: verdict, rules: rules, changes: changes, stagingAhead: staging, read: { path in
            isLink(path) || isOutside(path) ? nil : contents[path] ?? RegularFile(opening: location(path))?.readAll()
        }, unreadable: { path in
            if isLink(path) { return "a symbolic link: fix the file it names" }
            if path.hasPrefix("/") { return "outside the folder the scan runs from (\(root)): run 'dtaudit scan --fix' from a folder that holds it" }
            if isOutside(path) { return "past a symbolic link to a folder: run 'dtaudit scan --fix' where the file lies" }
            return "the file could not be read again"
        })
        // A report for people goes to standard output with text, else beside the machine-read output
        // (buffered there too: a file may get hundreds of thousands of rewrites).
        let errors = BufferedOutput(descriptor: StandardStream.error.rawValue)
        defer { errors.flush() }
        let notes: (String) -> Void = dryRun || chosenFormat != .text
            ? { errors.write($0); errors.write("\n") }
            : { console.line($0) }
        let rewrites = plan.rewriteList
        var ahead = ListingAhead()
        if dryRun {
            console.out.write(plan.diff)
            console.out.flush()
        } else if plan.changedPaths.isEmpty {
            staging?.discard()
        } else {
            // The listing is begun on another core while the files are written (or, staged while the
            // check ran, read once more and put in place), and shown once they stand.
            let (failure, listed) = atOnce({ () -> FixWriteError? in
                do throws(FixWriteError) {
                    try plan.write(root: root, scanned: { scanned[$0] ?? nil }, staged: staging)
                    return nil
                } catch {
                    return error
                }
            }, { ListingAhead(rewrites, shownPath: Console.safe, safe: Console.safe) })
            ahead = listed
            if let failure { throw FileProblem(description: failure.description, kind: .cannotWrite) }
        }
        let files = Set(rewrites.paths).count
        let verb = dryRun ? "Would rewrite" : "Rewrote"
        let fixes = rewrites.indices.count { rewrites.fixesFinding($0) }
        let refinements = rewrites.count - fixes
        let what = [fixes > 0 ? counted(fixes, "finding") : nil,
                    refinements > 0 ? counted(refinements, "custom font") + " to scale with a text style" : nil]
        notes(rewrites.isEmpty ? "Nothing to rewrite." : "\(verb) \(what.compactMap { $0 }.joined(separator: " and ")) in \(counted(files, "file")):")
        let listing = dryRun || chosenFormat != .text ? errors : console.out
        ahead.forEachPart { listing.write($0) }
        listRewrites(rewrites, from: ahead.listed, to: listing)
        if !plan.suggestions.isEmpty {
            notes("Left for you (\(plan.suggestions.count)):")
            for suggestion in plan.suggestions {
                notes("  \(console.safe(suggestion.file)):\(suggestion.line) \(suggestion.rule.rawValue): \(console.safe(suggestion.text))")
            }
        }
        if !dryRun && !rewrites.isEmpty && chosenFormat == .text { notes("") }
        if dryRun { return nil }
        return ScanSession.Rewritten(rescans: plan.rescans, complete: plan.changedPaths.allSatisfy { plan.rescans[$0] != nil })
    }

    /// A line for each rewrite from `first` on, "  FILE:LINE RULE: SUMMARY", written a chunk of lines
    /// at a time (a file may get hundreds of thousands); what is not printable ASCII is made safe for
    /// a terminal.
    func listRewrites(_ rewrites: RewriteList, from first: Int, to listing: BufferedOutput) {
        rewrites.writeListing(first..<rewrites.count, shownPath: Console.safe, safe: Console.safe) { listing.write($0) }
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
