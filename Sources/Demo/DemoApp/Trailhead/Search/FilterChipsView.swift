import SwiftUI

/// Filter chips above the search results.
struct FilterChipsView: View {
    @Binding var filters: Set<TrailFilter>
    let resultCount: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            ViewThatFits(in: .horizontal) {
                HStack { chips }
                ScrollView(.horizontal, showsIndicators: false) {
                    HStack { chips }
                }
            }
            Text("\(resultCount) trails match")
                .font(.footnote)
                .minimumScaleFactor(0.7)
        }
    }

    private var chips: some View {
        ForEach(TrailFilter.allCases) { filter in
            Toggle(filter.title, isOn: binding(for: filter))
                .toggleStyle(.button)
                .font(.subheadline)
        }
    }

    private func binding(for filter: TrailFilter) -> Binding<Bool> {
        Binding(get: { filters.contains(filter) },
                set: { isOn in if isOn { filters.insert(filter) } else { filters.remove(filter) } })
    }
}