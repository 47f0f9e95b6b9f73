/// What the parser knows of one declared argument, option or flag.
struct Definition {
    enum Kind {
        /// A positional argument.
        case positional
        /// An option that takes a value: `--size ax5`, `--size=ax5`, `-s ax5`.
        case option
        /// A flag with no value; `inversion` is the name that sets it false (`--no-critical`).
        case flag(inversion: String?)
        /// Exclusive flags, one per case of an enumeration.
        case choice(names: [(name: String, help: String)])
    }

    var kind: Kind
    /// The property's name without the underscore, the default long name.
    var propertyName: String = ""
    var explicitName: Name?
    var help: String
    var valueName: String?
    var isRequired: Bool
    var isRepeating: Bool
    var defaultDescription: String?
    var allowedValues: [String]
    var isHidden = false
    /// Declared in an option group shared by many commands (`--store`), not in place.
    var isGlobal = false
    /// What a shell offers for the value.
    var completion: CompletionKind = .none

    var longName: String? {
        switch kind {
        case .positional, .choice: return nil
        case .option, .flag: return explicitName?.long ?? ArgumentNames.kebabCase(propertyName)
        }
    }

    var shortName: Character? { explicitName?.short }

    /// Every spelling that selects this declaration, with dashes.
    var spellings: [String] {
        switch kind {
        case .positional: return []
        case .choice(let names): return names.map { "--" + $0.name }
        case .flag(let inversion):
            return [longName.map { "--" + $0 }, shortName.map { "-" + String($0) }, inversion.map { "--" + $0 }].compactMap { $0 }
        case .option:
            return [longName.map { "--" + $0 }, shortName.map { "-" + String($0) }].compactMap { $0 }
        }
    }

    var takesValue: Bool {
        if case .option = kind { return true }
        return false
    }

    /// `<sizes>`: the placeholder for the value in usage lines.
    var placeholder: String {
        "<" + (valueName ?? ArgumentNames.kebabCase(propertyName)) + ">"
    }
}

/// What a property wrapper shares with the parser: its definition and a box the parser fills.
protocol ArgumentBox: AnyObject {
    var definition: Definition { get set }
    /// Takes one value typed on the command line (for flags and choices, the spelling used).
    func accept(_ raw: String, spelling: String) throws
    /// Called after all values: applies defaults, rejects missing required values.
    func finish() throws
}

/// What `@Argument`, `@Option` and `@Flag` have in common: the box the parser fills, handed to the
/// command instance being made (`DeclarationCollector`). A class, so that the parser finds a
/// declaration in a property by the reference the property holds.
public class ArgumentDeclaration {
    let box: any ArgumentBox

    init(box: any ArgumentBox) {
        self.box = box
        DeclarationCollector.current?.collect(self)
    }
}

final class Box<Value>: ArgumentBox {
    var definition: Definition
    var value: Value?
    private var seen = false
    private var usedSpelling: String?
    private let convert: (String, String) throws -> Value
    private let combine: ((Value, Value) -> Value)?

    init(definition: Definition, initial: Value?, convert: @escaping (String, String) throws -> Value,
         combine: ((Value, Value) -> Value)? = nil) {
        self.definition = definition
        self.value = initial
        self.convert = convert
        self.combine = combine
    }

    func accept(_ raw: String, spelling: String) throws {
        let converted = try convert(raw, spelling)
        if let combine {
            value = seen ? combine(value ?? converted, converted) : converted
        } else if let earlier = usedSpelling, case .choice = definition.kind, earlier != spelling {
            throw UsageError.conflict(earlier, spelling)
        } else if let earlier = usedSpelling, case .flag = definition.kind, earlier != spelling {
            throw UsageError.conflict(earlier, spelling)
        } else if seen, case .option = definition.kind {
            throw UsageError.repeated(spelling)
        } else if seen, case .positional = definition.kind {
            throw UsageError.repeated(definition.placeholder)
        } else {
            value = converted
        }
        seen = true
        usedSpelling = spelling
    }

    func finish() throws {
        if !seen && definition.isRequired { throw UsageError.missing(definition) }
    }

    var current: Value {
        guard let value else { preconditionFailure("'\(definition.propertyName)' was read before the command line was parsed") }
        return value
    }
}

private func converter<T: ExpressibleByArgument>(_ type: T.Type) -> (String, String) throws -> T {
    { raw, spelling in
        do {
            return try T(argument: raw)
        } catch let error as ValidationError {
            throw UsageError.invalidValue(spelling: spelling, message: error.message)
        }
    }
}

/// A positional argument.
@propertyWrapper
public final class Argument<Value>: ArgumentDeclaration {
    let storage: Box<Value>
    public var wrappedValue: Value { storage.current }

    init(storage: Box<Value>) {
        self.storage = storage
        super.init(box: storage)
    }
}

extension Argument where Value: ExpressibleByArgument {
    /// A required argument.
    public convenience init(help: String, valueName: String? = nil, completion: CompletionKind? = nil) {
        self.init(storage: Box(definition: Definition(kind: .positional, help: help, valueName: valueName, isRequired: true,
                                             isRepeating: false, allowedValues: Value.allValueStrings,
                                             completion: completion ?? Value.defaultCompletionKind),
                      initial: nil, convert: converter(Value.self)))
    }

    public convenience init(wrappedValue: Value, help: String, valueName: String? = nil, completion: CompletionKind? = nil) {
        self.init(storage: Box(definition: Definition(kind: .positional, help: help, valueName: valueName, isRequired: false,
                                             isRepeating: false, defaultDescription: wrappedValue.defaultValueDescription,
                                             allowedValues: Value.allValueStrings, completion: completion ?? Value.defaultCompletionKind),
                      initial: wrappedValue, convert: converter(Value.self)))
    }
}

extension Argument {
    /// An optional argument.
    public convenience init<Element: ExpressibleByArgument>(help: String, valueName: String? = nil, completion: CompletionKind? = nil) where Value == Element? {
        let convert = converter(Element.self)
        self.init(storage: Box(definition: Definition(kind: .positional, help: help, valueName: valueName, isRequired: false,
                                             isRepeating: false, allowedValues: Element.allValueStrings,
                                             completion: completion ?? Element.defaultCompletionKind),
                      initial: .some(nil), convert: { Optional(try convert($0, $1)) }))
    }

    /// Any number of arguments.
    public convenience init<Element: ExpressibleByArgument>(wrappedValue: [Element] = [], help: String, valueName: String? = nil, required: Bool = false,
                                                completion: CompletionKind? = nil) where Value == [Element] {
        let convert = converter(Element.self)
        self.init(storage: Box(definition: Definition(kind: .positional, help: help, valueName: valueName, isRequired: required,
                                             isRepeating: true, allowedValues: Element.allValueStrings,
                                             completion: completion ?? Element.defaultCompletionKind),
                      initial: wrappedValue, convert: { [try convert($0, $1)] }, combine: { $0 + $1 }))
    }
}

/// An option that takes a value.
@propertyWrapper
public final class Option<Value>: ArgumentDeclaration {
    let storage: Box<Value>
    public var wrappedValue: Value { storage.current }

    init(storage: Box<Value>) {
        self.storage = storage
        super.init(box: storage)
    }
}

extension Option where Value: ExpressibleByArgument {
    /// A required option.
    public convenience init(name: Name? = nil, help: String, valueName: String? = nil, completion: CompletionKind? = nil) {
        self.init(storage: Box(definition: Definition(kind: .option, explicitName: name, help: help, valueName: valueName,
                                             isRequired: true, isRepeating: false, allowedValues: Value.allValueStrings,
                                             completion: completion ?? Value.defaultCompletionKind),
                      initial: nil, convert: converter(Value.self)))
    }

    /// An option with a default value.
    public convenience init(wrappedValue: Value, name: Name? = nil, help: String, valueName: String? = nil, completion: CompletionKind? = nil) {
        self.init(storage: Box(definition: Definition(kind: .option, explicitName: name, help: help, valueName: valueName,
                                             isRequired: false, isRepeating: false,
                                             defaultDescription: wrappedValue.defaultValueDescription,
                                             allowedValues: Value.allValueStrings, completion: completion ?? Value.defaultCompletionKind),
                      initial: wrappedValue, convert: converter(Value.self)))
    }
}

extension Option {
    /// An optional option.
    public convenience init<Element: ExpressibleByArgument>(name: Name? = nil, help: String, valueName: String? = nil, hidden: Bool = false,
                                                completion: CompletionKind? = nil) where Value == Element? {
        let convert = converter(Element.self)
        var definition = Definition(kind: .option, explicitName: name, help: help, valueName: valueName,
                                    isRequired: false, isRepeating: false, allowedValues: Element.allValueStrings,
                                    completion: completion ?? Element.defaultCompletionKind)
        definition.isHidden = hidden
        self.init(storage: Box(definition: definition, initial: .some(nil), convert: { Optional(try convert($0, $1)) }))
    }

    /// An option that may be given several times; each value is kept.
    public convenience init<Element: ExpressibleByArgument>(wrappedValue: [Element] = [], name: Name? = nil, help: String, valueName: String? = nil,
                                                completion: CompletionKind? = nil) where Value == [Element] {
        let convert = converter(Element.self)
        self.init(storage: Box(definition: Definition(kind: .option, explicitName: name, help: help, valueName: valueName,
                                             isRequired: false, isRepeating: true, allowedValues: Element.allValueStrings,
                                             completion: completion ?? Element.defaultCompletionKind),
                      initial: wrappedValue, convert: { [try convert($0, $1)] }, combine: { $0 + $1 }))
    }
}

/// A flag: present or not, or one of several exclusive flags.
@propertyWrapper
public final class Flag<Value>: ArgumentDeclaration {
    let storage: Box<Value>
    public var wrappedValue: Value { storage.current }

    init(storage: Box<Value>) {
        self.storage = storage
        super.init(box: storage)
    }
}

extension Flag where Value == Bool {
    /// `--name` sets it true; `inversion` names a flag that sets it back to false.
    public convenience init(wrappedValue: Bool = false, name: Name? = nil, inversion: String? = nil, help: String) {
        self.init(storage: Box(definition: Definition(kind: .flag(inversion: inversion), explicitName: name, help: help,
                                             isRequired: false, isRepeating: false, allowedValues: []),
                      initial: wrappedValue, convert: { _, spelling in spelling != "--" + (inversion ?? "\u{0}") }))
    }
}

extension Flag where Value == Bool? {
    /// Nil unless `--name` (true) or `--inversion` (false) is given, for edits that change only
    /// what was asked.
    public convenience init(name: Name? = nil, inversion: String, help: String) {
        self.init(storage: Box(definition: Definition(kind: .flag(inversion: inversion), explicitName: name, help: help,
                                             isRequired: false, isRepeating: false, allowedValues: []),
                      initial: .some(nil), convert: { _, spelling in spelling != "--" + inversion }))
    }
}

extension Flag {
    /// Exactly one of the enumeration's flags, or nil when none is given and none is required.
    public convenience init<Element: EnumerableFlag>(required: Bool = false) where Value == Element? {
        // The cases and their spellings in arrays of their own, searched by the concrete list of
        // spellings: a generic search of the cases would have the runtime look their collection's
        // types up by name when the flag is typed.
        let values = Array(Element.allCases)
        let names = values.map { (name: Element.name(for: $0), help: Element.help(for: $0)) }
        let spellings = names.map { "--" + $0.name }
        self.init(storage: Box(definition: Definition(kind: .choice(names: names), help: "", isRequired: required,
                                             isRepeating: false, allowedValues: []),
                      initial: .some(nil),
                      convert: { _, spelling in spellings.firstIndex(of: spelling).map { values[$0] } }))
    }
}

/// Options declared once in their own struct and used by several commands (`--store`, `--json`).
public protocol ParsableArguments {
    init()
    /// Where help, usage lines and the manual page show the group's declarations.
    static var placement: OptionGroupPlacement { get }
}

extension ParsableArguments {
    public static var placement: OptionGroupPlacement { .shared }
}

public enum OptionGroupPlacement: Sendable {
    /// After the command's own options and left out of its usage line, as options that nearly every
    /// command takes (`--store`, `--by`): they would drown what is particular to each command.
    case shared
    /// Where the group is declared, as if the command declared them itself (`--json`, the screen
    /// argument), so that a positional keeps its place among the command's own.
    case inPlace
}

@propertyWrapper
public struct OptionGroup<Value: ParsableArguments> {
    public var wrappedValue: Value

    public init() {
        wrappedValue = Value()
        DeclarationCollector.current?.collect(group: wrappedValue)
    }

    /// A group whose declarations say something particular to this command (another help text).
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
        DeclarationCollector.current?.collect(group: wrappedValue)
    }
}
