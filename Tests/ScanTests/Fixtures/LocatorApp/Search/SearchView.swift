import SwiftUI

struct SearchView: View {
    @State private var query = ""
    let results: [String]

    var body: some View {
        VStack {
            Text("Search trails")
                .font(.system(size: 26)) // expect: Search trails
            Text("\(results.count) results")
                .font(.system(size: 12)) // expect: search.resultCount
            if results.isEmpty {
                Text("search.empty")
                    .lineLimit(1) // expect: No trails match
            }
            HStack {
                Text("Recent")
                    .font(.system(size: 14)) // expect: Recent
                Spacer()
                Button("Clear") { query = "" }
                    .font(.system(size: 14)) // expect: Clear
            }
            Label("Filters", systemImage: "line.3.horizontal.decrease")
                .font(.system(size: 16)) // expect: Filters
            Text("Recent")
                .font(.headline)
        }
    }
}
