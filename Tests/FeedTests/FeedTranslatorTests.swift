import Core
import CoreTesting
import Testing

@testable import Feed

/// The feed's translator on its own: state in, the content a person reads out.
@Suite("Feed translator")
struct FeedTranslatorTests {
    let translator = FeedTranslator()
    let about = ScreenSection(id: "more", rows: [ScreenRow(id: "about", .link(title: "About Cookbook", subtitle: nil))])

    func content(_ phase: FeedState.Phase) -> ScreenContent {
        translator.translate(FeedState(phase: phase))
    }

    @Test func loadingShowsOnlyTheTitleAndWhatIsLoading() {
        #expect(content(.loading) == ScreenContent(title: "Feed", status: .loading("Loading the feed…")))
    }

    @Test func aFailureIsShownAsItCameWithNoRows() {
        let failure = ScreenFailure(message: "Couldn't load the feed: offline.", recovery: "Check the connection.", canRetry: true)

        #expect(content(.failed(failure)) == ScreenContent(title: "Feed", status: .failed(failure)))
    }

    @Test func anEmptyFeedSaysSoAndStillOffersAbout() {
        #expect(
            content(.loaded(RecipeFeed(popular: [], new: [])))
                == ScreenContent(title: "Feed", sections: [about], status: .empty("No recipes yet. Check back soon.")))
    }

    @Test func popularRowsSayHowLongAndHowLovedNewRowsSayWhen() {
        let feed = RecipeFeed(popular: [Fixtures.pancakes, Fixtures.curryRice], new: [Fixtures.greenCurry])

        #expect(
            content(.loaded(feed))
                == ScreenContent(
                    title: "Feed",
                    sections: [
                        ScreenSection(
                            id: "popular", title: "Popular",
                            rows: [
                                ScreenRow(id: "popular-4", .link(title: "Pancakes", subtitle: "Marco Rossi"), detail: "20 min · ♥ 5100"),
                                ScreenRow(id: "popular-1", .link(title: "Curry Rice", subtitle: "Aiko Tanaka"), detail: "45 min · ♥ 4200"),
                            ]),
                        ScreenSection(
                            id: "new", title: "New",
                            rows: [
                                ScreenRow(
                                    id: "new-6", .link(title: "Thai Green Curry", subtitle: "Priya Sharma"), detail: "30 min · 2026-06-05")
                            ]),
                        about,
                    ]))
    }

    @Test func aListWithNothingInItIsLeftOutRatherThanHeadingAbout() {
        let onlyPopular = content(.loaded(RecipeFeed(popular: [Fixtures.pancakes], new: [])))
        #expect(onlyPopular.sections.map(\.id) == ["popular", "more"])
        #expect(!onlyPopular.plainText().contains("## New"))

        let onlyNew = content(.loaded(RecipeFeed(popular: [], new: [Fixtures.pancakes])))
        #expect(onlyNew.sections.map(\.id) == ["new", "more"])
    }

    @Test func theSameRecipeInBothSectionsGetsTwoDistinctRows() {
        let rows = content(.loaded(RecipeFeed(popular: [Fixtures.misoSoup], new: [Fixtures.misoSoup]))).interactiveRows

        #expect(rows.map(\.id) == ["popular-3", "new-3", "about"])
        #expect(rows.map { FeedRow(rowID: $0.id) } == [.popular(3), .new(3), .about])
    }
}
