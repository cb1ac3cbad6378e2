import DataFormats
import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceGallery

/// The states a translator shows together (a notice beside a status) are required as
/// combinations: a rendering in all of them at once, or the sandbox's reason why none can be.
@Suite("workspace gallery: combinations of states derived from the translators")
struct ScreenCombinationsTests {
    func combinations(_ body: String) -> [[GalleryReport.State]] {
        ScreenStates.combinations(inTranslator: SwiftSource(body).code)
    }

    @Test("a notice beside each status a ScreenContent can be made with: literal, conditional, absent or a variable")
    func fromTheTranslator() {
        #expect(
            combinations(
                """
                switch state.phase {
                case .loading: return ScreenContent(title: "Feed", status: .loading("Loading…"))
                case .failed(let failure): return ScreenContent(title: "Feed", status: .failed(failure), notice: state.notice)
                case .loaded(let feed) where feed.isEmpty:
                    return ScreenContent(title: "Feed", status: .empty("None, (yet)."), notice: feed.savedCopy?.notice(now: state.now))
                case .loaded(let feed):
                    return ScreenContent(title: "Feed", sections: [ScreenSection(id: "a", rows: [])], notice: nil)
                }
                """) == [[.empty, .notice], [.error, .notice]])
        #expect(
            combinations(
                """
                ScreenContent(title: "List", sections: sections,
                    status: items.isEmpty ? .empty("Nothing: add one.") : .ready, notice: state.notice)
                """) == [[.content, .notice], [.empty, .notice]])
        #expect(
            combinations(
                """
                var status = ScreenStatus.ready
                if state.isLoading { status = .loading("Searching…") }
                if state.failed { status = .failed(failure) }
                let notices = [state.savedCopy?.notice(now: state.now), state.notice].compactMap { $0 }
                return ScreenContent(title: "Search", sections: sections, status: status, notice: notices.isEmpty ? nil : notices.joined(separator: " "))
                """) == [[.loading, .notice], [.content, .notice], [.error, .notice]],
            "a status variable: every status the translator makes")
        #expect(combinations("ScreenContent(title: \"About\", sections: sections)").isEmpty, "no notice, no combination")
    }

    @Test("the derived combinations are required; one no rendering shows is a problem that names the way out")
    func missing() {
        var feed = GalleryFixtures.report("FeedSandbox", owner: "Feed", kind: "Feed", required: [.content, .empty, .notice])
        feed.screens[0].examples[0].renderings += [
            GalleryReport.Rendering(moments: [GalleryReport.Moment(scenario: "empty")], states: [.empty], text: "# Feed\n\n(empty) None\n"),
            GalleryReport.Rendering(
                moments: [GalleryReport.Moment(scenario: "saved-copy")], states: [.content, .notice], text: "# Feed\n\n* Saved copy\n"),
        ]
        let derived = [
            "Feed": ScreenStates.Derived(
                translator: "FeedTranslator", states: [.content, .empty, .notice], combinations: [[.content, .notice], [.empty, .notice]])
        ]
        let reports = ScreenStates.requiring(derived, in: [feed, GalleryFixtures.favorites, GalleryFixtures.app])

        #expect(reports[0].screens[0].requiredCombinations == [[.content, .notice], [.empty, .notice]])
        #expect(reports[0].screens[0].missingStates.isEmpty, "every state alone is reached")
        #expect(reports[0].screens[0].missingCombinations == [[.empty, .notice]])
        #expect(
            GalleryCheck.problems(in: reports, derived: derived) == [
                "FeedSandbox: no scenario shows Screens.Feed “empty” and “notice” together (FeedTranslator can show them together) "
                    + "(scenarios: default, slow); add a scenario or a gallery script that does, or say why none can "
                    + "(.screen(…, unseen: [.together(.empty, .notice, because: \"…\")]))"
            ])
        let index = GalleryDocuments.indexPage(reports)
        #expect(
            index.contains(
                "| `Screens.Feed` | [Feed](Feed.md#screensfeed) | content, empty, notice, content + notice, empty + notice | **not empty + notice** |"
            ))
        #expect(index.contains("## States together"))
        let page = GalleryDocuments.featurePage(owner: "Feed", reports: [reports[0]])
        #expect(
            page.contains(
                "Must reach: content, empty, notice; together: content + notice, empty + notice. **No scenario reaches empty + notice.**"))
    }

    @Test("a combination the sandbox says is unseen, with why, is not required; the page says why; one a rendering shows is a problem")
    func unseen() {
        var feed = GalleryFixtures.report("FeedSandbox", owner: "Feed", kind: "Feed", states: [.content, .notice])
        feed.screens[0].unseen = [.together(.loading, .notice, because: "a search clears the notice as it starts.")]
        let derived = [
            "Feed": ScreenStates.Derived(
                translator: "FeedTranslator", states: [.content, .notice], combinations: [[.content, .notice], [.loading, .notice]])
        ]
        var reports = ScreenStates.requiring(derived, in: [feed, GalleryFixtures.favorites, GalleryFixtures.app])
        #expect(reports[0].screens[0].missingCombinations.isEmpty)
        #expect(GalleryCheck.problems(in: reports, derived: derived).isEmpty)
        #expect(
            GalleryDocuments.statesLine(reports[0].screens[0]).hasSuffix(
                "Every one is reached. Never shown: loading + notice, because a search clears the notice as it starts."))

        reports[0].screens[0].unseen = [.together(.content, .notice, because: "it cannot")]
        #expect(
            GalleryCheck.problems(in: reports, derived: derived) == [
                "FeedSandbox: no scenario shows Screens.Feed “loading” and “notice” together (FeedTranslator can show them together) "
                    + "(scenarios: default, slow); add a scenario or a gallery script that does, or say why none can "
                    + "(.screen(…, unseen: [.together(.loading, .notice, because: \"…\")]))",
                "FeedSandbox: Screens.Feed is said never to show “content” and “notice” together, but a rendering does: take it out of unseen:",
            ])
    }

    @Test("reports without combinations read as before: the keys are left out of the JSON")
    func compatible() throws {
        let json = String(decoding: GalleryFixtures.feed.encoded(), as: UTF8.self)
        #expect(!json.contains("requiredCombinations") && !json.contains("unseen"))
        #expect(try GalleryReport.decode(GalleryFixtures.feed.encoded(), source: "feed.json") == GalleryFixtures.feed)
    }
}
