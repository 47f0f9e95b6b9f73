import AuditLog
import AuditStore
import DynamicType
import Interchange
import Testing
@testable import Reports

/// The App Store Connect declaration decided from the audit: the main family's verdict is the
/// review page's when every recording is its, and the team's file is read strictly.
@Suite struct DeclarationTests {
    func decide(_ fixture: Fixture, _ request: DeclarationRequest = DeclarationRequest(appID: "1"), team: TeamDeclaration? = nil) throws -> ASCDeclaration {
        let store = fixture.store
        return try ASCDeclaration(document: try AuditDocument(store: store), request: request, team: team, teamFile: nil,
                                  files: (try store.evidenceByRecording(), try store.evidenceByScreen()))
    }

    @Test func withEveryRecordingThePeoplesTheMainFamilysVerdictIsTheReviewPages() throws {
        let fixture = try Fixture().standard()
        let page = LargerTextVerdict(try fixture.store.snapshot())
        let declaration = try decide(fixture)
        #expect(declaration.families.map(\.family) == [.iPhone])
        let iPhone = try #require(declaration.families.first?.verdict)
        #expect(iPhone.outcome == page.outcome && iPhone.criticalScreens == page.criticalScreens)
        #expect(iPhone.blocking.map { "\($0.screen): \($0.reason)" } == page.blocking.map { "\($0.screen): \($0.reason)" })
        #expect(!page.blocking.isEmpty)
        // The same recordings named another main family decide that family instead, alike.
        let iPad = try decide(fixture, DeclarationRequest(appID: "1", mainFamily: .iPad))
        #expect(iPad.families.map(\.family) == [.iPad] && iPad.families[0].supportsLargerText == (page.outcome == .ready))
    }

    @Test func theBodiesCarryWhatTheTeamDeclaresInTheAPIsOrder() throws {
        let team = try TeamDeclaration.parse(Array(#"{"declarations": {"IPHONE": {"supportsVoiceover": true, "supportsAudioDescriptions": false}}}"#.utf8), name: "f")
        let family = try #require(try decide(try Fixture().standard(), DeclarationRequest(appID: "1"), team: team).families.first)
        #expect(family.attributes.map(\.feature) == ["supportsAudioDescriptions", "supportsLargerText", "supportsVoiceover"])
        #expect(family.leftOut.count == 6 && !family.leftOut.contains("supportsLargerText"))
        #expect(family.ascArguments(appID: "1") == ["asc", "accessibility", "create", "--app", "1", "--device-family", "IPHONE",
                                                     "--supports-audio-descriptions", "false", "--supports-larger-text", "false", "--supports-voiceover", "true"])
        var update = family
        update.declarationID = "d-1"
        #expect(update.method == "PATCH" && update.path == "/v1/accessibilityDeclarations/d-1")
        #expect(update.body(appID: nil)?.serialized(pretty: false)
                == #"{"data":{"type":"accessibilityDeclarations","id":"d-1","attributes":{"supportsAudioDescriptions":false,"supportsLargerText":false,"supportsVoiceover":true}}}"#)
    }

    @Test(arguments: [
        (#"[]"#, "expected an object"),
        (#"{"appId": 12}"#, "must be the app's Apple ID"),
        (#"{"appId": "12 3"}"#, "must be the app's Apple ID"),
        (#"{"mainDeviceFamily": "MAC"}"#, "for which Apple offers no Larger Text label"),
        (#"{"mainDeviceFamily": "IPOD"}"#, "must be a device family: IPHONE, IPAD, APPLE_WATCH, VISION"),
        (#"{"declarations": {"APPLE_TV": {}}}"#, "for which Apple offers no Larger Text label"),
        (#"{"declarations": {"IPAD": {"supportsLargerText": true}}}"#, "is decided by the audit"),
        (#"{"declarations": {"IPAD": {"publish": true}}}"#, "dtaudit never publishes"),
        (#"{"declarations": {"IPAD": {"supportsVoiceover": "yes"}}}"#, "must be true or false"),
        (#"{"declarations": {"IPAD": {"id": "a/b"}}}"#, "must be the declaration's id"),
        (#"{"appid": "1"}"#, "did you mean 'appId'"),
        (#"{"appId": "1""#, "f:1:"),
    ])
    func aTeamFileThatCannotBeUsedIsRefusedWithItsLine(text: String, message: String) {
        #expect {
            _ = try TeamDeclaration.parse(Array(text.utf8), name: "f")
        } throws: { error in
            (error as? ExportProblem).map { $0.kind == .usage && $0.description.contains(message) } ?? false
        }
    }
}
