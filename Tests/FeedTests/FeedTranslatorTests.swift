import Core
import CoreTesting
import Testing

@testable import Feed

/// The feed's translator on its own: state in, the content a person reads out.
@Suite("Feed translator")
struct FeedTranslatorTests {
    let translator = FeedTranslator()
    let about = ScreenSection<FeedRow>(id: "more", rows: [ScreenRow<FeedRow>(id: .about, .link(title: "About Cookbook", subtitle: nil))])

    func content(_ phase: FeedState.Phase) -> ScreenContent<FeedRow> {
        translator.translate(FeedState(phase: phase))
    }

    @Test func loadingShowsOnlyTheTitleAndWhatIsLoading() {
        #expect(content(.loading) == ScreenContent<FeedRow>(title: "Feed", status: .loading("Loading the feed…")))
    }

    @Test func aFailureIsShownAsItCameWithNoRows() {
        let failure = ScreenFailure(message: "Couldn't load the feed: offline.", recovery: "Check the connection.", canRetry: true)

        #expect(content(.failed(failure)) == ScreenContent<FeedRow>(title: "Feed", status: .failed(failure)))
    }

    @Test func anEmptyFeedSaysSoAndStillOffersAbout() {
        #expect(
            content(.loaded(RecipeFeed(popular: [], new: [])))
                == ScreenContent<FeedRow>(title: "Feed", sections: [about], status: .empty("No recipes yet. Check back soon.")))
    }

    @Test func popularRowsSayHowLongAndHowLovedNewRowsSayWhen() {
        let feed = RecipeFeed(popular: [Fixtures.pancakes, Fixtures.curryRice], new: [Fixtures.greenCurry])

        #expect(
            content(.loaded(feed))
                == ScreenContent<FeedRow>(
                    title: "Feed",
                    sections: [
                        ScreenSection<FeedRow>(
                            id: "popular", title: "Popular",
                            rows: [
                                ScreenRow<FeedRow>(
                                    id: .popular(4), .link(title: "Pancakes", subtitle: "Marco Rossi"), detail: "20 min · ♥ 5100"),
                                ScreenRow<FeedRow>(
                                    id: .popular(1), .link(title: "Curry Rice", subtitle: "Aiko Tanaka"), detail: "45 min · ♥ 4200"),
                            ]),
                        ScreenSection<FeedRow>(
                            id: "new", title: "New",
                            rows: [
                                ScreenRow<FeedRow>(
                                    id: .new(6), .link(title: "Thai Green Curry", subtitle: "Priya Sharma"), detail: "30 min · 2026-06-05")
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

        #expect(rows.map(\.id) == [.popular(3), .new(3), .about])
    }
}
