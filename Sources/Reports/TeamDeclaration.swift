import AuditLog
import Output

/// The team's own App Store Connect accessibility declaration, committed beside the audit as
/// `dtaudit-declaration.json` at the repository's root. The audit decides Larger Text; every other
/// feature of the declaration is the team's word, and App Store Connect takes a feature a request
/// leaves out as not supported, so these come only from this file. Every key is optional:
///
///     {
///       "appId": "1234567890",
///       "mainDeviceFamily": "IPHONE",
///       "declarations": {
///         "IPHONE": { "id": "...", "supportsVoiceover": true, "supportsDarkInterface": true },
///         "IPAD": { "supportsVoiceover": true }
///       }
///     }
///
/// `appId` is the app's Apple ID in App Store Connect, which a new declaration names;
/// `mainDeviceFamily` is the family a person's recordings count for (IPHONE when left out); a
/// family's `id` is the declaration to update (a draft) instead of creating one. A key the tool
/// does not know is an error, not ignored, and so is `supportsLargerText`: that one is the audit's.
public struct TeamDeclaration: Sendable, Equatable {
    /// One family's declaration as the team wrote it.
    public struct Entry: Sendable, Equatable {
        /// The declaration to update, when it exists already.
        public var id: String?
        /// The features the team declares, by Apple's attribute name.
        public var features: [String: Bool] = [:]
    }

    public var appID: String?
    public var mainFamily: DeviceFamily?
    public var entries: [DeviceFamily: Entry] = [:]

    /// The file's name, at the repository's root.
    public static let fileName = "dtaudit-declaration.json"
    /// The most the file may hold: it is a few lines.
    public static let maximumBytes = 64 << 10

    /// The nine features of a declaration, as the App Store Connect API names them, in the order
    /// its OpenAPI document lists them.
    public static let allFeatures = ["supportsAudioDescriptions", "supportsCaptions", "supportsDarkInterface", "supportsDifferentiateWithoutColorAlone",
                                     "supportsLargerText", "supportsReducedMotion", "supportsSufficientContrast", "supportsVoiceControl",
                                     "supportsVoiceover"]
    public static let largerText = "supportsLargerText"
    /// The eight the team declares itself.
    public static let teamFeatures = allFeatures.filter { $0 != largerText }

    /// `Dark Interface`: the feature as App Store Connect labels it.
    public static func label(_ feature: String) -> String {
        switch feature {
        case "supportsVoiceover": return "VoiceOver"
        case "supportsDifferentiateWithoutColorAlone": return "Differentiate Without Color Alone"
        default:
            var words = ""
            for character in feature.dropFirst("supports".count) {
                if character.isUppercase && !words.isEmpty { words += " " }
                words.append(character)
            }
            return words
        }
    }

    public init(appID: String? = nil, mainFamily: DeviceFamily? = nil, entries: [DeviceFamily: Entry] = [:]) {
        self.appID = appID
        self.mainFamily = mainFamily
        self.entries = entries
    }

    /// An App Store Connect id as dtaudit takes one: letters, digits, `.`, `_` and `-`, at most 100
    /// of them, so that it goes into a request's path and onto a command line as it is.
    public static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 100 && text.utf8.allSatisfy { $0.isASCIILetterOrDigit || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// Reads the file's bytes; `name` is how messages name it. A problem is a usage error, as a
    /// bad key of `dtaudit-scan.json` is: the team's settings, not a damaged file.
    public static func parse(_ bytes: [UInt8], name: String) throws(ExportProblem) -> TeamDeclaration {
        func problem(_ text: String) -> ExportProblem { ExportProblem(text, kind: .usage) }
        guard bytes.count <= maximumBytes else { throw problem("\(name) is larger than a declaration can be (\(maximumBytes >> 10) KB)") }
        let root: JSONReader.Node
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw problem("\(name):\(error.line): \(error.message)")
        }
        guard case let .object(members) = root.value else { throw problem("\(name):\(root.line): expected an object, found \(root.kind)") }
        var declaration = TeamDeclaration()
        let keys = ["appId", "mainDeviceFamily", "declarations"]
        for (key, node) in members {
            let place = "\(name):\(node.line): \"\(JSONReader.shown(key))\""
            switch key {
            case "appId":
                guard case let .string(id) = node.value, isID(id) else {
                    throw problem("\(place) must be the app's Apple ID in App Store Connect (digits), as a string")
                }
                declaration.appID = id
            case "mainDeviceFamily":
                guard case let .string(text) = node.value else { throw problem("\(place) must be a device family, found \(node.kind)") }
                declaration.mainFamily = try family(text, place: place)
            case "declarations":
                guard case let .object(families) = node.value else { throw problem("\(place) must be an object of device families, found \(node.kind)") }
                for (familyName, entryNode) in families {
                    let familyPlace = "\(name):\(entryNode.line): \"declarations.\(JSONReader.shown(familyName))\""
                    let family = try self.family(familyName, place: familyPlace)
                    declaration.entries[family] = try entry(entryNode, place: familyPlace, name: name)
                }
            default:
                throw problem("\(place) is not a setting" + Suggestions.didYouMean(Suggestions.closest(to: key, among: keys).first, thenList: "settings", keys.joined(separator: ", ")))
            }
        }
        return declaration
    }

    /// A device family whose Larger Text can be declared.
    static func family(_ text: String, place: String) throws(ExportProblem) -> DeviceFamily {
        let allowed = DeviceFamily.withLargerText.map(\.rawValue).joined(separator: ", ")
        guard let family = DeviceFamily(rawValue: text) else {
            throw ExportProblem("\(place) must be a device family: \(allowed)", kind: .usage)
        }
        guard family.offersLargerText else {
            throw ExportProblem("\(place) is \(family.rawValue), for which Apple offers no Larger Text label; the families are \(allowed)", kind: .usage)
        }
        return family
    }

    static func entry(_ node: JSONReader.Node, place: String, name: String) throws(ExportProblem) -> Entry {
        guard case let .object(members) = node.value else { throw ExportProblem("\(place) must be an object of features, found \(node.kind)", kind: .usage) }
        var entry = Entry()
        let keys = ["id"] + teamFeatures
        for (key, value) in members {
            let keyPlace = "\(name):\(value.line): \"\(JSONReader.shown(key))\""
            if key == "id" {
                guard case let .string(id) = value.value, isID(id) else {
                    throw ExportProblem("\(keyPlace) must be the declaration's id in App Store Connect, as a string", kind: .usage)
                }
                entry.id = id
            } else if key == largerText {
                throw ExportProblem("\(keyPlace) is decided by the audit, for each device family from its own evidence; take it out of \(name)", kind: .usage)
            } else if key == "publish" {
                throw ExportProblem("\(keyPlace): dtaudit never publishes a declaration; publishing stays a person's step in App Store Connect", kind: .usage)
            } else if teamFeatures.contains(key) {
                guard case let .bool(supported) = value.value else { throw ExportProblem("\(keyPlace) must be true or false, found \(value.kind)", kind: .usage) }
                entry.features[key] = supported
            } else {
                throw ExportProblem("\(keyPlace) is not a feature of a declaration"
                                    + Suggestions.didYouMean(Suggestions.closest(to: key, among: keys).first, thenList: "keys", keys.joined(separator: ", ")), kind: .usage)
            }
        }
        return entry
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
