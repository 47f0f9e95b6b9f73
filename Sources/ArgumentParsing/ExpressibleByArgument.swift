import Output

/// A type whose values can be typed on the command line.
public protocol ExpressibleByArgument {
    /// Converts the typed text; throw `ValidationError` with a message that says what is allowed.
    init(argument: String) throws
    /// The values to list in help, if there is a short fixed set.
    static var allValueStrings: [String] { get }
    /// How the default value is shown in help.
    var defaultValueDescription: String { get }
    /// What a shell offers for a value of this type, unless the declaration says otherwise.
    static var defaultCompletionKind: CompletionKind { get }
}

extension ExpressibleByArgument {
    public static var allValueStrings: [String] { [] }
    public var defaultValueDescription: String { String(describing: self) }
}

extension String: ExpressibleByArgument {
    public init(argument: String) throws { self = argument }
}

extension Int: ExpressibleByArgument {
    public init(argument: String) throws {
        guard let value = Int(argument) else { throw ValidationError("'\(argument)' is not a whole number") }
        self = value
    }
}

extension Double: ExpressibleByArgument {
    public init(argument: String) throws {
        guard let value = Double(argument), value.isFinite else { throw ValidationError("'\(argument)' is not a number") }
        self = value
    }
}

/// Enumerations typed by their raw value (`--type stack-flip`), in any case and with or without
/// its hyphens, so that the words output shows (`re-check pending`) are taken as typed; anything
/// else gets "did you mean" the nearest value.
extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    public init(argument: String) throws {
        let typed = Suggestions.valueKey(argument)
        if let value = Self(rawValue: argument) ?? Self.allCases.first(where: { Suggestions.valueKey($0.rawValue) == typed }) {
            self = value
            return
        }
        let names = Self.allCases.map(\.rawValue)
        throw ValidationError("'\(argument)' is not one of \(names.joined(separator: ", "))"
                              + (Suggestions.nearestValue(to: argument, among: names).map { "; did you mean '\($0)'?" } ?? ""))
    }

    // A closure, not the key path `\.rawValue`: a key path of a generic type is built at run time.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public var defaultValueDescription: String { rawValue }
}

/// An enumeration whose cases are exclusive flags: `--pass`, `--fail`, `--na`, `--untested`.
public protocol EnumerableFlag: CaseIterable, Equatable {
    /// The flag's name without dashes.
    static func name(for value: Self) -> String
    static func help(for value: Self) -> String
}

extension EnumerableFlag where Self: RawRepresentable, RawValue == String {
    public static func name(for value: Self) -> String { value.rawValue }
}
