import SwiftUI

/// One day of a planned trip: the date, and the trails of that day.
struct TripDayHeader: View {
    let day: TripDay

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(day.date.formatted(.dateTime.weekday(.wide).day().month()))
                .font(.custom("Fraunces-SemiBold", fixedSize: 20))
            Text(day.trails.map(\.name).joined(separator: ", "))
                .font(.system(size: 15))
                .foregroundStyle(.secondary)
        }
    }
}