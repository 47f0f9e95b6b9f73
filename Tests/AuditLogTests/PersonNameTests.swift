import Testing
@testable import AuditLog

/// The people a typed name stands for: the whole name first, then whole words, then the starts of
/// words in order; a name that could be two people gives both.
@Suite struct PersonNameTests {
    static let team = ["Ben Okafor", "ben okafor", "Ben Smith", "Mei Chen", "Benedikt Roth", "Sam"]

    @Test func aWholeNameWinsOverWordsAndWordsOverStarts() {
        #expect(PersonName.matches("benokafor", among: Self.team) == ["Ben Okafor"])
        #expect(PersonName.matches("BEN  OKAFOR", among: Self.team) == ["Ben Okafor"])
        // "Ben" is a word of two names and the start of a third: the words win, and both are named.
        #expect(PersonName.matches("Ben", among: Self.team) == ["Ben Okafor", "Ben Smith"])
        #expect(PersonName.matches("okafor", among: Self.team) == ["Ben Okafor"])
        #expect(PersonName.matches("Bened", among: Self.team) == ["Benedikt Roth"])
        #expect(PersonName.matches("B Oka", among: Self.team) == ["Ben Okafor"])
        // Starts count in order only.
        #expect(PersonName.matches("Oka B", among: Self.team).isEmpty)
        // A signer named more fully than an owner is written still finds the owner.
        #expect(PersonName.matches("Sam Okafor", among: ["Sam", "Mei Chen"]) == ["Sam"])
        #expect(PersonName.matches("Tess", among: Self.team).isEmpty)
    }
}
