// Reads and judges hierarchy files the way the import will, for the tests that bound memory
// (run under prlimit) and for measuring speed on generated runs:
//   hierarchy-probe read FILE...   one line per file: its element count, or why it was refused
//   hierarchy-probe judge FOLDER   judges every <screen>_<size>.xml in FOLDER, screen by screen
//   hierarchy-probe png FILE...    one line per file: its size in pixels, or why it was refused
import DynamicType
import Foundation
import Hierarchies
import Imaging
import Judges

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else {
    FileHandle.standardError.write(Data("usage: hierarchy-probe read FILE... | png FILE... | judge FOLDER\n".utf8))
    exit(64)
}
let reader = HierarchyReader()

switch mode {
case "read":
    var failed = false
    for path in arguments.dropFirst() {
        do {
            let hierarchy = try reader.read(path: path)
            print("\(path): \(hierarchy.elements.count) elements")
        } catch {
            print("\(path): \(error)")
            failed = true
        }
    }
    exit(failed ? 65 : 0)
case "png":
    var failed = false
    for path in arguments.dropFirst() {
        do {
            let image = try PNGDecoder().decode(path: path)
            print("\(path): \(image.width) x \(image.height)")
        } catch {
            print("\(path): \(error)")
            failed = true
        }
    }
    exit(failed ? 65 : 0)
case "judge":
    let folder = arguments.count > 1 ? arguments[1] : "."
    let started = ContinuousClock.now
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var screens: [String: [Size: String]] = [:]
    for name in names where name.hasSuffix(".xml") {
        let stem = name.dropLast(4)
        guard let underscore = stem.lastIndex(of: "_"), let size = Size(name: stem[stem.index(after: underscore)...]) else { continue }
        screens[String(stem[..<underscore]), default: [:]][size] = folder + "/" + name
    }
    let judging = Judging(checklist: try ShippedChecklists.defaultChecklist())
    var counts: [Verdict.Outcome: Int] = [:]
    var failures: [(screen: String, verdict: Verdict)] = []
    var files = 0, elements = 0, refused = 0
    for (screen, paths) in screens.sorted(by: { $0.key < $1.key }) {
        var hierarchies: [Size: Hierarchy] = [:]
        for (size, path) in paths {
            files += 1
            do {
                let hierarchy = try reader.read(path: path)
                elements += hierarchy.elements.count
                hierarchies[size] = hierarchy
            } catch {
                refused += 1
            }
        }
        for verdict in judging.judge(ScreenRun(screen: screen, hierarchies: hierarchies)) {
            counts[verdict.outcome, default: 0] += 1
            if verdict.outcome == .fail { failures.append((screen, verdict)) }
        }
    }
    let problems = SharedProblem.group(failures)
    let elapsed = ContinuousClock.now - started
    print("\(screens.count) screens, \(files) files, \(elements) elements, \(refused) refused; "
        + "\(counts[.pass, default: 0]) pass, \(counts[.fail, default: 0]) fail, \(counts[.noData, default: 0]) no data; "
        + "\(failures.reduce(0) { $0 + $1.verdict.findings.count }) findings in \(problems.count) problems; \(elapsed)")
default:
    FileHandle.standardError.write(Data("usage: hierarchy-probe read FILE... | png FILE... | judge FOLDER\n".utf8))
    exit(64)
}
