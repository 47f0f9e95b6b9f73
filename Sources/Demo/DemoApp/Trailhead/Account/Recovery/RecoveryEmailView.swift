import SwiftUI

struct RecoveryEmailView: View {
    @State private var email = ""
    @State private var error: String?

    var body: some View {
        Form {
            Section("Email") {
                TextField("you@example.com", text: $email)
                    .textContentType(.emailAddress)
                    .keyboardType(.emailAddress)
            }
            Button("Send reset link") { Task { await send() } }
                .font(.headline)
        }
        .safeAreaInset(edge: .bottom) {
            if let error {
                Text(error)
                    .font(.callout)
                    .foregroundStyle(.white)
                    .frame(maxWidth: .infinity)
                    .frame(height: 44)
                    .background(.red)
            }
        }
    }

    private func send() async {
        error = email.contains("@") ? nil : "No account with that email"
    }
}