import Output

extension JSON {
    /// A parsed value as the writer's JSON, keeping member order.
    public init(node: JSONReader.Node) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text): self = Int(text).map(JSON.int) ?? .double(Double(text) ?? 0)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(JSON.init(node:)))
        case .object(let members): self = .object(members.map { ($0.key, JSON(node: $0.value)) })
        }
    }
}
