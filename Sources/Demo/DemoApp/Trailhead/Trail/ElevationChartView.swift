import Charts
import SwiftUI

/// Elevation along the trail; vertical, labels on the left, at accessibility sizes.
struct ElevationChartView: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    let profile: [ElevationSample]

    var body: some View {
        Chart(profile) { sample in
            if dynamicTypeSize.isAccessibilitySize {
                BarMark(x: .value("Elevation", sample.meters), y: .value("Distance", sample.kilometers))
            } else {
                LineMark(x: .value("Distance", sample.kilometers), y: .value("Elevation", sample.meters))
            }
        }
        .chartXAxis {
            AxisMarks { _ in
                AxisValueLabel().font(.caption2)
            }
        }
    }
}