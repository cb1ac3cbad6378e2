import DataFormats
import Foundation
import Testing

@Suite("GalleryReport and ScreenGallery")
struct GalleryReportTests {
    static let report = GalleryReport(
        program: "FeedSandbox", owner: "Feed", scenarios: [GalleryReport.Scenario(name: "slow", summary: "takes long")],
        screens: [
            GalleryReport.Screen(
                kind: "Feed", requiredStates: [.loading, .content, .empty],
                examples: [
                    GalleryReport.Example(
                        descriptor: "Screens.Feed()", link: "cookbook://feed",
                        renderings: [
                            GalleryReport.Rendering(
                                moments: [GalleryReport.Moment(scenario: "slow", beforeWait: true)], states: [.loading], text: "# Feed\n"),
                            GalleryReport.Rendering(
                                moments: [GalleryReport.Moment(scenario: "slow")], states: [.content, .locked], text: "# Feed\n\n x\n"),
                        ])
                ])
        ],
        knownKinds: ["Feed", "About"], problems: [])

    @Test("a report reads back equal, from sorted-key JSON that ends with a newline")
    func roundTrip() throws {
        let data = Self.report.encoded()
        #expect(try GalleryReport.decode(data, source: "FeedSandbox --gallery") == Self.report)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.range(of: "\"knownKinds\"")?.lowerBound ?? text.endIndex < text.range(of: "\"owner\"")?.lowerBound ?? text.startIndex)
    }

    @Test("reached and missing states, in the order states are listed")
    func states() {
        let screen = Self.report.screens[0]
        #expect(screen.reachedStates == [.loading, .content, .locked])
        #expect(screen.missingStates == [.empty])
        #expect(GalleryReport.Moment(scenario: "slow", beforeWait: true).label == "slow, before wait")
    }

    @Test("the committed gallery names what is wrong with it: not JSON, another format, a newer version")
    func badGallery() throws {
        #expect(throws: GalleryFormatError.self) { try ScreenGallery.decode(Data("{\"format\": ".utf8), source: "gallery.json") }
        #expect(throws: GalleryFormatError(source: "g.json", problem: "it is not a screen gallery (its format is “cassette”)")) {
            try ScreenGallery.decode(Data(#"{"format": "cassette", "version": 1, "reports": []}"#.utf8), source: "g.json")
        }
        #expect(throws: GalleryFormatError(source: "g.json", problem: "it is version 9, newer than this tool reads (1)")) {
            try ScreenGallery.decode(Data(#"{"format": "cookbook screen gallery", "version": 9, "reports": []}"#.utf8), source: "g.json")
        }
        let gallery = ScreenGallery(reports: [Self.report])
        #expect(try ScreenGallery.decode(gallery.encoded(), source: "g.json") == gallery)
    }

    @Test("a report missing a field says which")
    func missingField() {
        #expect {
            try GalleryReport.decode(Data(#"{"program": "x"}"#.utf8), source: "x --gallery")
        } throws: { error in
            (error as? GalleryFormatError)?.description.hasPrefix("x --gallery: the field “") == true
        }
    }
}
