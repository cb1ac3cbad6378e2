import Core
import Foundation

/// The search screen's logic: what happens on each user action, and the state that results.
@MainActor
final class RecipeSearchViewModel {
    private(set) var state: RecipeSearchState {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let interactor: RecipeSearchInteractor
    private let router: RecipeSearchRouter
    /// Bumped by every search, so a slow answer to an older search cannot overwrite a newer one.
    private var generation = 0

    init(initialKeyword: String, interactor: RecipeSearchInteractor, router: RecipeSearchRouter) {
        state = RecipeSearchState(keyword: initialKeyword)
        self.interactor = interactor
        self.router = router
    }

    func appear() async {
        interactor.logPageView()
        state.recentKeywords = await interactor.recentKeywords()
        if !state.keyword.isEmpty, state.results == .idle {
            await search()
        }
    }

    func edit(keyword: String) {
        state.keyword = keyword
    }

    func search() async {
        let keyword = state.keyword.trimmingCharacters(in: .whitespaces)
        generation += 1
        let current = generation
        state.notice = nil
        guard !keyword.isEmpty else {
            state.results = .idle
            return
        }
        state.results = .loading(keyword: keyword)
        do {
            let page = try await interactor.search(keyword: keyword, page: .first)
            guard current == generation else { return }
            state.results = .loaded(keyword: keyword, recipes: page.recipes, total: page.total)
            interactor.logSearch(keyword: keyword, resultCount: page.total)
            state.notice = await interactor.remember(keyword: keyword)
            state.recentKeywords = await interactor.recentKeywords()
        } catch {
            guard current == generation else { return }
            state.results = .failed(ScreenFailure(error, whileTrying: "search for “\(keyword)”"))
        }
    }

    func loadMore() async {
        guard case let .loaded(keyword, recipes, _) = state.results, state.hasMore else { return }
        let current = generation
        do {
            let page = try await interactor.search(keyword: keyword, page: PageRequest(offset: recipes.count))
            guard current == generation else { return }
            state.results = .loaded(keyword: keyword, recipes: recipes + page.recipes, total: page.total)
        } catch {
            guard current == generation else { return }
            state.notice = ScreenFailure(error, whileTrying: "load more results").message
        }
    }

    func open(recipeID: Recipe.ID) -> Navigation {
        interactor.logOpen(recipeID: recipeID)
        return router.recipeDetails(recipeID)
    }
}
