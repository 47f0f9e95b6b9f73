import SwiftUI
import UIKit

// Code that only looks like a finding: in comments, in strings, in raw strings.
// Text("old").font(.system(size: 12))
/* label.numberOfLines = 1
   /* nested: label.adjustsFontSizeToFitWidth = true */
   .lineLimit(1)
*/

struct CodeSamples: View {
    let snippet = "Text(title).font(.system(size: 12)).lineLimit(1)"
    let rawSnippet = #"label.font = UIFont.systemFont(ofSize: 14) // "quoted""#
    let doubleRaw = ##"A raw string with "# inside: .minimumScaleFactor(0.5)"##
    let guide = """
        To pin a size, write .dynamicTypeSize(.large) or
        label.numberOfLines = 1, but please don't.
        """
    let count = 3

    var body: some View {
        VStack {
            Text("Showing \(count) of \(snippet.count) samples: .font(.system(size: 9))")
            Text(#"Raw with interpolation \#(count) and "quotes""#)
            Text("Nested \(String(describing: "inner \(count) string")) done")
                .font(.system(size: 15))
        }
    }
}

#if DEBUG
struct DebugOverlay: View {
    var body: some View {
        Text("debug build").font(.system(size: 9))
    }
}
#endif

let regexes = [#/size: \d+/#]
