import DynamicType
import Evidence
import Output
import Platform

/// Why a run's files cannot be read, said in one line; nothing is changed.
public struct RunReadError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case badData, missing, unreadable }
    public let kind: Kind
    public let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

/// Reads what a run left, in any of the shapes dtaudit knows: the folder `xcresulttool export
/// attachments` writes (files and `manifest.json`), the JSON of `xcresulttool get test-results
/// tests`, `activities` or `summary` (Xcode 16 and later), the legacy `xcresulttool get --legacy
/// --format json`, dtaudit's own audit attachments, Appium's and pymobiledevice3's audit JSON, or a
/// plain folder of screenshots and audit JSON named by screen and size.
public enum RunReader {
    /// A JSON document is read whole, as a tree, so it is held to this size: memory stays bounded.
    public static let maximumJSONBytes = 16 << 20

    /// What was read, and the bytes that identify the run (its JSON documents): importing the
    /// same run again is recognised by their SHA-256, whatever the folder is called.
    public struct Result: Sendable {
        public var contents: RunContents
        /// The folder the run's relative paths are inside; nil for a single JSON file.
        public var folder: String?
        public var fingerprint: String
        /// What the run is called in records and on the review page.
        public var name: String
        /// Which shape the input had, for people.
        public var shape: String
        /// A folder dtaudit made for a bundle's exported attachments, to remove after the import.
        public var temporaryFolder: String?
    }

    public static func read(path: String, shownAs shown: String) throws(RunReadError) -> Result {
        guard let status = Files.status(path) else { throw RunReadError(.missing, "no file or folder at \(shown)") }
        var identity = SHA256()
        var contents = RunContents()
        let shape: String
        var folder: String?
        if status.kind == .directory {
            folder = path
            if Files.status(path + "/manifest.json", followLinks: false) != nil {
                let manifest = try document(at: path + "/manifest.json", shownAs: shown + "/manifest.json", identity: &identity)
                try readManifest(manifest, folder: path, shownAs: shown, into: &contents, identity: &identity)
                shape = "xcresulttool export attachments"
            } else if Files.status(path + "/Info.plist") != nil && Files.status(path + "/Data") != nil {
                guard XCResultTool.isAvailable else {
                    throw RunReadError(.missing, "\(shown) is an Xcode result bundle, which only xcresulttool reads; \(XCResultTool.advice(for: shown))")
                }
                return try readBundle(path, shownAs: shown)
            } else {
                try readPlainFolder(path, shownAs: shown, into: &contents, identity: &identity)
                shape = "a folder of screenshots and audit files"
            }
        } else {
            let root = try document(at: path, shownAs: shown, identity: &identity)
            let name = String(shown.split(separator: "/").last ?? Substring(shown))
            guard let found = readDocument(root, name: name, into: &contents) else {
                throw RunReadError(.badData, "\(shown) is JSON of no shape dtaudit knows: give the folder 'xcresulttool export attachments' writes, the JSON of 'xcresulttool get test-results tests' or 'activities', 'xcresulttool get --legacy --format json', or Appium's or pymobiledevice3's audit output")
            }
            shape = found
        }
        let fingerprint = String(SHA256.hex(identity.finalize()).prefix(12))
        let label = runLabel(Files.standardized(path).split(separator: "/").last.map(String.init) ?? "run")
        return Result(contents: contents, folder: folder, fingerprint: fingerprint, name: label + " #" + fingerprint, shape: shape)
    }

    /// What a run is called by its file or folder: control characters and `#` shown as `?`, and a
    /// name over 80 characters shortened in its stem, so that its extension stays whole.
    static func runLabel(_ name: String) -> String {
        let shown = String(name.unicodeScalars.map { $0.properties.generalCategory == .control || $0 == "#" ? "?" : Character($0) })
        guard shown.count > 80 else { return shown }
        var stem = Substring(shown), ext = Substring("")
        if let dot = shown.lastIndex(of: "."), dot != shown.startIndex, shown.distance(from: dot, to: shown.endIndex) <= 10 {
            (stem, ext) = (shown[..<dot], shown[dot...])
        }
        return String(stem.prefix(80 - ext.count - 1)) + "…" + ext
    }

    /// A run's name with another fingerprint: `R-attachments #3f2a9c1e4b5d`.
    static func name(_ name: String, fingerprint: String) -> String {
        var label = Substring(name)
        if let mark = name.lastIndex(of: "#"), mark > name.startIndex, name[name.index(before: mark)] == " " {
            label = name[..<name.index(before: mark)]
        }
        return label + " #" + fingerprint
    }

    /// A result bundle, through `xcresulttool`: its exported attachments and its tests' failures.
    static func readBundle(_ path: String, shownAs shown: String) throws(RunReadError) -> Result {
        var generator = SystemRandomNumberGenerator()
        let temporary = (System.environment("TMPDIR") ?? "/tmp") + "/dtaudit-xcresult-" + String(generator.next(), radix: 36)
        do { try Files.makeDirectory(temporary) } catch { throw RunReadError(.unreadable, "cannot create \(temporary): \(error)") }
        let (tests, ok) = XCResultTool.export(bundle: path, into: temporary)
        guard ok else { throw RunReadError(.unreadable, "xcrun xcresulttool could not export the attachments of \(shown)") }
        var result = try read(path: temporary, shownAs: shown)
        var identity = SHA256()
        identity.update(result.fingerprint)
        identity.update(tests)
        if !tests.isEmpty, let root = try? JSONReader.parse(tests) {
            // The manifest lists only the tests that attached something; this lists them all.
            result.contents.tests = 0
            TestResults.readTests(root, into: &result.contents)
            result.contents.noteDevices(in: root)
            // The exported files are the attachments the tests list.
            result.contents.unexportedAttachments = 0
        }
        result.fingerprint = String(SHA256.hex(identity.finalize()).prefix(12))
        result.name = runLabel(Files.standardized(path).split(separator: "/").last.map(String.init) ?? "run") + " #" + result.fingerprint
        result.shape = "an Xcode result bundle, read with xcresulttool"
        result.temporaryFolder = temporary
        return result
    }

    /// Reads and parses one JSON file, adding its bytes to the run's identity.
    static func document(at path: String, shownAs shown: String, identity: inout SHA256) throws(RunReadError) -> JSONReader.Node {
        guard let file = RegularFile(opening: path) else { throw RunReadError(.missing, "cannot open \(shown) as a file") }
        guard file.byteCount <= maximumJSONBytes else {
            throw RunReadError(.badData, "\(shown) is \(ByteCount.format(Int64(file.byteCount))); dtaudit reads JSON of at most \(ByteCount.format(Int64(maximumJSONBytes)))")
        }
        guard let bytes = file.readAll() else { throw RunReadError(.unreadable, "cannot read \(shown)") }
        identity.update(bytes)
        do {
            return try JSONReader.parse(bytes)
        } catch {
            let cut = error.truncated ? "is cut short (line \(error.line)): \(error.message)" : "is not valid JSON: line \(error.line): \(error.message)"
            throw RunReadError(.badData, "\(shown) \(cut); nothing was changed")
        }
    }

    /// A path an imported file names, inside `folder`, or nil when it would reach outside it:
    /// absolute, with `..`, or through a symbolic link.
    public static func inside(_ folder: String, _ relative: String) -> String? {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\0"), !relative.contains("\\") else { return nil }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        var path = folder
        for part in parts {
            path += "/" + part
            if let status = Files.status(path, followLinks: false), status.kind == .symbolicLink { return nil }
        }
        return path
    }

    // MARK: The shapes

    /// `manifest.json` of `xcresulttool export attachments`: `[{testIdentifier, attachments:
    /// [{exportedFileName, suggestedHumanReadableName, ...}]}]`.
    static func readManifest(_ manifest: JSONReader.Node, folder: String, shownAs shown: String, into contents: inout RunContents,
                             identity: inout SHA256) throws(RunReadError) {
        guard case .array(let tests) = manifest.value else {
            throw RunReadError(.badData, "\(shown)/manifest.json must be a list of tests with their attachments, not \(manifest.kind)")
        }
        contents.tests += tests.count
        for test in tests {
            let identifier = test["testIdentifier"]?.string ?? ""
            let (testName, suites) = testNames(identifier)
            for attachment in test["attachments"]?.array ?? [] {
                guard let file = attachment["exportedFileName"]?.string else {
                    contents.skipped.append(("an attachment of \(identifier.isEmpty ? "a test" : identifier)", "manifest.json gives no exportedFileName"))
                    continue
                }
                guard let path = inside(folder, file) else {
                    throw RunReadError(.badData, "\(shown)/manifest.json names '\(JSONReader.shown(file))' (line \(attachment.line)), which is outside its folder; a path in an imported file must stay inside it; nothing was changed")
                }
                contents.noteDevice(model: nil, name: attachment["deviceName"]?.string, platform: nil)
                let human = attachment["suggestedHumanReadableName"]?.string.map(attachmentName) ?? ""
                let names = [human, testName].filter { !$0.isEmpty }
                try take(file: file, path: path, names: names, suites: suites, into: &contents, identity: &identity)
            }
        }
    }

    /// A folder without a manifest: each file by its own name.
    static func readPlainFolder(_ folder: String, shownAs shown: String, into contents: inout RunContents, identity: inout SHA256) throws(RunReadError) {
        var files: [String] = []
        func walk(_ relative: String) throws(RunReadError) {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            let names: [String]
            do { names = try Files.list(path).sorted() } catch { throw RunReadError(.unreadable, "cannot list \(shown): \(error)") }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                switch Files.status(folder + "/" + child, followLinks: false)?.kind {
                case .directory: try walk(child)
                case .regular: files.append(child)
                case .symbolicLink: contents.skipped.append((child, "a symbolic link, which may lead outside the folder"))
                default: break
                }
            }
        }
        try walk("")
        for file in files {
            let folders = file.split(separator: "/").dropLast().reversed().map(String.init)
            try take(file: file, path: folder + "/" + file, names: [file], suites: folders, into: &contents, identity: &identity)
        }
    }

    /// One attached file: an audit when it holds JSON dtaudit knows, an element hierarchy when it is
    /// a page source, else a screenshot candidate. XML is a hierarchy when it starts as a page
    /// source does (in UTF-8 or UTF-16), or when its name says `.xml`: such a file is read as one,
    /// and refused with the reason if it is not (a document type declaration, say); a file named
    /// `.xml` that holds no XML is left out with its reason. Other XML a test attached (a property
    /// list, an SVG) is left for the screenshots' check.
    static func take(file: String, path: String, names: [String], suites: [String], into contents: inout RunContents,
                     identity: inout SHA256) throws(RunReadError) {
        // Looked at without following a link and opened only as a regular file: a named pipe a
        // manifest lists would otherwise hold the import (and a dry run) waiting for a writer.
        guard let status = Files.status(path, followLinks: false) else {
            contents.skipped.append((file, "listed, but not in the folder"))
            return
        }
        guard status.kind == .regular, let opened = RegularFile(opening: path) else {
            contents.skipped.append((file, "not a regular file (a folder, a named pipe or a device), left unopened"))
            return
        }
        var prefix = [UInt8](repeating: 0, count: MediaKind.prefixLength)
        let count = prefix.withUnsafeMutableBytes { opened.read(into: $0) } ?? 0
        prefix.removeSubrange(count...)
        let first = prefix.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let namedXML = file.lowercased().hasSuffix(".xml")
        if MediaKind.detect(prefix) == .hierarchy || (namedXML && MediaKind.startsWithMarkup(prefix)) {
            contents.hierarchies.append(RunScreenshot(path: file, names: names, suites: suites))
            return
        }
        if namedXML {
            contents.skipped.append((file, "named .xml, but its content is \(MediaKind.describe(prefix)), not a page source"))
            return
        }
        guard let first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            contents.screenshots.append(RunScreenshot(path: file, names: names, suites: suites))
            return
        }
        let root = try document(at: path, shownAs: file, identity: &identity)
        let name = names.first ?? file
        var found = RunContents()
        if readDocument(root, name: name, into: &found) == nil {
            contents.skipped.append((file, "JSON of no shape dtaudit knows"))
            return
        }
        for index in found.audits.indices where found.audits[index].suites.isEmpty { found.audits[index].suites = suites }
        contents.audits += found.audits
        contents.otherFailures += found.otherFailures
        contents.unexportedAttachments += found.unexportedAttachments
        contents.skipped += found.skipped
        for device in found.devices where !contents.devices.contains(device) { contents.devices.append(device) }
    }

    /// Reads a JSON document of any known shape; returns the shape's name, nil when unknown.
    /// `name` is the document's file or attachment name, which says the screen and size of tools
    /// that don't.
    static func readDocument(_ root: JSONReader.Node, name: String, into contents: inout RunContents) -> String? {
        contents.noteDevices(in: root)
        if root["dtaudit"]?.string == "audit" {
            contents.audits.append(HarnessAudit.read(root, name: name))
            return "a dtaudit harness audit"
        }
        if root["testNodes"] != nil {
            TestResults.readTests(root, into: &contents)
            return "xcresulttool get test-results tests"
        }
        // `test-details` and `activities` both list `testRuns`: a detail's runs are test nodes.
        if root["testRuns"] != nil && (root["testResult"] != nil || root["testRuns"]?.array.contains { $0["nodeType"] != nil } == true) {
            TestResults.readTestDetails(root, into: &contents)
            return "xcresulttool get test-results test-details"
        }
        if root["testRuns"] != nil {
            TestResults.readActivities(root, into: &contents)
            return "xcresulttool get test-results activities"
        }
        if root["testFailures"] != nil {
            TestResults.readSummary(root, into: &contents)
            return "xcresulttool get test-results summary"
        }
        if root["_type"] != nil {
            LegacyResults.read(root, into: &contents)
            return "xcresulttool get --legacy --format json"
        }
        // WebDriverAgent's own response, as its HTTP route returns it: `{"value": [...], "sessionId": ...}`.
        if let value = root["value"], case .array = value.value, root.keys.allSatisfy({ $0 == "value" || $0 == "sessionId" || $0 == "status" }) {
            return readDocument(value, name: name, into: &contents).map { $0 == "Appium mobile: performAccessibilityAudit" ? "WebDriverAgent's /wda/performAccessibilityAudit response" : $0 }
        }
        if case .array(let elements) = root.value {
            if elements.isEmpty || elements.allSatisfy({ $0["issue_classification"] != nil }) {
                contents.audits.append(DeviceAudits.pymobiledevice3(elements, name: name))
                return elements.isEmpty ? "an audit with no issues" : "pymobiledevice3 accessibility run-audit"
            }
            if elements.allSatisfy({ $0["auditType"] != nil || $0["compactDescription"] != nil }) {
                contents.audits.append(DeviceAudits.appium(elements, name: name))
                return "Appium mobile: performAccessibilityAudit"
            }
        }
        return nil
    }

    /// `TrailheadUITests/DynamicTypeAuditTests/testAX5()` gives the test `testAX5()` and the
    /// suites `DynamicTypeAuditTests`, `TrailheadUITests`, nearest first.
    static func testNames(_ identifier: String) -> (test: String, suites: [String]) {
        let parts = identifier.split(separator: "/").map(String.init)
        guard let last = parts.last else { return ("", []) }
        return (last, parts.dropLast().reversed())
    }

    /// Xcode names an exported attachment `<name>_<index>_<UUID>.<ext>`; the name is what the test gave.
    public static func attachmentName(_ suggested: String) -> String {
        var stem = Substring(suggested)
        if let dot = stem.lastIndex(of: "."), stem.distance(from: dot, to: stem.endIndex) <= 6 { stem = stem[..<dot] }
        let parts = stem.split(separator: "_", omittingEmptySubsequences: false)
        if parts.count >= 3, let uuid = parts.last, uuid.count == 36, uuid.filter({ $0 == "-" }).count == 4,
           let index = parts.dropLast().last, !index.isEmpty, index.allSatisfy(\.isNumber) {
            return parts.dropLast(2).joined(separator: "_")
        }
        return String(stem)
    }
}
