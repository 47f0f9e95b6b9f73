// libFuzzer target: evidence handling must never crash on any file name or file start.
// - A size recognised in a name is a real size, and among the readings of a capture script's
//   file name for any screen name, the one naming that screen has the right size.
// - Media detection and its description accept any bytes; a digest fed in two pieces equals the
//   digest fed at once; a shell-quoted name holds no quote that ends the word early.
import DynamicType
import Evidence
import FuzzSupport
import Platform

func check(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)

    if let parts = EvidenceNaming.parse(fileName: text) {
        precondition(Size.allCases.contains(parts.size))
        _ = parts.screenKeys
    }
    _ = EvidenceNaming.folderKeys(text)
    let size = Size.allCases[Int(bytes.first ?? 0) % Size.allCases.count]
    let name = EvidenceNaming.screenshotName(screen: text, size: size)
    let slug = EvidenceNaming.slug(text)
    let key = EvidenceNaming.key(slug.isEmpty ? "screen" : slug)
    let readings = EvidenceNaming.interpretations(fileName: name)
    guard let reading = readings.first(where: { $0.screenKeys.first == key }) else { preconditionFailure("capture name \(name) loses its screen") }
    precondition(reading.size == size, "capture name \(name) reads as \(reading.size)")

    _ = MediaKind.detect(bytes)
    _ = MediaKind.describe(bytes)
    if let count = ByteCount.parse(text) { _ = ByteCount.format(count) }

    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var pieces = SHA256()
    pieces.update(Array(bytes[..<cut]))
    pieces.update(Array(bytes[cut...]))
    precondition(SHA256.hex(pieces.finalize()) == SHA256.hex(of: bytes))

    let quoted = Executable.shellQuoted(text)
    var inner = String.UnicodeScalarView(quoted.unicodeScalars.dropFirst().dropLast())
    let escape = Array("'\\''".unicodeScalars)
    var index = inner.startIndex
    var plain = String.UnicodeScalarView()
    while index < inner.endIndex {
        if inner[index...].starts(with: escape) {
            index = inner.index(index, offsetBy: escape.count)
            plain.append("'")
            continue
        }
        precondition(inner[index] != "'", "an unescaped quote in \(quoted)")
        plain.append(inner[index])
        index = inner.index(after: index)
    }
    precondition(String(plain) == text, "quoting changed the text")
    inner = plain
}

runFuzzer { buffer in check(Array(buffer)) }
