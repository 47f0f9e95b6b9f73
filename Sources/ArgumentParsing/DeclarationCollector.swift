/// Gathers the declarations of one command as its properties are initialised, so that the parser
/// learns them without reflection: every `@Argument`, `@Option` and `@Flag` hands over its box as it
/// is made, every `@OptionGroup` its value. The names and the order come afterwards from the
/// struct's stored properties, by matching the reference each property holds to a box handed over:
/// a box made and then replaced in a custom `init` is in no property, and is left out.
///
/// One collector per command instance, found through a task-local value: tests parse command lines
/// in parallel in one process. Unchecked sendable: only the code that makes the command, which runs
/// synchronously inside `declarations(making:)`, ever reads it.
final class DeclarationCollector: @unchecked Sendable {
    @TaskLocal static var current: DeclarationCollector?

    /// What one property of a command or option group declares.
    enum Element {
        case box(any ArgumentBox)
        case group(OptionGroupPlacement, [Element])
    }

    /// Every declaration handed over, with the address it is found by; holding the declarations
    /// keeps the addresses from being reused while the collector lives. Arrays, searched from the
    /// start, where a dictionary keyed by addresses would cost a search of the program's
    /// conformances the first time: a command declares a few dozen at most.
    private var declarations: [(address: UInt, declaration: ArgumentDeclaration)] = []
    /// Every option group's elements not yet claimed by an enclosing one, with the first word of
    /// its value: the reference its first property holds, which an enclosing struct holds in turn
    /// where the group lies.
    private var groups: [(word: UInt, placement: OptionGroupPlacement, elements: [Element])] = []

    /// Makes the command with this collector in place and returns its declarations: the command's
    /// own first, those of groups placed in place among them, then those of its shared groups.
    static func declarations(making type: any ParsableCommand.Type) -> (command: any ParsableCommand, boxes: [any ArgumentBox]) {
        let collector = DeclarationCollector()
        let command = $current.withValue(collector) { type.init() }
        return (command, flatten(collector.elements(ofCommand: command), global: false))
    }

    private func elements<Command: ParsableCommand>(ofCommand command: Command) -> [Element] {
        elements(of: command).map(\.element)
    }

    func collect(_ declaration: ArgumentDeclaration) {
        declarations.append((DeclarationCollector.address(of: declaration), declaration))
    }

    func collect<Value: ParsableArguments>(group value: Value) {
        let found = self.elements(of: value)
        // A group with no declarations of its own has no boxes to find.
        guard let first = found.first else { return }
        // The group is found again by its first word, which must then be a declaration's reference:
        // a plain value there (a number, a string) could equal another property's.
        precondition(first.offset == 0, "\(Value.self): an option group's first property is a declaration or an option group")
        withUnsafeBytes(of: value) { bytes in
            groups.append((bytes.loadUnaligned(as: UInt.self), Value.placement, found.map(\.element)))
        }
    }

    /// The declarations of the value's properties, in the order they are declared, each box named
    /// after its property. A group's own group is claimed here, so that the enclosing group, which
    /// begins with the same word, is not confused with it.
    private func elements<Value>(of value: Value) -> [(offset: Int, element: Element)] {
        guard let layout = StoredProperties(of: Value.self) else {
            preconditionFailure("\(Value.self): commands and option groups are structs")
        }
        return withUnsafeBytes(of: value) { bytes in
            layout.properties.compactMap { property -> (offset: Int, element: Element)? in
                guard property.offset + MemoryLayout<UInt>.size <= bytes.count else { return nil }
                let word = bytes.loadUnaligned(fromByteOffset: property.offset, as: UInt.self)
                if let index = groups.firstIndex(where: { $0.word == word }) {
                    let group = groups.remove(at: index)
                    return (property.offset, .group(group.placement, group.elements))
                }
                guard let box = declarations.first(where: { $0.address == word })?.declaration.box else { return nil }
                box.definition.propertyName = String(property.name.drop { $0 == "_" })
                return (property.offset, .box(box))
            }
        }
    }

    private static func flatten(_ elements: [Element], global: Bool) -> [any ArgumentBox] {
        var own: [any ArgumentBox] = []
        var grouped: [any ArgumentBox] = []
        for element in elements {
            switch element {
            case .box(let box):
                box.definition.isGlobal = global
                own.append(box)
            case .group(.shared, let inner): grouped += flatten(inner, global: true)
            case .group(.inPlace, let inner): own += flatten(inner, global: global)
            }
        }
        return own + grouped
    }

    private static func address(of declaration: ArgumentDeclaration) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(declaration).toOpaque())
    }
}
