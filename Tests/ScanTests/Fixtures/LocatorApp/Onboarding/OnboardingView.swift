import SwiftUI

struct OnboardingView: View {
    let step: Int

    var body: some View {
        VStack(spacing: 16) {
            Text("onboarding.welcome")
                .font(.system(size: 34, weight: .black)) // expect: Welcome to Trailhead
            Text("onboarding.pitch")
                .lineLimit(2)
                .font(.system(size: 17)) // expect: Plan hikes with friends
            Text(L10n.Onboarding.step(step, 4))
                .font(.system(size: 13)) // expect: Step 2 of 4
            Button(L10n.Onboarding.start) {}
                .font(.system(size: 18, weight: .semibold)) // expect: Get started
                .frame(height: 52)
            Button(L10n.Onboarding.skip) {}
                .font(.system(size: 15)) // expect: Skip for now
            Text(NSLocalizedString("onboarding.privacy", comment: "The privacy line"))
                .font(.system(size: 11)) // expect: We never sell your data
            Text("onboarding.footer")
                .font(.system(size: 10)) // expect: Made in Oregon
        }
    }
}
