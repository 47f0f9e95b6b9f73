@testable import AuditStore
import DynamicType
import Evidence
import Foundation
import Testing

/// `evidence import`: which file of a folder goes to which screen, size and item, and why the
/// others don't.
@Suite struct EvidenceImportTests {
    /// The temporary store (screen `Checkout`) with more screens, and a folder of screenshots.
    struct Folder {
        let temporary: TemporaryStore
        let root: String

        init(screens: [String] = ["Checkout: cart", "Settings"]) throws {
            temporary = try TemporaryStore()
            let store = temporary.store
            try store.write {
                for name in screens {
                    _ = try store.addScreen(name: name, flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess")
                }
            }
            root = temporary.root.path + "/shots"
        }

        var store: AuditStore { temporary.store }

        /// Writes a file under the folder, making its subfolders.
        func add(_ path: String, _ bytes: [UInt8]) throws {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }

        func plan(map: ScreenMap = ScreenMap()) throws -> EvidenceImport.Plan {
            try EvidenceImport.plan(files: try EvidenceImport.files(in: root), root: root, store: store, map: map, progress: nil)
        }

        func mapFile(_ text: String) throws -> String {
            try temporary.file("map-\(UUID().uuidString).txt", Array(text.utf8))
        }
    }

    /// `file → screen size item by`, as `--dry-run` lists them.
    static func lines(_ matches: [EvidenceImport.Match]) -> [String] {
        matches.map { "\($0.relativePath) → \($0.screen.name) \($0.size.id) \($0.item ?? "screen") \($0.matchedBy)" }
    }

    @Test func filesAreListedSortedWithoutHiddenOnes() throws {
        let folder = try Folder()
        for path in ["b.png", "a/z.png", ".DS_Store", ".cache/x.png", "a/.hidden.png"] { try folder.add(path, TemporaryStore.png(path)) }
        #expect(try EvidenceImport.files(in: folder.root) == ["a/z.png", "b.png"])
    }

    @Test func filesGoToScreensByTheirNameFolderOrTheMap() throws {
        let folder = try Folder()
        for path in ["Checkout_AX5@3x.png", "SettingsTests/testDefault.large.png", "Checkout_ax3_no-overlap.png",
                     "Checkout-cart_l.png", "PaymentSheet_AX1.png"] {
            try folder.add(path, TemporaryStore.png(path))
        }
        let map = try ScreenMap.load(try folder.mapFile("# file names = screen\nPaymentSheet = Checkout: cart\n"), shownAs: "map.txt", store: folder.store)
        let plan = try folder.plan(map: map)
        #expect(Self.lines(plan.matches) == [
            "Checkout-cart_l.png → Checkout: cart l screen name",
            "Checkout_AX5@3x.png → Checkout ax5 screen name",
            "Checkout_ax3_no-overlap.png → Checkout ax3 no-overlap name",
            "PaymentSheet_AX1.png → Checkout: cart ax1 screen map",
            "SettingsTests/testDefault.large.png → Settings l screen folder",
        ])
        #expect(plan.misses.isEmpty && plan.duplicates.isEmpty)
        let first = try #require(plan.matches.first)
        #expect(first.hash == SHA256.hex(of: TemporaryStore.png("Checkout-cart_l.png")))
        #expect(first.candidate.kind == .png)
        // Planning changes nothing.
        #expect(try folder.store.evidenceLinks().isEmpty)
        #expect(folder.temporary.evidenceNames.isEmpty)
    }

    @Test func filesThatCannotBeMatchedSayWhy() throws {
        let folder = try Folder(screens: ["Sign in", "Sign-in", "Profile"])
        try folder.add("notes.png", Array("release notes".utf8))
        try folder.add("Checkout.png", TemporaryStore.png("no size"))
        try folder.add("Profil_ax5.png", TemporaryStore.png("typo"))
        try folder.add("SignIn_ax5.png", TemporaryStore.png("two screens"))
        try folder.add("big_Checkout_ax5.png", TemporaryStore.png("big", padding: 3000))
        try folder.store.write { try folder.store.setEvidenceLimit(2000) }

        let plan = try folder.plan()
        #expect(plan.matches.isEmpty)
        let reasons = Dictionary(uniqueKeysWithValues: plan.misses.map { ($0.relativePath, $0.reason) })
        #expect(reasons == [
            "notes.png": "not a PNG, JPEG, HEIC, PDF, MOV or MP4 file: its content is text",
            "Checkout.png": "no size in its name (write sizes like ax5, accessibility5 or accessibility-extra-extra-extra-large)",
            "Profil_ax5.png": "no screen is named like 'Profil_ax5'; did you mean 'Profile'? Map it with --screen-map",
            "SignIn_ax5.png": "its name fits 2 screens ('Sign in', 'Sign-in'); map it with --screen-map",
            "big_Checkout_ax5.png": "3 KB, over the 2 KB limit",
        ])
    }

    @Test func aFileAlreadyAttachedOrGivenTwiceIsSkipped() throws {
        let folder = try Folder()
        let bytes = TemporaryStore.png("same")
        try folder.add("run1/Checkout_ax5.png", bytes)
        try folder.add("run2/Checkout_ax5.png", bytes)
        // The same bytes at another size are another attachment.
        try folder.add("run2/Checkout_ax3.png", bytes)

        let plan = try folder.plan()
        #expect(plan.matches.map(\.relativePath) == ["run1/Checkout_ax5.png", "run2/Checkout_ax3.png"])
        #expect(plan.duplicates.map(\.relativePath) == ["run2/Checkout_ax5.png"])

        let store = folder.store
        try store.write {
            for match in plan.matches {
                let file = try store.storeEvidence(match.candidate, by: "Tess")
                try store.attach(file, name: match.relativePath, to: match.screen, size: match.size, item: match.item, by: "Tess")
            }
        }
        let again = try folder.plan()
        #expect(again.matches.isEmpty)
        #expect(again.duplicates.map(\.relativePath) == ["run1/Checkout_ax5.png", "run2/Checkout_ax3.png", "run2/Checkout_ax5.png"])
    }

    @Test func aScreenMapReadsAsAnyEditorWritesIt() throws {
        let folder = try Folder()
        let path = try folder.mapFile("\u{FEFF}# names = screens\r\n\r\n  Payment Sheet =  Checkout: cart \r\nOnboardingTests=Settings\r\n")
        let map = try ScreenMap.load(path, shownAs: "map.txt", store: folder.store)
        #expect(map.screens.mapValues(\.name) == ["paymentsheet": "Checkout: cart", "onboardingtests": "Settings"])
    }

    @Test func aBadScreenMapNamesItsLine() throws {
        let folder = try Folder()
        let cases: [(String, EvidenceImportError)] = [
            ("# comment\nnonsense\n", .mapLine(file: "map.txt", line: 2, problem: "expected 'name in file names = screen', found 'nonsense'")),
            ("Pay = \n", .mapLine(file: "map.txt", line: 1, problem: "expected 'name in file names = screen', found 'Pay = '")),
            ("Pay = Nowhere\n", .mapLine(file: "map.txt", line: 1, problem: "no screen named 'Nowhere'; 'dtaudit screen list' shows them")),
            ("Pay = Checkout\npay = Settings\n", .mapLine(file: "map.txt", line: 2, problem: "'pay' is already mapped to 'Checkout'")),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try ScreenMap.load(try folder.mapFile(text), shownAs: "map.txt", store: folder.store) }
        }
        // The same screen twice is no conflict.
        let twice = try ScreenMap.load(try folder.mapFile("Pay = Checkout\nPAY = checkout\n"), shownAs: "map.txt", store: folder.store)
        #expect(twice.screens.count == 1)

        #expect(throws: EvidenceImportError.unreadableMap("no screen map file at gone.txt")) {
            try ScreenMap.load(folder.temporary.root.path + "/gone.txt", shownAs: "gone.txt", store: folder.store)
        }
        let binary = try folder.temporary.file("binary.txt", [0x50, 0x61, 0xFF, 0xFE, 0x3D])
        #expect(throws: EvidenceImportError.unreadableMap("map.bin is not UTF-8 text")) {
            try ScreenMap.load(binary, shownAs: "map.bin", store: folder.store)
        }
    }
}
