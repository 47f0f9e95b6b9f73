// libFuzzer target: the size list parser must never crash, and whatever it accepts must be a
// sorted, duplicate-free list whose ids parse back to the same sizes.
import DynamicType
import FuzzSupport

func check(_ text: String) {
    if let sizes = try? SizeList.parse(text) {
        precondition(!sizes.isEmpty, "an accepted list is never empty")
        precondition(sizes == Array(Set(sizes)).sorted(), "sizes are sorted and unique")
        let again = try? SizeList.parse(sizes.map(\.id).joined(separator: ","))
        precondition(again == sizes, "ids round-trip")
    }
    if let size = Size(name: text) {
        precondition(Size(name: size.id) == size)
    }
}

runFuzzer { bytes in check(String(decoding: bytes, as: UTF8.self)) }
