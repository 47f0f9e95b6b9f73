import Output
import Platform

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers. Paths are relative to `%SRCROOT%`,
/// the top of the git checkout that holds the scanned root (else the root itself), which
/// `originalUriBaseIds` names; so are the fingerprints, so that a run from a subfolder (a workflow
/// with `working-directory:`) names and identifies every result as a run from the top does.
/// Suppressed findings carry an in-source suppression, baselined ones an external one; every result
/// has a fingerprint and a `baselineState`; preview-only code is left out.
public struct SARIFReporter: ScanReporter {
    public static let name = "sarif"
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) { self.options = options }

    /// Streams the document that `document(_:verdict:)` describes, in the same layout: the tool part
    /// and each result are rendered from their values, results one at a time as they are made.
    public func write(_ report: ScanReport, verdict: ScanVerdict, to stream: BufferedOutput) {
        var writer = JSONWriter(stream: stream)
        let place = Placement(report, repository: options.repositoryRoot)
        writer.raw("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n")
        writer.raw("  \"runs\": [\n    {\n      \"tool\": ")
        writer.value(.object([("driver", .object(driver()))]), indent: 6)
        writer.raw(",\n      \"originalUriBaseIds\": ")
        writer.value(place.baseIDs, indent: 6)
        writer.raw(",\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": ")
        var wroteAny = false
        forEachResult(report, verdict, place) { result in
            writer.raw(wroteAny ? ",\n        " : "[\n        ")
            wroteAny = true
            writer.value(result, indent: 8)
        }
        writer.raw(wroteAny ? "\n      ]" : "[]")
        writer.raw("\n    }\n  ]\n}\n")
        writer.flush()
    }

    /// The tool's driver: name, version and the rules.
    func driver() -> [(String, JSON)] {
        let rules = ScanRule.allCases
        var driver: [(String, JSON)] = [("name", .string("dtaudit"))]
        if let version = options.toolVersion { driver.append(("version", .string(version))) }
        driver.append(("rules", .array(rules.map { rule in
            var entry: [(String, JSON)] = [
                ("id", .string(rule.rawValue)),
                ("name", .string(SARIFReporter.pascalCase(rule.rawValue))),
                ("shortDescription", .object([("text", .string(rule.title))])),
                ("fullDescription", .object([("text", .string(rule.explanation))])),
                ("help", .object([("text", .string(rule.fix))])),
            ]
            if let base = options.rulesHelpBase { entry.append(("helpUri", .string(base + "#" + rule.rawValue))) }
            entry += [
                ("defaultConfiguration", .object([("level", .string(rule.severity.sarifLevel))])),
                ("properties", .object([
                    ("tags", .array([.string("accessibility"), .string("dynamic-type")])),
                    ("checklistItem", .string(rule.item)),
                ])),
            ]
            return .object(entry)
        })))
        return driver
    }

    /// The whole SARIF document as a value (what `write` streams).
    func document(_ report: ScanReport, verdict: ScanVerdict? = nil) -> JSON {
        var results: [JSON] = []
        let place = Placement(report, repository: options.repositoryRoot)
        forEachResult(report, verdict ?? ScanVerdict(report), place) { results.append($0) }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object(driver()))])),
                ("originalUriBaseIds", place.baseIDs),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ])
    }

    /// Each result in order: the findings (but those in preview code and outside the changed lines),
    /// then, with a baseline, one result for each baseline entry fixed since, in the state "absent".
    private func forEachResult(_ report: ScanReport, _ verdict: ScanVerdict, _ place: Placement, _ body: (JSON) -> Void) {
        let rules = ScanRule.allCases
        let fingerprints = place.fingerprints(report, verdict)
        var lastFile: String?
        var lastLocation: [(String, JSON)] = []
        for (k, finding) in report.findings.enumerated() where !finding.inPreview && verdict.states[k] != .outsideChanges {
            // Findings come grouped by file: its location is made once.
            if lastFile != finding.file {
                lastFile = finding.file
                lastLocation = place.artifactLocation(finding.file)
            }
            var result: [(String, JSON)] = [
                ("ruleId", .string(finding.rule.rawValue)),
                ("ruleIndex", .int(rules.firstIndex(of: finding.rule) ?? 0)),
                ("level", .string(finding.severity.sarifLevel)),
                ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([.object([
                    ("physicalLocation", .object([
                        ("artifactLocation", .object(lastLocation)),
                        ("region", .object([
                            ("startLine", .int(finding.line)),
                            ("startColumn", .int(finding.column)),
                        ])),
                    ])),
                ])])),
            ]
            if !finding.localizedCopies.isEmpty {
                // The localized copies that share the finding, reported once here.
                result.append(("relatedLocations", .array(finding.localizedCopies.enumerated().map { c, copy in
                    .object([
                        ("id", .int(c + 1)),
                        ("physicalLocation", .object([
                            ("artifactLocation", .object(place.artifactLocation(copy.file))),
                            ("region", .object([("startLine", .int(copy.line)), ("startColumn", .int(copy.column))])),
                        ])),
                        ("message", .object([("text", .string("The same in the \(copy.localization) localization."))])),
                    ])
                })))
            }
            result += [
                ("partialFingerprints", .object([(SARIFReporter.fingerprintKey, .string(fingerprints[k]))])),
                ("baselineState", .string(verdict.states[k] == .baselined ? "unchanged" : "new")),
            ]
            var suppressions: [JSON] = []
            if let suppression = finding.suppression {
                var entry: [(String, JSON)] = [("kind", .string(suppression.scope == .outdatedCopy ? "external" : "inSource"))]
                if let reason = suppression.reason { entry.append(("justification", .string(reason))) }
                suppressions.append(.object(entry))
            }
            if verdict.states[k] == .baselined {
                suppressions.append(.object([("kind", .string("external")), ("justification", .string("in the scan baseline"))]))
            }
            if !suppressions.isEmpty { result.append(("suppressions", .array(suppressions))) }
            var properties: [(String, JSON)] = [
                ("confidence", .string(finding.confidence.rawValue)),
                ("checklistItem", .string(finding.item)),
            ]
            if let screen = finding.screen { properties.append(("screen", .string(screen))) }
            if !finding.localizedCopies.isEmpty {
                properties.append(("localizations", .array(finding.localizedCopies.map { .string($0.localization) })))
            }
            result.append(("properties", .object(properties)))
            body(.object(result))
        }
        for entry in verdict.fixed {
            let rule = ScanRule(rawValue: entry.rule)
            var result: [(String, JSON)] = [("ruleId", .string(entry.rule))]
            if let rule { result.append(("ruleIndex", .int(rules.firstIndex(of: rule) ?? 0))) }
            result += [
                ("kind", .string("pass")),
                ("level", .string("none")),
                ("message", .object([("text", .string("Fixed since the baseline: " + (rule?.title ?? entry.rule) + "."))])),
                ("locations", .array([.object([
                    ("physicalLocation", .object([("artifactLocation", .object(place.artifactLocation(entry.path)))])),
                ])])),
                ("partialFingerprints", .object([(SARIFReporter.fingerprintKey, .string(place.fingerprint(of: entry)))])),
                ("baselineState", .string("absent")),
            ]
            body(.object(result))
        }
    }

    /// The key of the fingerprint in `partialFingerprints`; the version changes if the identity does.
    static let fingerprintKey = "dtaudit/v1"

    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
