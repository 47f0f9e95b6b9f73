/// What a rule notes while it reads one file, for a check of the same rule that runs once the whole
/// file has been read: no-live-update pairs the text style fonts set anywhere in a file with the
/// live updates set anywhere else in it. The rule declares its notes type beside its checks.
protocol FileNotes: AnyObject {
    init()
}

/// One object of each notes type per file, made when a check first asks for it.
final class RuleNotes {
    // One analyzer, on one thread, reads and writes these: a check of exclusive access at every
    // lookup would cost more than the lookup.
    @exclusivity(unchecked) private var notes: [(type: ObjectIdentifier, notes: AnyObject)] = []

    /// The file's notes of `type`, made now if no check has asked for them yet.
    func callAsFunction<Notes: FileNotes>(_ type: Notes.Type) -> Notes {
        if let existing = existing(type) { return existing }
        let made = Notes()
        notes.append((ObjectIdentifier(type), made))
        return made
    }

    /// The file's notes of `type`, or nil when no check has taken any.
    func existing<Notes: FileNotes>(_ type: Notes.Type) -> Notes? {
        let key = ObjectIdentifier(type)
        for entry in notes where entry.type == key { return unsafeDowncast(entry.notes, to: Notes.self) }
        return nil
    }
}
