import StrictXML
import Testing

/// Collects what the scanner hands out.
struct Collected: XMLHandler {
    var events: [String] = []
    var attributes: [[String: String]] = []

    mutating func startElement(_ tag: XMLStartTag) throws(XMLError) {
        events.append("<" + String(decoding: tag.name, as: UTF8.self) + ":\(tag.depth)")
        var found: [String: String] = [:]
        for index in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: index)
            found[String(decoding: attribute.name, as: UTF8.self)] = attribute.value
        }
        attributes.append(found)
    }

    mutating func endElement() throws(XMLError) { events.append(">") }
}

func scan(_ text: String, limits: XMLLimits = XMLLimits()) throws(XMLError) -> Collected {
    var collected = Collected()
    try XMLScanner.scan(Array(text.utf8), limits: limits, into: &collected)
    return collected
}

func refusal(_ text: String, limits: XMLLimits = XMLLimits()) -> String? {
    do {
        _ = try scan(text, limits: limits)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct XMLScannerTests {
    @Test func elementsAttributesAndReferencesAreRead() throws {
        let found = try scan("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <AppiumAUT>
              <A name="Fish &amp; Chips" label='say "hi"' value="&#x1F600;&#65;&lt;&gt;&quot;&apos;">text &amp; more<![CDATA[ <raw> ]]></A>
              <B note="two
            lines"/>
            </AppiumAUT>
            """)
        #expect(found.events == ["<AppiumAUT:0", "<A:1", ">", "<B:1", ">", ">"])
        #expect(found.attributes[1] == ["name": "Fish & Chips", "label": "say \"hi\"", "value": "\u{1F600}A<>\"'"])
        #expect(found.attributes[2]["note"] == "two lines", "a literal line break in a value reads as a space")
    }

    @Test func documentTypeDeclarationsAreRefusedSoNoEntityIsEverExpandedOrFetched() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
            <AppiumAUT a="&lol2;"/>
            """
        #expect(refusal(laughs) == "line 2: a DOCTYPE declaration is refused: no entity is declared, expanded or fetched here")
        let external = "<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>"
        #expect(refusal(external)?.contains("DOCTYPE declaration is refused") == true)
        #expect(refusal("<r><!ENTITY x \"y\"></r>") == "line 1: a markup declaration (<!...) outside a DOCTYPE is not XML")
        // Without a declaration, a reference to any entity but XML's five is refused.
        #expect(refusal("<r a=\"&x;\"/>")?.contains("only &amp; &lt; &gt; &quot; &apos; and numeric ones") == true)
        #expect(refusal("<r>&x;</r>")?.contains("an & that starts no reference") == true)
    }

    @Test func malformedDocumentsAreRefusedWithTheirLine() {
        #expect(refusal("<a>\n<b>\n</a>") == "line 3: </a> closes <b>")
        #expect(refusal("<a>") == "line 1: the document ends inside <a>")
        #expect(refusal("<a x=\"1\" x=\"2\"/>") == "line 1: the attribute x appears twice")
        #expect(refusal("<a x=1/>") == "line 1: an attribute value without quotes")
        #expect(refusal("<a x=\"<\"/>") == "line 1: a < inside an attribute value")
        #expect(refusal("<a/><b/>") == "line 1: a second root element")
        #expect(refusal("junk<a/>") == "line 1: text outside the root element")
        #expect(refusal("<a>\u{1}</a>") == "line 1: a control character (byte 1)")
        #expect(refusal("<a x=\"&#0;\"/>") != nil, "NUL is no XML character")
        #expect(refusal("<a x=\"&#xD800;\"/>") != nil, "a surrogate is no character")
        #expect(refusal("<a x=\"&#99999999999;\"/>") != nil, "digits beyond any character")
        #expect(refusal("") == "holds no element")
        #expect(refusal("\u{FEFF}<a/>") == nil, "a UTF-8 byte order mark is fine")
        // What XML 1.0 forbids beyond tags: `]]>` in text, `--` inside a comment, a declaration
        // that does not open the document (Xcode refuses each; `scan --fix` relies on this check).
        #expect(refusal("<a>\n]]></a>") == "line 2: ]]> in text")
        #expect(refusal("<a><!-- x -- y --></a>") == "line 1: -- inside a comment")
        #expect(refusal(" <?xml version=\"1.0\"?><a/>") == "line 1: an XML declaration after the document's start")
        #expect(refusal("\u{FEFF}<?xml version=\"1.0\"?><a x=\"]]>\"><!-- a - b --><?xml-stylesheet href=\"s\"?></a>") == nil)
    }

    @Test func utf16IsRefused() {
        var collected = Collected()
        #expect(throws: XMLError("is UTF-16; only UTF-8 is read")) {
            try XMLScanner.scan([0xFF, 0xFE, 0x3C, 0x00], into: &collected)
        }
    }

    @Test func everyLimitGivesOneLine() {
        var limits = XMLLimits()
        limits.maximumDepth = 10
        #expect(refusal(String(repeating: "<a>", count: 11) + String(repeating: "</a>", count: 11), limits: limits)
                == "line 1: elements nested more than 10 deep")
        #expect(refusal(String(repeating: "<a>", count: 10) + String(repeating: "</a>", count: 10), limits: limits) == nil)
        limits.maximumElements = 100
        #expect(refusal("<r>" + String(repeating: "<a/>", count: 100) + "</r>", limits: limits) == "line 1: more than 100 elements")
        limits.maximumValueBytes = 8
        #expect(refusal("<a x=\"123456789\"/>", limits: limits) == "line 1: an attribute value longer than 8 bytes")
        #expect(refusal("<a x=\"12345678\"/>", limits: limits) == nil)
        limits.maximumAttributes = 2
        #expect(refusal("<a x=\"1\" y=\"2\" z=\"3\"/>", limits: limits) == "line 1: more than 2 attributes on one element")
        limits.maximumNameBytes = 4
        #expect(refusal("<abcde/>", limits: limits) == "line 1: a name longer than 4 bytes")
    }

    @Test func deepNestingOfTheDefaultLimitsIsRefusedWithoutRecursion() {
        let deep = String(repeating: "<a>", count: 100_000)
        #expect(refusal(deep) == "line 1: elements nested more than 256 deep")
    }

    @Test func namesInMessagesAreShownAsASCII() {
        #expect(refusal("<a>\n</a\u{1B}[31m>") != nil)
        let message = refusal("<abc>\n</ab\u{E9}>") ?? ""
        #expect(message == "line 2: </ab??> closes <abc>")
    }

    @Test func randomBytesNeverCrashAndEndInADocumentOrOneLine() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["<", ">", "/", "a", "=", "\"", "'", "&", "amp;", "#x41;", "<!--", "-->", "<?", "?>", "<![CDATA[", "]]>", " ", "\n", "é"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if let message = refusal(text) {
                #expect(!message.contains("\n"), "one line for \(text.debugDescription)")
            }
        }
    }
}
