import SwiftUI
let generatedFont = Font.system(size: 9)
