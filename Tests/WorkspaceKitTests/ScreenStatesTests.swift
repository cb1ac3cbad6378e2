import DataFormats
import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceGallery

/// A screen's states come from what its translator can produce, and a state no scenario reaches
/// fails the gallery whether or not its sandbox declared it.
@Suite("workspace gallery: states derived from the translators")
struct ScreenStatesTests {
    /// The fixture workspace with a Feed feature whose translator can show `translate`'s body.
    func derived(translatorBody: String) throws -> [String: ScreenStates.Derived] {
        let files = Fixtures.files()
        try files.write(
            """
            import Core
            public enum FeedFeature {
                @MainActor
                public static func makeScreen(_ descriptor: Screens.Feed, environment: any Environment) -> any Screen {
                    FeedScreen(viewModel: FeedViewModel(interactor: FeedInteractor(environment: environment)))
                }
            }
            """, to: "Features/Feed/FeedFeature.swift")
        try files.write(
            """
            import Core
            final class FeedScreen: TranslatedScreen {
                let viewModel: FeedViewModel
                let translator = FeedTranslator()
            }
            """, to: "Features/Feed/FeedScreen.swift")
        try files.write(
            """
            import Core
            struct FeedTranslator: Translator {
                func translate(_ state: FeedState) -> ScreenContent {
            \(translatorBody)
                }
            }
            """, to: "Features/Feed/FeedTranslator.swift")
        let manifest = try Manifest.decode(json: Fixtures.manifestJSON)
        return ScreenStates(index: SourceIndex(manifest: manifest, files: files)).derived()
    }

    @Test("each status, a row that may be locked and a notice the translator can produce is a state of its screen")
    func fromTheTranslator() throws {
        let derived = try derived(
            translatorBody: """
                switch state.phase {
                case .loading: return ScreenContent(title: "Feed", status: .loading("Loading…"))
                case .failed(let failure): return ScreenContent(title: "Feed", status: .failed(failure))
                case .loaded(let feed) where feed.isEmpty: return ScreenContent(title: "Feed", status: .empty("None."), notice: nil)
                case .loaded(let feed):
                    return ScreenContent(
                        title: "Feed", sections: [ScreenSection(id: "a", rows: [ScreenRow(id: "x", .button("Go"), isEnabled: feed.canGo)])],
                        notice: feed.savedCopy?.notice(now: state.now))
                }
                """)
        #expect(
            derived["Feed"]
                == ScreenStates.Derived(
                    translator: "FeedTranslator", states: [.loading, .content, .empty, .error, .locked, .notice],
                    combinations: [[.content, .notice]]))
    }

    @Test("what a translator cannot produce is not required: no empty status, rows never locked, no notice but nil")
    func onlyWhatItCanProduce() throws {
        let derived = try derived(
            translatorBody: """
                state.isLoading
                    ? ScreenContent(title: "Feed", status: .loading("Loading…"))
                    : ScreenContent(title: "Feed", sections: [ScreenSection(id: "a", rows: [ScreenRow(id: "x", .button("Go"), isEnabled: true)])], notice: nil)
                """)
        #expect(derived["Feed"]?.states == [.loading, .content])
    }

    @Test("a derived state no scenario reaches fails the gallery, though the sandbox did not declare it")
    func undeclaredButDerived() {
        let declaredContentOnly = GalleryFixtures.report("FeedSandbox", owner: "Feed", kind: "Feed", required: [.content])
        let derived = ["Feed": ScreenStates.Derived(translator: "FeedTranslator", states: [.content, .notice])]
        let reports = ScreenStates.requiring(derived, in: [declaredContentOnly, GalleryFixtures.favorites, GalleryFixtures.app])

        #expect(reports[0].screens[0].requiredStates == [.content, .notice])
        #expect(
            GalleryCheck.problems(in: reports, derived: derived) == [
                "FeedSandbox: no scenario reaches its “notice” state of Screens.Feed (FeedTranslator can produce content, notice) "
                    + "(scenarios: default, slow); add a scenario that does, or a gallery script that drives the screen there "
                    + "(.screen(…, scripts: [.run([\"toggle 1\"])]))"
            ])
    }

    @Test("a program's own scenario that renders every screen as another does is reported; one with a screen of its own is not")
    func ownScenarioLikeAnother() {
        func report(ownText: String) -> GalleryReport {
            var report = GalleryFixtures.feed
            report.scenarios.append(GalleryReport.Scenario(name: "new-user", summary: "first launch", isOwn: true))
            let rendering = GalleryReport.Rendering(
                moments: [GalleryReport.Moment(scenario: "new-user")], states: [.content], text: ownText)
            if ownText == report.screens[0].examples[0].renderings[0].text {
                report.screens[0].examples[0].renderings[0].moments.append(GalleryReport.Moment(scenario: "new-user"))
            } else {
                report.screens[0].examples[0].renderings.append(rendering)
            }
            return report
        }
        #expect(
            GalleryCheck.problems(in: [report(ownText: "# Feed\n"), GalleryFixtures.favorites, GalleryFixtures.app]) == [
                "FeedSandbox: the scenario “new-user” renders every screen as “default” does: make it show something of its own, or remove it"
            ])
        #expect(
            GalleryCheck.problems(in: [report(ownText: "# Feed\n\nWelcome\n"), GalleryFixtures.favorites, GalleryFixtures.app]).isEmpty)
    }

    @Test("a rendering after a gallery script is labelled with it, in the pages and the HTML")
    func scriptMoments() {
        let moment = GalleryReport.Moment(scenario: "default", script: "toggle Favorite")
        #expect(moment.label == "default, after toggle Favorite")
        #expect(GalleryDocuments.momentsText([moment], code: "`") == "default, after `toggle Favorite`")
    }

    @Test("a screen's narrow rendering is labelled with its width, and drawn that wide in the HTML, its edge marked")
    func narrowMoments() throws {
        let moment = GalleryReport.Moment(scenario: "default", width: 40)
        #expect(moment.label == "default, 40 columns")
        #expect(GalleryDocuments.momentsText([moment], code: "`") == "default, 40 columns")
        var report = GalleryFixtures.feed
        report.screens[0].examples[0].renderings.append(
            GalleryReport.Rendering(moments: [moment], states: [.content], text: "# Feed\n\n [1] A recipe whose title\n     wraps\n"))
        let files = GalleryDocuments.files(for: [report, GalleryFixtures.favorites, GalleryFixtures.app])
        #expect(try #require(files[GalleryDocuments.page(of: "Feed")]).contains("#### default, 40 columns — content"))
        let html = try #require(files[GalleryDocuments.html])
        #expect(html.contains("<pre class=\"narrow\" style=\"width: 40ch\"># Feed\n\n [1] A recipe whose title"))
        #expect(html.contains(".card pre.narrow {"))
    }

    @Test("the HTML lays cards out in the page's columns and wraps long lines; it measures itself for the layout check")
    func responsivePage() throws {
        let html = try #require(GalleryDocuments.files(for: GalleryFixtures.all)[GalleryDocuments.html])
        #expect(html.contains("grid-template-columns: repeat(auto-fill, minmax(min(100%, 520px), 1fr))"))
        #expect(html.contains("white-space: pre-wrap"))
        #expect(!html.contains("width: 72ch"))
        #expect(html.contains(##"if (location.hash === "#measure")"##))
    }
}
