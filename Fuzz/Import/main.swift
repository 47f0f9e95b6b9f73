// libFuzzer target: reading an audit file (either format) must never crash, every refusal names
// a line inside the file, whatever is accepted folds without a crash (or is refused as an import
// refuses a record naming what the file lacks), and its records write back
// to a file that reads as the same records, byte for byte on the second writing.
import AuditLog
import AuditStore
import FuzzSupport
import Interchange

func check(_ bytes: [UInt8]) {
    let lineCount = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    do {
        let file = try AuditFile.read(bytes)
        let records = file.records.map(\.record)
        do {
            _ = try AuditDocument(records: records)
        } catch is DanglingReference {
            // Refused as an import refuses it: a record naming what the file lacks.
        } catch is AuditBounds {
        } catch let other {
            preconditionFailure("an accepted file does not fold: \(other)")
        }
        let written = AuditFileWriter.text(records)
        let again: AuditFile
        do {
            again = try AuditFile.read(Array(written.utf8))
        } catch {
            preconditionFailure("an accepted file wrote back to one that does not read: line \(error.line): \(error.message)")
        }
        precondition(AuditFileWriter.text(again.records.map(\.record)) == written, "writing is stable")
    } catch {
        precondition(error.line >= 1 && error.line <= lineCount, "line \(error.line) outside a file of \(lineCount) lines")
        precondition(!error.message.isEmpty)
    }
}

runFuzzer { bytes in check(Array(bytes)) }
