import AuditStore
import DynamicType
import Imaging
import Judges
import Platform
import TextReading

/// How an import reads labels back from its screenshots, for `no-truncation`: with the tesseract
/// found on the PATH, or (the demo, whose sketched screens hold no text) not at all.
public struct LabelReading: Sendable {
    public var tesseract: Tesseract?
    /// Called with the labels read so far and the labels to read.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(tesseract: Tesseract?, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.tesseract = tesseract
        self.progress = progress
    }

    /// tesseract as a shell would find it.
    public static func onPath(progress: (@Sendable (Int, Int) -> Void)? = nil) -> LabelReading {
        LabelReading(tesseract: Tesseract.find(), progress: progress)
    }
}

/// One import's reading of labels: each screen's labels measured while its hierarchies are at
/// hand (their pictures handed to one reader), read together once every screen is, and judged.
/// A reading that fails drops every `no-truncation` verdict of the run, never some of them.
final class RunReadBack {
    let judge = NoTruncation()
    let sizes: [Size]
    let reader: TextReader
    let tesseract: Tesseract
    private var screens: [(screen: Screen, pixels: NoTruncation.ScreenPixels, files: [Size: String], shots: [Size: String])] = []
    private var failure: ReadingError?
    /// Labels seen so far, for the languages to read them in (the first few thousand tell).
    private var labels: [String] = []

    /// The locale the run's labels are in (nil: the base locale, told by the labels' letters).
    let locale: String?

    /// Nil when the run's labels are not read: the checklist has no such item, the import does not
    /// read labels, or there is no tesseract (which `notes` then says once). `sizes` are those to
    /// judge, the checklist's for the item unless given.
    init?(checklist: Checklist, reading: LabelReading?, notes: inout [String], sizes: [Size]? = nil, locale: String? = nil) {
        guard let sizes = sizes ?? checklist.item(NoTruncation().item)?.sizes, let reading else { return nil }
        guard let tesseract = reading.tesseract else {
            if !notes.contains(Tesseract.missing) { notes.append(Tesseract.missing) }
            return nil
        }
        do {
            reader = try TextReader(tesseract)
        } catch {
            notes.append("no-truncation is left to people: \(error)")
            return nil
        }
        reader.progress = reading.progress
        self.tesseract = tesseract
        self.sizes = sizes
        self.locale = locale
    }

    /// Measures a screen's labels; `shots` gives the path of the run's screenshot at each size.
    func add(_ screen: Screen, run: ScreenRun, files: [Size: String], shots: (Size) -> String?) {
        guard failure == nil else { return }
        let decoder = PNGDecoder()
        do throws(ReadingError) {
            for size in sizes + [.l] where labels.count < 2_000 {
                labels += (run.hierarchies[size]?.elements ?? []).lazy.filter(\.type.isText).map(\.label).prefix(2_000 - labels.count)
            }
            reader.languages = tesseract.usable(Tesseract.languages(for: labels, locale: locale)).languages
            guard !reader.languages.isEmpty else {
                throw ReadingError("tesseract has no language data installed (\(Tesseract.advice(installing: ["eng"])))")
            }
            let pixels = try judge.pixels(of: run, at: sizes, screenshot: { size in
                shots(size).map { path in Result { () throws(ImageError) in try decoder.decode(path: path) } }
            }, read: { picture throws(ReadingError) in try reader.add(picture) })
            var paths: [Size: String] = [:]
            for size in pixels.sizes + [.l] { paths[size] = shots(size) }
            screens.append((screen, pixels, files, paths))
        } catch {
            failure = error
        }
    }

    /// One verdict read back, with what its crop needs.
    struct Reading {
        var screen: Screen
        var verdict: Verdict
        var crop: CropPlan?
        var file: String
        var shot: String?, largeShot: String?
    }

    /// Reads every label measured and judges them; nil when reading failed (`notes` says why).
    func verdicts(notes: inout [String]) -> [Reading]? {
        let texts: [String]
        do throws(ReadingError) {
            if let failure { throw failure }
            texts = try reader.finish()
        } catch {
            notes.append("no-truncation is left to people\(locale.map { " in " + $0 } ?? ""): reading the labels failed, so none of its checks was judged (\(error))")
            return nil
        }
        let wanted = Tesseract.languages(for: labels, locale: locale)
        let missing = tesseract.usable(wanted).missing
        if !missing.isEmpty {
            notes.append("no-truncation read the labels without tesseract's \(missing.joined(separator: ", ")) data, so labels in "
                         + "that language are left to people: \(Tesseract.advice(installing: missing))")
        }
        var result: [Reading] = []
        for (screen, pixels, files, shots) in screens {
            for verdict in judge.verdicts(pixels, texts: texts) {
                result.append(Reading(screen: screen, verdict: verdict, crop: judge.cropPlan(for: verdict, of: pixels), file: files[verdict.size] ?? "",
                                      shot: shots[verdict.size], largeShot: shots[.l]))
            }
        }
        return result
    }

    /// Reads every label measured, and adds the verdicts, the cells they decide and the crops
    /// their failures need to `plan`.
    func finish(into plan: inout RunPlan, decided: inout DecidedCells) {
        guard let readings = verdicts(notes: &plan.notes) else { return }
        for reading in readings {
            let verdict = reading.verdict
            var told = verdict
            told.findings = []
            plan.judgments.append(RunPlan.Judgment(screen: reading.screen, verdict: told, file: reading.file))
            guard verdict.outcome != .noData else { continue }
            decided.add(RunPlan.Cell(screen: reading.screen, item: verdict.item, size: verdict.size, status: verdict.outcome == .pass ? .pass : .fail,
                                     note: VerdictNote.write(verdict), sources: [reading.file], findings: RecordedFinding.of(verdict)))
            if let crop = reading.crop {
                plan.crops.append(RunPlan.CropJob(plan: crop, screen: reading.screen, shot: reading.shot, largeShot: reading.largeShot, beforeFixShot: nil))
            }
        }
    }
}
