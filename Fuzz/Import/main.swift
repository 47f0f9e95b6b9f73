// libFuzzer target: reading an interchange file must never crash, every refusal names a line
// inside the file, and whatever is accepted writes back to a file that reads as the same audit.
import FuzzSupport
import Interchange

func check(_ bytes: [UInt8]) {
    let lineCount = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    do {
        let document = try InterchangeReader.read(bytes)
        let written = InterchangeWriter.text(document)
        guard let again = try? InterchangeReader.read(written) else {
            preconditionFailure("an accepted file wrote back to one that does not read")
        }
        precondition(InterchangeWriter.text(again) == written, "writing is stable")
    } catch {
        precondition(error.line >= 1 && error.line <= lineCount, "line \(error.line) outside a file of \(lineCount) lines")
        precondition(!error.message.isEmpty)
    }
}

runFuzzer { bytes in check(Array(bytes)) }
