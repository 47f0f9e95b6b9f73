import AuditStore
import Output

extension Standing {
    /// How every JSON output gives where a screen stands, so that scripts read one shape:
    /// the category, the stage, whether the category is only a triage guess, and the words the
    /// text output uses.
    public var jsonFields: [(String, JSON)] {
        [("category", .string(category.rawValue)), ("state", .string(stage.rawValue)),
         ("guess", .bool(isGuess)), ("standing", .string(label))]
    }
}
