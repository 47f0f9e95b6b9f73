import AuditLog
import AuditStore
import DynamicType
import Evidence
import Hierarchies
import Judges
import Output

/// A run's files taken in another locale than the app's base one (`Checkout_ax3_de.xml`). They
/// decide `long-translations` alone, at its sizes, from what `no-truncation`, `no-overlap` and
/// `reachable` find in that locale; the usual checks are the base locale's.
struct LocaleFiles {
    static let item = "long-translations"
    /// The judges whose findings in a locale are a long translation's.
    static let geometry: [any Judge] = [NoOverlap(), Reachable()]

    /// PNG screenshots by `key(locale, screen, size)`.
    var shots: [String: String] = [:]
    /// Hierarchy files, their names without the locale.
    var hierarchies: [(locale: String, file: RunScreenshot)] = []
    /// Apple's audits run in a locale: they decide nothing (their issues name no locale's item).
    var audits = 0

    static func key(_ locale: String, _ screen: Screen, _ size: Size) -> String {
        locale + "\u{1F}" + screen.id + "\u{1F}" + size.id
    }

    /// The names without their locale, and the locale of the first that carries one; nil when none does.
    static func split(_ names: [String]) -> (names: [String], locale: String)? {
        var locale: String?
        let stripped = names.map { name -> String in
            guard let found = RunLocale.split(name) else { return name }
            if locale == nil { locale = found.locale }
            return found.name
        }
        return locale.map { (stripped, $0) }
    }
}

extension RunImport {
    /// Judges the run's hierarchies in other locales, screen by screen as `judge` does, and adds a
    /// `long-translations` verdict for each locale, screen and size: a failure of any of its
    /// judges fails it, naming which failures exist only in the locale (the same judge passed in
    /// the base locale in this run); all of them passing passes it; otherwise it has no data.
    static func judgeLocales(_ files: LocaleFiles, of result: RunReader.Result, finder: ScreenFinder, checklist: Checklist,
                             labels: LabelReading?, into plan: inout RunPlan, decided: inout DecidedCells, identity: inout SHA256) throws {
        if files.audits > 0 {
            plan.notes.append("\(counted(files.audits, "audit")) of Apple's run in other locales decided nothing: long-translations is judged from the hierarchies")
        }
        guard !files.hierarchies.isEmpty else { return }
        guard let sizes = checklist.item(LocaleFiles.item)?.sizes else {
            plan.notes.append("the run's hierarchies in other locales were not judged: the checklist has no item '\(LocaleFiles.item)'")
            return
        }
        struct Group { var locale: String; var screen: Screen; var files: [Size: (file: String, path: String)] = [:] }
        var groups: [String: Group] = [:]
        var order: [String] = []
        for (locale, file) in files.hierarchies {
            guard let folder = result.folder, let path = RunReader.inside(folder, file.path) else {
                plan.misses.append((file.path, "outside the run's folder"))
                continue
            }
            switch finder.find(names: file.names, suites: file.suites) {
            case .failure(let miss):
                plan.misses.append((file.path, miss.reason))
            case .success(let (screen, size)):
                let key = locale + "\u{1F}" + screen.id
                if groups[key] == nil { groups[key] = Group(locale: locale, screen: screen); order.append(key) }
                if let first = groups[key]!.files[size] {
                    plan.misses.append((file.path, "a second hierarchy of '\(screen.name)' at \(size.id) in \(locale); \(first.file) is the one judged"))
                    continue
                }
                groups[key]!.files[size] = (file.path, path)
            }
        }
        let judging = Judging(plan: LocaleFiles.geometry.map { ($0, sizes) })
        let reader = HierarchyReader()
        let background = RunIdentity(continuing: identity)
        defer { identity = background.finish() }
        var refused: [String] = []
        var readBacks: [String: RunReadBack] = [:]
        var parts: [String: [Verdict]] = [:]
        var crops: [String: [RunPlan.CropJob]] = [:]
        var cells: [(locale: String, screen: Screen, size: Size, files: [Size: String])] = []
        for key in order {
            let group = groups[key]!
            var hierarchies: [Size: Hierarchy] = [:]
            for (size, (file, path)) in group.files {
                do {
                    let bytes = try reader.bytes(path: path)
                    background.update(bytes)
                    hierarchies[size] = try reader.read(bytes)
                } catch {
                    refused.append("\(TextLayout.singleLine(file)) \(error)")
                }
            }
            guard refused.isEmpty else { continue }
            let run = ScreenRun(screen: group.screen.name, hierarchies: hierarchies, largeBeforeFix: nil)
            plan.screensJudged += 1
            plan.hierarchiesJudged += hierarchies.count
            let shot = { (size: Size) in files.shots[LocaleFiles.key(group.locale, group.screen, size)] }
            for size in sizes where hierarchies[size] != nil {
                cells.append((group.locale, group.screen, size, group.files.mapValues(\.file)))
            }
            for verdict in judging.judge(run) {
                let cell = LocaleFiles.key(group.locale, group.screen, verdict.size)
                parts[cell, default: []].append(verdict)
                if var crop = CropPlan(verdict, of: run) {
                    crop.verdict.item = LocaleFiles.item
                    crops[cell, default: []].append(RunPlan.CropJob(plan: crop, screen: group.screen, shot: shot(verdict.size), largeShot: shot(.l), beforeFixShot: nil))
                }
            }
            if readBacks[group.locale] == nil {
                readBacks[group.locale] = RunReadBack(checklist: checklist, reading: labels, notes: &plan.notes, sizes: sizes, locale: group.locale)
            }
            readBacks[group.locale]?.add(group.screen, run: run, files: group.files.mapValues(\.file), shots: shot)
        }
        if let first = refused.first {
            let more = refused.count > 1 ? " (and \(refused.count - 1) more \(plural("hierarchy", refused.count - 1)) refused)" : ""
            throw RunReadError(.badData, "\(first)\(more); nothing was changed")
        }
        for (locale, readBack) in readBacks.sorted(by: { $0.key < $1.key }) {
            for reading in readBack.verdicts(notes: &plan.notes) ?? [] {
                let cell = LocaleFiles.key(locale, reading.screen, reading.verdict.size)
                parts[cell, default: []].insert(reading.verdict, at: 0)
                if var crop = reading.crop {
                    crop.verdict.item = LocaleFiles.item
                    crops[cell, default: []].append(RunPlan.CropJob(plan: crop, screen: reading.screen, shot: reading.shot, largeShot: reading.largeShot, beforeFixShot: nil))
                }
            }
        }
        var base: [String: Verdict.Outcome] = [:]
        for judgment in plan.judgments where judgment.locale == nil {
            base[judgment.screen.id + "\u{1F}" + judgment.verdict.item + "\u{1F}" + judgment.verdict.size.id] = judgment.verdict.outcome
        }
        for (locale, screen, size, names) in cells {
            let key = LocaleFiles.key(locale, screen, size)
            let verdict = LocaleVerdict.combine(parts[key] ?? [], locale: locale, size: size) { item in
                base[screen.id + "\u{1F}" + item + "\u{1F}" + size.id]
            }
            var told = verdict
            told.findings = []
            let file = names[size] ?? ""
            plan.judgments.append(RunPlan.Judgment(screen: screen, verdict: told, file: file, locale: locale))
            guard verdict.outcome != .noData else { continue }
            decided.add(RunPlan.Cell(screen: screen, item: verdict.item, size: size, status: verdict.outcome == .pass ? .pass : .fail,
                                     note: VerdictNote.write(verdict), sources: [file]))
            if verdict.outcome == .fail { plan.crops += crops[key] ?? [] }
        }
    }
}

/// One `long-translations` verdict from its judges' verdicts in a locale.
enum LocaleVerdict {
    /// The judges a pass needs, in the order a reason names them.
    static let needed = [NoTruncation().item] + LocaleFiles.geometry.map(\.item)

    /// `base` gives the same judge's outcome in the base locale at the size, where this run has one.
    static func combine(_ parts: [Verdict], locale: String, size: Size, base: (String) -> Verdict.Outcome?) -> Verdict {
        let item = LocaleFiles.item
        let failed = parts.filter { $0.outcome == .fail }
        if !failed.isEmpty {
            let reasons = failed.map { part -> String in
                let whose = base(part.item) == .pass ? "\(part.item), only in \(locale) (it passes in the base locale)"
                    : base(part.item) == .fail ? "\(part.item), as in the base locale" : part.item
                return whose + ": " + part.reason
            }
            return Verdict(item: item, size: size, outcome: .fail, reason: "in \(locale): " + reasons.joined(separator: "; "),
                           findings: failed.flatMap(\.findings), findingCount: failed.reduce(0) { $0 + $1.findingCount })
        }
        let passed = Set(parts.filter { $0.outcome == .pass }.map(\.item))
        let missing = needed.filter { !passed.contains($0) }
        if missing.isEmpty {
            return Verdict(item: item, size: size, outcome: .pass, reason: "in \(locale): " + needed.joined(separator: ", ") + " pass")
        }
        let why = missing.map { name in
            name + ": " + (parts.first { $0.item == name }?.reason ?? "not judged")
        }
        return Verdict(item: item, size: size, outcome: .noData, reason: "in \(locale): " + why.joined(separator: "; "))
    }
}
