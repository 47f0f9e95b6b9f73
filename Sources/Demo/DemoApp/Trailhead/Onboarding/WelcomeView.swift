import SwiftUI

struct WelcomeView: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    var onStart: () -> Void

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            AnimatedTrailMap()
                .ignoresSafeArea()
            VStack(alignment: .leading, spacing: 12) {
                Text("Find your next trail")
                    .font(.largeTitle.bold())
                Text("Guided hikes, offline maps and trail conditions from people who walked them today.")
                    .font(.body)
                Button("Get started", action: onStart)
                    .font(.headline)
                    .buttonStyle(.borderedProminent)
            }
            .padding()
            // At accessibility sizes the title covers the moving map: give it a backing.
            .background(dynamicTypeSize.isAccessibilitySize ? AnyShapeStyle(.regularMaterial) : AnyShapeStyle(.clear))
        }
    }
}

#Preview {
    WelcomeView(onStart: {})
}