import Output

/// A team's checked-in scan settings: `dtaudit-scan.json` at the scanned root, or the file `--config`
/// names. Every key is optional:
///
///     {
///       "include": ["App/**"],
///       "exclude": ["App/Generated/**"],
///       "rules": { "fixed-symbol-size": "off", "single-line": "minor" },
///       "baseline": "dtaudit-baseline.txt",
///       "failOn": "major"
///     }
///
/// Paths and globs are relative to the scanned root. A key the tool does not know is an error, not
/// ignored: a misspelt "exlude" would otherwise scan what the team meant to leave out, unseen.
public struct ScanConfiguration: Sendable, Equatable {
    /// What a rule setting turns a rule into.
    public enum RuleSetting: Sendable, Equatable {
        case off
        case on
        case severity(Finding.Severity)
    }

    /// Files are scanned only when they match one of these (all files when empty).
    public var include: [Glob] = []
    /// Files matching one of these are not scanned.
    public var exclude: [Glob] = []
    public var rules: [ScanRule: RuleSetting] = [:]
    /// The baseline file, relative to the configuration's folder.
    public var baseline: String?
    /// The least severe finding that fails the run.
    public var failOn: Finding.Severity?

    public init() {}

    /// The file name looked for at the scanned root.
    public static let fileName = "dtaudit-scan.json"
    public static let keys = ["include", "exclude", "rules", "baseline", "failOn"]
    static let ruleSettings = ["off", "on"] + Finding.Severity.allCases.map(\.rawValue)

    /// Whether the configuration lets `file` (relative to the root) be scanned.
    public func admits(_ file: String) -> Bool {
        if !include.isEmpty && !include.contains(where: { $0.matches(file) }) { return false }
        return !exclude.contains { $0.matches(file) }
    }

    /// The rules to run: every rule but those turned off.
    public var enabledRules: Set<ScanRule> {
        Set(ScanRule.allCases.filter { rules[$0] != .off })
    }

    /// The severity a finding of `rule` gets.
    public func severity(of rule: ScanRule) -> Finding.Severity {
        if case let .severity(severity) = rules[rule] { return severity }
        return rule.severity
    }

    /// The most a configuration file may hold.
    public static let maximumBytes = 1 << 20

    static func tooLarge(_ name: String) -> ConfigurationError {
        ConfigurationError("\(name) is larger than a scan configuration can be (\(maximumBytes >> 20) MB)")
    }

    /// Reads a configuration file's bytes; `name` is how messages name the file.
    public static func parse(_ bytes: [UInt8], name: String) throws(ConfigurationError) -> ScanConfiguration {
        guard bytes.count <= maximumBytes else { throw tooLarge(name) }
        let root: JSONReader.Node
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw ConfigurationError("\(name):\(error.line): \(error.message)")
        }
        guard case let .object(members) = root.value else {
            throw ConfigurationError("\(name):\(root.line): expected an object of settings, found \(root.kind)")
        }
        var configuration = ScanConfiguration()
        for (key, node) in members {
            let place = "\(name):\(node.line): \"\(JSONReader.shown(key))\""
            switch key {
            case "include": configuration.include = try globs(node, place)
            case "exclude": configuration.exclude = try globs(node, place)
            case "baseline":
                guard case let .string(path) = node.value, !path.isEmpty, !path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
                    throw ConfigurationError("\(place) must be the path of the baseline file, found \(node.kind)")
                }
                configuration.baseline = path
            case "failOn":
                guard case let .string(value) = node.value, let severity = Finding.Severity(rawValue: value) else {
                    throw ConfigurationError("\(place) must be critical, major or minor")
                }
                configuration.failOn = severity
            case "rules":
                guard case let .object(settings) = node.value else {
                    throw ConfigurationError("\(place) must be an object of rule ids and settings, found \(node.kind)")
                }
                for (id, setting) in settings {
                    let rulePlace = "\(name):\(setting.line): \"rules.\(JSONReader.shown(id))\""
                    guard let rule = ScanRule(rawValue: id) else {
                        let known = ScanRule.allCases.map(\.rawValue)
                        throw ConfigurationError("\(rulePlace) is not a rule"
                            + Suggestions.didYouMean(Suggestions.closest(to: id, among: known).first, thenList: "rules", known.joined(separator: ", ")))
                    }
                    guard case let .string(value) = setting.value, ruleSettings.contains(value) else {
                        throw ConfigurationError("\(rulePlace) must be one of " + ruleSettings.joined(separator: ", "))
                    }
                    configuration.rules[rule] = value == "off" ? .off : value == "on" ? .on : .severity(Finding.Severity(rawValue: value)!)
                }
            default:
                throw ConfigurationError("\(place) is not a setting"
                    + Suggestions.didYouMean(Suggestions.closest(to: key, among: keys).first, thenList: "settings", keys.joined(separator: ", ")))
            }
        }
        return configuration
    }

    private static func globs(_ node: JSONReader.Node, _ place: String) throws(ConfigurationError) -> [Glob] {
        let message = "\(place) must be an array of path patterns"
        guard case let .array(items) = node.value else { throw ConfigurationError(message + ", found \(node.kind)") }
        var result: [Glob] = []
        for item in items {
            guard case let .string(pattern) = item.value, !pattern.isEmpty,
                  !pattern.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw ConfigurationError(message) }
            result.append(Glob(pattern))
        }
        return result
    }
}

/// A configuration file that cannot be used, in one line that names the key.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
