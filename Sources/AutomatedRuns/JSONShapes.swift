import Output

/// Reading the JSON other tools write: lookups that give nil for whatever is missing or of
/// another type, since those files are read for what they hold, not validated field by field.
extension JSONReader.Node {
    subscript(key: String) -> JSONReader.Node? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var number: String? {
        if case .number(let text) = value { return text }
        return nil
    }

    var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    var array: [JSONReader.Node] {
        if case .array(let elements) = value { return elements }
        return []
    }

    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    var keys: [String] {
        if case .object(let members) = value { return members.map(\.key) }
        return []
    }

    /// A value of the legacy `xcresulttool --legacy` JSON, where every value is wrapped:
    /// `{"_type": {"_name": "String"}, "_value": "..."}` and arrays `{"_values": [...]}`.
    var legacyString: String? {
        string ?? self["_value"]?.string
    }

    var legacyArray: [JSONReader.Node] {
        if let values = self["_values"] { return values.array }
        return array
    }

    var legacyType: String? {
        self["_type"]?["_name"]?.string
    }
}
