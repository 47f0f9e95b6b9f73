// dtaudit:ignore-file fixed-font-size, single-line — widget layouts have a fixed size; checked by hand
import SwiftUI

struct SmallWidgetView: View {
    let title: String

    var body: some View {
        VStack {
            Text(title).font(.system(size: 14)).lineLimit(1)
            Text(title).minimumScaleFactor(0.6)
        }
    }
}
