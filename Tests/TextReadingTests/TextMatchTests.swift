import Testing
@testable import TextReading

/// The text half of the rule: letters and digits of any script, case-folded, compared in order.
@Suite struct TextMatchTests {
    @Test func aLabelReadBackWithOtherSpacingAndPunctuationIsWhole() {
        #expect(TextMatch.readsWhole("Delivery & returns", label: "Delivery & returns"))
        #expect(TextMatch.readsWhole("DELIVERY\nRETURNS", label: "Delivery & returns"))
        #expect(TextMatch.readsWhole("Pay $49.00", label: "Pay $49,00"))
        #expect(TextMatch.readsWhole("Lieferung und Rückgabe", label: "Lieferung und Rückgabe"))
    }

    @Test func missingLettersOrWordsAreNotWhole() {
        #expect(!TextMatch.readsWhole("Forgot pa…", label: "Forgot password?"))
        #expect(!TextMatch.readsWhole("Delivery &", label: "Delivery & returns"))
        #expect(!TextMatch.readsWhole("Pay $49.0", label: "Pay $49.00"))
        #expect(!TextMatch.readsWhole("", label: "Continue"))
        #expect(!TextMatch.readsWhole("Conti…nue", label: "Continue reading"))
    }

    @Test func cyrillicAndLatinLookalikesAreOneLetterButOtherLettersAreNot() {
        // rus+eng reads the Latin "Pay" as the Cyrillic "Рау".
        #expect(TextMatch.readsWhole("Рау $49.00", label: "Pay $49.00"))
        #expect(TextMatch.readsWhole("Доставка и возврат", label: "Доставка и возврат"))
        #expect(!TextMatch.readsWhole("Доставка и возвра", label: "Доставка и возврат"))
        #expect(!TextMatch.readsWhole("Ruckgabe", label: "Rückgabe"))
    }

    @Test func aReaderMayAddALetterButNotMany() {
        // `₽` read as a letter.
        #expect(TextMatch.readsWhole("Итого: 1 284 Р", label: "Итого: 1 284 ₽"))
        #expect(!TextMatch.readsWhole("Look", label: "OK"))
        #expect(!TextMatch.readsWhole("Settings and privacy", label: "Settings"))
    }

    @Test func anEllipsisTheLabelLacksIsTold() {
        #expect(TextMatch.addsEllipsis("Forgot password…", label: "Forgot password?"))
        #expect(TextMatch.addsEllipsis("Forgot pa...", label: "Forgot password?"))
        #expect(!TextMatch.addsEllipsis("Loading…", label: "Loading…"))
        #expect(!TextMatch.addsEllipsis("Forgot password?", label: "Forgot password?"))
    }

    @Test func theMissingLettersAreNamedAsTheLabelSpellsThem() {
        #expect(TextMatch.missing("Forgot pa…", label: "Forgot password?") == "ssword")
        #expect(TextMatch.missing("Pa…00", label: "Pay $49.00") == "y49")
        #expect(TextMatch.missing("", label: "OK") == "ok")
    }
}
