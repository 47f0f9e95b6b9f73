import StrictXML

/// Whether an Interface Builder file is well-formed XML, strictly: tags nest and close, attributes
/// are quoted and unique, references are XML's own, one root element. Files are rewritten only when
/// they are well-formed before and after, so that a rewrite never makes Xcode refuse a file.
///
/// Read by the one strict XML reader (`StrictXML`), with limits as large as Interface Builder's own
/// files grow: the scan's tolerant reader (`Scan/InterfaceBuilder/Markup.swift`) says where things
/// are, this says whether Xcode will open the file.
enum WellFormedXML {
    static let limits: XMLLimits = {
        var limits = XMLLimits()
        limits.maximumDepth = .max
        limits.maximumElements = .max
        // Each attribute is compared with those before it on its tag: the bound keeps that cheap.
        limits.maximumAttributes = 1024
        limits.maximumValueBytes = 1 << 40
        limits.maximumNameBytes = 4096
        return limits
    }()

    static func check(_ bytes: [UInt8]) -> Bool {
        XMLScanner.isWellFormed(bytes, limits: limits)
    }
}
