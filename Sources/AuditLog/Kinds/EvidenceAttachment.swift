import DynamicType
import Evidence
import Output

/// A screenshot or recording attached to a recording's cell, or to a screen at one size (an item
/// when it shows one check). The file travels beside the shared audit file, named by its SHA-256.
public struct EvidenceAttachment: LogRecordKind {
    public var id: String
    public var screen: String
    public var size: Size
    public var item: String?
    /// The recording it documents, if any.
    public var recording: String?
    /// The SHA-256 of the file's bytes, in lower-case hex.
    public var hash: String
    public var kind: MediaKind
    public var bytes: Int64
    /// The file's name when it was attached, for people.
    public var name: String
    /// The automated run that attached it, as that run's recordings name it
    /// (`UITests.xcresult #3f2a9c1e4b5d`); nil when a person attached it. Optional in the file, so
    /// that files written before it read as they did.
    public var run: String?
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, size: Size, item: String?, recording: String?, hash: String, kind: MediaKind, bytes: Int64,
                name: String, run: String? = nil, by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.size = size
        self.item = item
        self.recording = recording
        self.hash = hash
        self.kind = kind
        self.bytes = bytes
        self.name = name
        self.run = run
        self.by = by
        self.at = at
    }

    /// The file's name where evidence is kept: `<sha256>.<extension>`.
    public var storedName: String { hash + "." + kind.fileExtension }

    public static let kind = LogRecord.Kind.evidence
    public static let tally = RecordTally("piece of evidence", "pieces of evidence", rank: 4)
    public var screenID: String? { screen }
    public var record: LogRecord { .evidence(self) }

    public func write(to line: inout LineWriter) {
        line.string("screen", screen)
        line.string("size", size.id)
        line.optional("item", item)
        line.optional("recording", recording)
        line.string("file", storedName)
        line.key("bytes")
        line.text.append(String(bytes))
        line.string("name", name)
        line.optional("run", run)
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        let screen = try fields.id("screen")
        let size = try fields.size("size")
        let item = fields.has("item") ? try fields.itemID("item") : nil
        let recording = fields.has("recording") ? try fields.id("recording") : nil
        let file = try fields.string("file", maximumBytes: 80)
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64, parts[0].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
              let kind = MediaKind.allCases.first(where: { $0.fileExtension == parts[1] }) else {
            throw fields.problem("file", "must be the file's SHA-256 in lower-case hex and its extension (png, jpg, heic, pdf, mov, mp4), not \"\(JSONReader.shown(file))\"")
        }
        let bytes = try fields.count("bytes")
        let name = try fields.name("name")!
        let run = try fields.name("run", required: false)
        self.init(id: id, screen: screen, size: size, item: item, recording: recording, hash: String(parts[0]), kind: kind,
                  bytes: bytes, name: name, run: run, by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase("evidence ")
        phrase.quote(name)
        phrase.say(" at \(size.id)" + (item.map { " for \($0)" } ?? ""))
        return phrase
    }

    public var mention: Phrase? {
        var phrase = Phrase("evidence ")
        phrase.quote(name)
        return phrase
    }
}

extension LogRecord.Kind {
    public static let evidence = LogRecord.Kind(word: "evidence")
}
