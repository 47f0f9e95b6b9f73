import SwiftUI
let kitFont = Font.system(size: 9)
