// libFuzzer target: a hierarchy file of any bytes is read or refused with one line, never a crash;
// what is read is judged at two sizes (itself at Large and at AX5) and every reason is one line.
import DynamicType
import FuzzSupport
import Hierarchies
import Judges

let judging = Judging(checklist: try! ShippedChecklists.defaultChecklist())

func check(_ bytes: [UInt8]) {
    do {
        let hierarchy = try HierarchyReader().read(bytes)
        precondition(!hierarchy.elements.isEmpty)
        let run = ScreenRun(screen: "Fuzz", hierarchies: [.xs: hierarchy, .l: hierarchy, .ax3: hierarchy, .ax5: hierarchy],
                            largeBeforeFix: hierarchy)
        let verdicts = judging.judge(run)
        for verdict in verdicts {
            precondition(!verdict.reason.contains("\n"), "a reason of more than one line")
            precondition(verdict.outcome != .fail || !verdict.findings.isEmpty, "a failure without a finding")
        }
        _ = SharedProblem.group(verdicts.map { ("Fuzz", $0) })
    } catch {
        precondition(!error.description.contains("\n"), "a refusal of more than one line")
    }
}

runFuzzer { buffer in check(Array(buffer)) }
