import DynamicType

/// A screen's details as its records fold: the `screen` record that added it and the `edit`
/// records after it. An edit names the records it replaced (`ScreenEdit.replaces`); the records
/// that set a field and that no other setter of it replaced are the field's *heads*. One head is
/// the ordinary case; two or more mean people set the field on two machines without seeing each
/// other's change, and then the latest by stamp stands, everywhere alike, and `conflicts` lists
/// them until someone sets the field again. File patterns follow the latest record that added or
/// removed each one.
public struct ScreenFold: Sendable, Equatable {
    public private(set) var screen: Screen
    public private(set) var removed = false
    /// Each field's heads, latest last, by its name in the records.
    public private(set) var heads: [String: [Stamp]] = [:]
    /// Fields set concurrently: their heads, the one that stands last.
    public var conflicts: [String: [Stamp]] { heads.filter { $0.value.count > 1 } }

    /// The fields whose heads an edit replaces, by the names `ScreenEdit.fields` gives.
    public static let replaceable = ["name", "flow", "critical", "owner", "notes", "triage", "removed"]

    /// Folds `records` (the screen's own record and its edits, in any order); nil without the
    /// record that added the screen. Records of other kinds or screens are ignored.
    public init?(_ records: [LogRecord]) {
        var added: Screen?
        var edits: [(Stamp, ScreenEdit)] = []
        for record in records {
            switch record {
            case .screen(let screen): added = screen
            case .edit(let edit): edits.append((Stamp(record), edit))
            default: continue
            }
        }
        guard let added else { return nil }
        edits = edits.filter { $0.1.screen == added.id }.sorted { $0.0 < $1.0 }
        screen = Screen(id: added.id, name: added.name, flow: added.flow, critical: added.critical, owner: added.owner, notes: added.notes,
                        triage: added.triage, createdAt: added.createdAt, createdBy: added.createdBy)
        let creation = Stamp(at: added.createdAt, id: added.id)
        for field in Self.replaceable {
            // The creation sets every field but `removed`; an edit sets the fields it names.
            var setters: [(stamp: Stamp, edit: ScreenEdit?)] = field == "removed" ? [] : [(creation, nil)]
            setters += edits.filter { $0.1.fields.contains(field) }.map { ($0.0, Optional($0.1)) }
            guard !setters.isEmpty else { continue }
            let replaced = Set(setters.compactMap(\.edit).flatMap(\.replaces))
            var fieldHeads = setters.filter { !replaced.contains($0.stamp.id) }
            // Every setter replaced by another (a loop only a hand-edited file can make): the latest stands.
            if fieldHeads.isEmpty, let latest = setters.max(by: { $0.stamp < $1.stamp }) { fieldHeads = [latest] }
            fieldHeads.sort { $0.stamp < $1.stamp }
            heads[field] = fieldHeads.map(\.stamp)
            // When the creation stands, its values are in place already.
            guard let edit = fieldHeads.last?.edit else { continue }
            switch field {
            case "name": screen.name = edit.name ?? screen.name
            case "flow": screen.flow = edit.flow ?? screen.flow
            case "critical": screen.critical = edit.critical ?? screen.critical
            case "owner": screen.owner = edit.owner ?? screen.owner
            case "notes": screen.notes = edit.notes ?? screen.notes
            case "triage": screen.triage = edit.triage ?? screen.triage
            case "removed": removed = edit.removed ?? removed
            default: break
            }
        }
        var files: [String: Bool] = [:]
        for pattern in added.files { files[pattern] = true }
        for (_, edit) in edits {
            for pattern in edit.addFiles { files[pattern] = true }
            for pattern in edit.removeFiles { files[pattern] = false }
        }
        screen.files = files.filter(\.value).keys.sorted()
    }

    /// The ids an edit of `fields` replaces: every head of each.
    public func replaces(_ fields: [String]) -> [String] {
        Array(Set(fields.flatMap { heads[$0] ?? [] }.map(\.id))).sorted()
    }
}

/// A field of a screen that people set on two machines, neither having seen the other's change:
/// every store keeps the later one (by time, then id), and reports name both so that someone can
/// check, until the field is set again.
public struct ConcurrentEdit: Sendable, Equatable {
    public init(screen: String, field: String, kept: Value, overridden: [Value]) {
        self.screen = screen
        self.field = field
        self.kept = kept
        self.overridden = overridden
    }

    public struct Value: Sendable, Equatable {
        public var text: String
        public var by: String
        public var at: Timestamp
    }

    public var screen: String
    public var field: String
    public var kept: Value
    public var overridden: [Value]
}

extension ScreenFold {
    /// The fields set concurrently, with what each head set; `records` are those the fold was made of.
    public func concurrentEdits(in records: [LogRecord]) -> [ConcurrentEdit] {
        var byID: [String: LogRecord] = [:]
        for record in records { byID[record.id] = record }
        return Self.replaceable.compactMap { field in
            guard let stamps = conflicts[field] else { return nil }
            let values = stamps.compactMap { stamp in
                byID[stamp.id].map { ConcurrentEdit.Value(text: Self.value(of: field, in: $0), by: $0.by, at: $0.at) }
            }
            guard let kept = values.last else { return nil }
            return ConcurrentEdit(screen: screen.name, field: field, kept: kept, overridden: Array(values.dropLast().reversed()))
        }
    }

    /// The value a screen or edit record gives a field, as people read it.
    static func value(of field: String, in record: LogRecord) -> String {
        func shown(_ text: String?) -> String { text ?? "(none)" }
        switch record {
        case .screen(let screen):
            switch field {
            case "name": return screen.name
            case "flow": return shown(screen.flow)
            case "critical": return screen.critical ? "yes" : "no"
            case "owner": return shown(screen.owner)
            case "notes": return shown(screen.notes)
            case "triage": return shown(screen.triage?.rawValue)
            default: return ""
            }
        case .edit(let edit):
            switch field {
            case "name": return shown(edit.name)
            case "flow": return shown(edit.flow ?? nil)
            case "critical": return edit.critical == true ? "yes" : "no"
            case "owner": return shown(edit.owner ?? nil)
            case "notes": return shown(edit.notes ?? nil)
            case "triage": return shown((edit.triage ?? nil)?.rawValue)
            case "removed": return edit.removed == true ? "removed" : "restored"
            default: return ""
            }
        default:
            return ""
        }
    }
}

/// Names people can type. Two screens added on two machines under the same name (in any case) both
/// stay; the one added first keeps the name and the others are shown as "Name (2)", "Name (3)", so
/// that every live screen has a name of its own. Renaming one settles it.
public enum ScreenNames {
    /// The name to show for each screen whose own name clashes, by screen id; screens missing keep
    /// their own name.
    public static func disambiguated(_ screens: [(id: String, name: String, createdAt: Timestamp)]) -> [String: String] {
        var byKey: [String: [(id: String, name: String, createdAt: Timestamp)]] = [:]
        for screen in screens { byKey[screen.name.lowercased(), default: []].append(screen) }
        var taken = Set(byKey.keys)
        var shown: [String: String] = [:]
        for key in byKey.keys.sorted() {
            guard let group = byKey[key], group.count > 1 else { continue }
            let ordered = group.sorted { Stamp(at: $0.createdAt, id: $0.id) < Stamp(at: $1.createdAt, id: $1.id) }
            var number = 2
            for screen in ordered.dropFirst() {
                var candidate = "\(screen.name) (\(number))"
                while taken.contains(candidate.lowercased()) {
                    number += 1
                    candidate = "\(screen.name) (\(number))"
                }
                taken.insert(candidate.lowercased())
                shown[screen.id] = candidate
                number += 1
            }
        }
        return shown
    }
}
