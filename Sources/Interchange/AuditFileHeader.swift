import AuditLog
import Output

/// The first line of a shared file of format 2 or later: `{"format":3,"needs":"0.3.0","records":[`.
/// `needs` names the oldest release that reads the file, and is read before anything else, so
/// that a release meeting a file a newer one wrote says which release to upgrade to instead of
/// failing on a field it does not know. A release that writes what older ones cannot read raises
/// it; one that only reads more keeps it.
struct AuditFileHeader: Sendable, Equatable {
    var format: Int
    /// The oldest release that reads the file; nil in format 2, which every release reads.
    var needs: String?

    /// How dtaudit 0.1.0 began its files; read alike.
    static let formatTwo = "{\"format\":2,\"records\":["

    /// Whether `line` looks like the first line of a format 2 or later file, without reading it.
    static func looksLikeOne(_ line: ArraySlice<UInt8>) -> Bool {
        line.starts(with: "{\"format\":".utf8) && !line.starts(with: "{\"format\":1,".utf8) && line.reversed().starts(with: "[:\"sdrocer\"".utf8)
    }

    /// The header `line` (the file's line `number`) holds; nil when it is not a header of format 2
    /// or later (a format 1 file, or not a header at all). Throws when the file needs a newer release,
    /// or the line is malformed.
    static func read(_ line: ArraySlice<UInt8>, number: Int) throws(InterchangeError) -> AuditFileHeader? {
        if line.elementsEqual(AuditFile.header.utf8) { return AuditFileHeader(format: AuditFile.formatVersion, needs: AuditFile.needs) }
        if line.elementsEqual(formatTwo.utf8) { return AuditFileHeader(format: 2) }
        guard looksLikeOne(line) else { return nil }
        guard line.count <= 4096 else { throw InterchangeError(line: number, "the file's first line is \(line.count) bytes, too long for its header") }
        let node: JSONReader.Node
        do {
            node = try JSONReader.parse(Array(line) + Array("]}".utf8), firstLine: number)
        } catch {
            throw InterchangeError(line: number, "the file's first line is not a header dtaudit reads (\(error.message))")
        }
        var fields = try Fields(node, what: "the file's header")
        // Before any other field: a newer release's header may hold what this one does not know.
        var needs: String?
        if let given = fields.take("needs") {
            guard case .string(let text) = given.value, let wanted = Release.numbers(text) else {
                throw fields.problem("needs", "must name a release such as \(Release.version)", at: given)
            }
            if let running = Release.numbers(Release.version), Release.precedes(running, wanted) {
                throw InterchangeError(line: number, "the file needs dtaudit \(text) or later to be read, and this is dtaudit \(Release.version): "
                                       + "upgrade to \(text)", upgrade: text)
            }
            needs = text
        }
        guard let formatNode = fields.take("format"), case .number(let text) = formatNode.value, let format = Int(text), format >= 2 else {
            throw InterchangeError(line: number, "the file's header has no format this dtaudit reads (1 to \(AuditFile.formatVersion))")
        }
        if format > AuditFile.formatVersion {
            throw InterchangeError(line: number, "the file is in format \(format), which a newer dtaudit wrote; this is dtaudit \(Release.version), "
                                   + "which reads formats 1 to \(AuditFile.formatVersion): upgrade dtaudit", upgrade: "")
        }
        guard let records = fields.take("records"), case .array(let elements) = records.value, elements.isEmpty else {
            throw InterchangeError(line: number, "the file's header must end with \"records\":[")
        }
        try fields.finish()
        return AuditFileHeader(format: format, needs: needs)
    }
}
