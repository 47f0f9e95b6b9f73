import AuditLog
import Output
import Platform

/// The requests a family's declaration becomes: the JSON body of `POST
/// /v1/accessibilityDeclarations`, or of `PATCH /v1/accessibilityDeclarations/{id}` for a
/// declaration that exists, in the shape of the App Store Connect API's OpenAPI document
/// (`AccessibilityDeclarationCreateRequest`, `AccessibilityDeclarationUpdateRequest`); and the
/// same request as the `asc` command-line tool takes it. `publish` is never set: publishing stays
/// a person's step.
extension ASCDeclaration.Family {
    public var method: String { declarationID == nil ? "POST" : "PATCH" }

    public var path: String {
        "/v1/accessibilityDeclarations" + (declarationID.map { "/" + $0 } ?? "")
    }

    /// The features the body sets, in the API's order: Larger Text from the verdict, the others as
    /// the team declares them.
    public var attributes: [(feature: String, supported: Bool)] {
        guard let largerText = supportsLargerText else { return [] }
        return TeamDeclaration.allFeatures.compactMap { feature in
            feature == TeamDeclaration.largerText ? (feature, largerText) : declared.first { $0.feature == feature }
        }
    }

    /// The request's body; nil when the family is not evaluated. A new declaration names its
    /// family and its app (`appID`).
    public func body(appID: String?) -> JSON? {
        guard supportsLargerText != nil else { return nil }
        var attributes: [(String, JSON)] = declarationID == nil ? [("deviceFamily", .string(family.rawValue))] : []
        attributes += self.attributes.map { ($0.feature, .bool($0.supported)) }
        var data: [(String, JSON)] = [("type", .string("accessibilityDeclarations"))]
        if let declarationID {
            data += [("id", .string(declarationID)), ("attributes", .object(attributes))]
        } else {
            let app: JSON = .object([("data", .object([("type", .string("apps")), ("id", .string(appID ?? ""))]))])
            data += [("attributes", .object(attributes)), ("relationships", .object([("app", app)]))]
        }
        return .object([("data", .object(data))])
    }

    /// The same request for the `asc` tool (App-Store-Connect-CLI): `asc accessibility create
    /// --app ID --device-family IPHONE --supports-larger-text true ...`, or `update --id ID ...`;
    /// the flags as its `internal/cli/accessibility` declares them, each taking `true` or `false`.
    public func ascArguments(appID: String?) -> [String]? {
        guard supportsLargerText != nil else { return nil }
        var arguments = ["asc", "accessibility"]
        if let declarationID {
            arguments += ["update", "--id", declarationID]
        } else {
            arguments += ["create", "--app", appID ?? "", "--device-family", family.rawValue]
        }
        for (feature, supported) in attributes { arguments += ["--" + Self.flag(feature), supported ? "true" : "false"] }
        return arguments
    }

    /// The command as one shell line, every word quoted where a shell would read it.
    public func ascCommand(appID: String?) -> String? {
        ascArguments(appID: appID).map { $0.map(Executable.shellWord).joined(separator: " ") }
    }

    /// `supportsDifferentiateWithoutColorAlone` → `supports-differentiate-without-color-alone`.
    static func flag(_ feature: String) -> String {
        var flag = ""
        for character in feature {
            if character.isUppercase {
                flag += "-" + character.lowercased()
            } else {
                flag.append(character)
            }
        }
        return flag
    }
}
