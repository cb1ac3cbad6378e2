import Core

/// Feed state to content: a section of popular recipes, one of new ones, and About.
struct FeedTranslator: Translator {
    func translate(_ state: FeedState) -> ScreenContent<FeedRow> {
        switch state.phase {
        case .loading:
            return ScreenContent(title: "Feed", status: .loading("Loading the feed…"))
        case .failed(let failure):
            return ScreenContent(title: "Feed", status: .failed(failure))
        case .loaded(let feed) where feed.popular.isEmpty && feed.new.isEmpty:
            return ScreenContent(
                title: "Feed", sections: [aboutSection], status: .empty("No recipes yet. Check back soon."),
                notice: feed.savedCopy?.notice(now: state.now, in: state.region))
        case .loaded(let feed):
            return ScreenContent(
                title: "Feed",
                // A list with nothing in it is left out: "## New" with nothing under it would read as
                // the heading of About.
                sections: [
                    ScreenSection(
                        id: "popular", title: "Popular",
                        rows: feed.popular.map { row($0, id: .popular($0.id), detail: "♥ \($0.popularity)") }),
                    ScreenSection(
                        id: "new", title: "New", rows: feed.new.map { row($0, id: .new($0.id), detail: $0.publishedOn) }),
                    aboutSection,
                ].filter { !$0.rows.isEmpty },
                notice: feed.savedCopy?.notice(now: state.now, in: state.region))
        }
    }

    private var aboutSection: ScreenSection<FeedRow> {
        ScreenSection(id: "more", rows: [ScreenRow(id: .about, .link(title: "About Cookbook", subtitle: nil))])
    }

    private func row(_ recipe: Recipe, id: FeedRow, detail: String) -> ScreenRow<FeedRow> {
        ScreenRow(
            id: id, .link(title: recipe.title, subtitle: recipe.author.name),
            detail: "\(recipe.cookingMinutes) min · \(detail)")
    }
}
