/// A row's values read by the names its query selects (`uid`, or the alias after `AS`), as GRDB's
/// `row["name"]` reads them: a query's columns can be reordered or added to without its readers
/// changing. Each statement reads its columns' names once and keeps them; a lookup, inlined where it
/// is made, tries the column after the last one found first, so that reading a row's columns in the
/// order they are selected costs a comparison of short strings each, about what reading them by
/// place costs.
extension Row {
    @inlinable
    public func isNull(_ name: String) -> Bool { isNull(index(of: name)) }
    @inlinable
    public func int(_ name: String) -> Int { int(index(of: name)) }
    @inlinable
    public func int64(_ name: String) -> Int64 { int64(index(of: name)) }
    @inlinable
    public func bool(_ name: String) -> Bool { bool(index(of: name)) }
    /// The column as text; an empty string for NULL.
    @inlinable
    public func string(_ name: String) -> String { string(index(of: name)) }
    @inlinable
    public func optionalString(_ name: String) -> String? { optionalString(index(of: name)) }

    /// Calls `body` with the column's UTF-8 bytes, valid only during the call.
    @inlinable
    public func withText<T>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        withText(index(of: name), body)
    }

    /// The column's UTF-8 bytes, or nil for NULL, valid until the statement moves on.
    @inlinable
    public func unsafeText(_ name: String) -> UnsafeBufferPointer<UInt8>? { unsafeText(index(of: name)) }
}
