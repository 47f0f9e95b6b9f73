/// Whether a document is well-formed XML, strictly: tags nest and close, attributes are quoted and
/// unique, entities are complete, one root element. Interface Builder files are rewritten only when
/// they are well-formed before and after, so that a rewrite never makes Xcode refuse a file.
enum WellFormedXML {
    static func check(_ bytes: [UInt8]) -> Bool {
        var stack: [ArraySlice<UInt8>] = []
        var roots = 0
        var i = 0
        let n = bytes.count
        // Asked at every byte of text: compared in place, with nothing allocated.
        func starts(_ text: String, _ at: Int) -> Bool {
            var k = at
            for byte in text.utf8 {
                guard k < n, bytes[k] == byte else { return false }
                k += 1
            }
            return true
        }
        func find(_ text: String, from: Int) -> Int? {
            var k = from
            while k < n {
                if starts(text, k) { return k }
                k += 1
            }
            return nil
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x3A || byte == 0x2D || byte == 0x2E || byte >= 0x80
        }
        func isNameStart(_ byte: UInt8) -> Bool {
            isNameByte(byte) && !(byte >= 0x30 && byte <= 0x39) && byte != 0x2D && byte != 0x2E
        }
        func entityEnds(_ at: Int) -> Int? {
            // `&name;`, `&#123;` or `&#x1F;` starting at `at`.
            var k = at + 1
            guard k < n else { return nil }
            let isHexDigit = { (b: UInt8) in (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66) }
            let valid: (UInt8) -> Bool
            if bytes[k] == UInt8(ascii: "#") {
                k += 1
                if k < n && bytes[k] == UInt8(ascii: "x") {
                    k += 1
                    valid = isHexDigit
                } else {
                    valid = { $0 >= 0x30 && $0 <= 0x39 }
                }
            } else {
                guard isNameStart(bytes[k]) else { return nil }
                valid = isNameByte
            }
            let start = k
            while k < n && k < at + 12 && bytes[k] != UInt8(ascii: ";") {
                guard valid(bytes[k]) else { return nil }
                k += 1
            }
            return k < n && bytes[k] == UInt8(ascii: ";") && k > start ? k + 1 : nil
        }
        while i < n {
            let byte = bytes[i]
            if byte == UInt8(ascii: "&") {
                guard let next = entityEnds(i) else { return false }
                i = next
                continue
            }
            // Control characters other than tab and line breaks are not XML, anywhere.
            if byte < 0x20 && !isSpace(byte) { return false }
            guard byte == UInt8(ascii: "<") else {
                // Text outside the root is white space only; `]]>` may not appear in text.
                if stack.isEmpty && !isSpace(byte) { return false }
                if starts("]]>", i) { return false }
                i += 1
                continue
            }
            if starts("<?", i) {
                // The XML declaration only opens the document.
                if starts("<?xml", i) && i + 5 < n && (isSpace(bytes[i + 5]) || bytes[i + 5] == UInt8(ascii: "?")) && i != 0 { return false }
                guard let end = find("?>", from: i + 2) else { return false }
                i = end + 2
            } else if starts("<!--", i) {
                guard let end = find("--", from: i + 4), end + 2 < n, bytes[end + 2] == UInt8(ascii: ">") else { return false }
                i = end + 3
            } else if starts("<![CDATA[", i) {
                guard !stack.isEmpty, let end = find("]]>", from: i + 9) else { return false }
                i = end + 3
            } else if starts("<!DOCTYPE", i) {
                guard let end = find(">", from: i) else { return false }
                i = end + 1
            } else if starts("</", i) {
                var k = i + 2
                while k < n && isNameByte(bytes[k]) { k += 1 }
                guard let open = stack.popLast(), bytes[(i + 2)..<k].elementsEqual(open) else { return false }
                while k < n && isSpace(bytes[k]) { k += 1 }
                guard k < n, bytes[k] == UInt8(ascii: ">") else { return false }
                i = k + 1
            } else {
                var k = i + 1
                guard k < n, isNameStart(bytes[k]) else { return false }
                while k < n && isNameByte(bytes[k]) { k += 1 }
                let name = bytes[(i + 1)..<k]
                // A set, so that an element of many attributes is checked in time linear in them.
                var names: Set<ArraySlice<UInt8>> = []
                while true {
                    let before = k
                    while k < n && isSpace(bytes[k]) { k += 1 }
                    guard k < n else { return false }
                    if bytes[k] == UInt8(ascii: ">") || (bytes[k] == UInt8(ascii: "/") && k + 1 < n && bytes[k + 1] == UInt8(ascii: ">")) { break }
                    // An attribute needs white space before it.
                    guard k > before else { return false }
                    let start = k
                    guard isNameStart(bytes[k]) else { return false }
                    while k < n && isNameByte(bytes[k]) { k += 1 }
                    guard k > start, names.insert(bytes[start..<k]).inserted else { return false }
                    while k < n && isSpace(bytes[k]) { k += 1 }
                    guard k < n, bytes[k] == UInt8(ascii: "=") else { return false }
                    k += 1
                    while k < n && isSpace(bytes[k]) { k += 1 }
                    guard k < n, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") else { return false }
                    let quote = bytes[k]
                    k += 1
                    while k < n && bytes[k] != quote {
                        if bytes[k] == UInt8(ascii: "<") || (bytes[k] < 0x20 && !isSpace(bytes[k])) { return false }
                        if bytes[k] == UInt8(ascii: "&") {
                            guard let next = entityEnds(k) else { return false }
                            k = next
                            continue
                        }
                        k += 1
                    }
                    guard k < n else { return false }
                    k += 1
                }
                if stack.isEmpty {
                    roots += 1
                    if roots > 1 { return false }
                }
                if bytes[k] == UInt8(ascii: "/") {
                    i = k + 2
                } else {
                    stack.append(name)
                    i = k + 1
                }
            }
        }
        return stack.isEmpty && roots == 1
    }
}
