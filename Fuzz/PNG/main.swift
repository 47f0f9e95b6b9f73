// libFuzzer target: any bytes are decoded as a PNG or refused with one line, never a crash; a
// decoded image re-encodes to a file that decodes to the same pixels.
import FuzzSupport
import Imaging

// Small limits keep each run fast; the checks before inflating are the same at any size.
let decoder: PNGDecoder = {
    var decoder = PNGDecoder()
    decoder.maximumPixels = 1 << 16
    return decoder
}()

func check(_ bytes: [UInt8]) {
    do {
        let image = try decoder.decode(bytes)
        let again = try decoder.decode(PNGEncoder.encode(image, level: 1))
        precondition(again == image, "a round trip changed the pixels")
    } catch {
        precondition(!error.description.contains("\n"), "a refusal of more than one line")
    }
}

runFuzzer { buffer in check(Array(buffer)) }
