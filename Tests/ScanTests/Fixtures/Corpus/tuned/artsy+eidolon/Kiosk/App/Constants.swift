import Foundation

struct AnimationDuration {
    static let Normal: TimeInterval = 0.30
    static let Short: TimeInterval = 0.15
}

let SyncInterval: TimeInterval = 60
let ButtonHeight: CGFloat = 50
