/// Follows the outlets of each type through the app's style methods, once every file's facts are in:
/// an outlet given a font or live updates by a method it is called with counts as one its type's code
/// restyles (`fontMembers`, `liveUpdateMembers`), as a direct `outlet.font = ...` does.
extension ProjectIndex {
    mutating func settleStyleCalls() {
        // A method's effect includes those of the methods of the same view it calls, to any depth.
        var effects: [String: [(owner: String, effect: StyleEffect)]] = [:]
        for (name, methods) in styleMethods { effects[name] = methods.map { ($0.owner, $0.effect) } }
        var changed = true
        var rounds = 0
        while changed && rounds < 8 {
            changed = false
            rounds += 1
            for (name, methods) in styleMethods {
                for (k, method) in methods.enumerated() {
                    var effect = effects[name]![k].effect
                    for callee in method.calls {
                        for other in effects[callee] ?? [] where sameView(other.owner, method.owner) { effect.formUnion(other.effect) }
                    }
                    if effect != effects[name]![k].effect {
                        effects[name]![k].effect = effect
                        changed = true
                    }
                }
            }
        }
        for (name, found) in effects where found.contains(where: \.effect.setsLiveUpdate) { liveUpdateMethods.insert(name) }
        for (type, calls) in outletStyleCalls {
            for call in calls {
                var effect = StyleEffect()
                if call.position < 0 {
                    // An extension in another file than the outlet's does not know its type: the
                    // property's type by name, where the project gives that name one type.
                    let memberType = call.memberType ?? memberTypes[call.member]
                    for method in effects[call.callee] ?? [] where memberType.map({ sameView(method.owner, $0) }) ?? true {
                        effect.formUnion(method.effect)
                    }
                } else {
                    for style in parameterStyles[call.callee] ?? [] where style.position == call.position && style.label == call.label {
                        effect.formUnion(style.effect)
                    }
                }
                if effect.setsFont { ProjectIndex.union(&fontMembers[type], [call.member]) }
                if effect.setsLiveUpdate { ProjectIndex.union(&liveUpdateMembers[type], [call.member]) }
            }
        }
    }

    /// Whether a method of `owner` applies to a view of type `type`: the same type, or the same
    /// kind of UIKit view where the method extends UIKit's own class (`extension UILabel`).
    func sameView(_ owner: String, _ type: String) -> Bool {
        if owner == type { return true }
        guard let base = UIKitClass(typeName: owner) else {
            // A method of the project's own subclass applies to its subclasses.
            var current = type
            for _ in 0..<16 {
                guard let next = declaredTypes[current]?.inherits.first else { return false }
                if next == owner { return true }
                current = next
            }
            return false
        }
        return uikitClass(of: type) == base
    }
}
