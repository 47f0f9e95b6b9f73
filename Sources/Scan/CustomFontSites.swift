import Platform

/// Where a Swift file names a member `custom` right after a period (`.custom(`, `Font.custom(`), as
/// the byte offsets of the name, read from the scan's tokens: code only, never a comment, a string
/// or a regex literal. `scan --fix` gives such custom fonts a text style to scale with and starts
/// from these places, instead of searching the file's bytes again.
public enum CustomFontSites {
    /// The offsets in `file`, in order, from its landmarks (a `custom` name is one): the file's other
    /// tokens are not read.
    static func offsets(in file: SwiftFile) -> [Int32] {
        var offsets: [Int32] = []
        // Room for every landmark, on large pages: a file may name `.custom` a million times.
        Memory.reserveOnLargePages(&offsets, adding: file.landmarks.count)
        for landmark in file.landmarks {
            let token = file.tokens[Int(landmark)]
            guard token.name == .custom, token.kind == .identifier, token.start > 0,
                  file.bytes[Int(token.start) - 1] == UInt8(ascii: ".") else { continue }
            offsets.append(token.start)
        }
        return offsets
    }

    /// The offsets in the Swift file of `bytes`, lexed for this: for a caller that has no scan's tokens.
    public static func offsets(inSwift bytes: [UInt8]) -> [Int32] {
        offsets(in: SwiftFile(bytes: bytes))
    }
}
