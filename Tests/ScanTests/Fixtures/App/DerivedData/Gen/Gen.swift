import SwiftUI
let derivedFont = Font.system(size: 9)
