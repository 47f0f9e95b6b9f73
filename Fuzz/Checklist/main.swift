// libFuzzer target: the checklist parser must never crash, report every problem with a line
// inside the file, and accept only checklists whose items are complete.
import DynamicType
import FuzzSupport

func check(_ text: String) {
    // Lines end with LF or CR LF: either way, one line feed each.
    let lineCount = text.unicodeScalars.filter { $0 == "\n" }.count + 1
    do {
        let checklist = try ChecklistFile.parse(text, name: "fuzz")
        precondition(!checklist.items.isEmpty)
        for item in checklist.items {
            precondition(!item.sizes.isEmpty && !item.howToCheck.isEmpty && ChecklistFile.isValidItemID(item.id))
        }
        precondition(Set(checklist.items.map(\.id)).count == checklist.items.count, "ids are unique")
    } catch {
        precondition(!error.problems.isEmpty)
        for problem in error.problems { precondition(problem.line >= 1 && problem.line <= max(1, lineCount)) }
    }
}

runFuzzer { bytes in check(String(decoding: bytes, as: UTF8.self)) }
