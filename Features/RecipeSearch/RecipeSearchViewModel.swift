import Core
import Foundation

/// The search screen's logic: what happens on each user action, and the state that results.
@MainActor
final class RecipeSearchViewModel: ScreenViewModel {
    private(set) var state: RecipeSearchState {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let interactor: RecipeSearchInteractor
    private let router: RecipeSearchRouter
    /// Every filter in one array, whatever its item type (seed 001).
    private let filters = SearchFilters.makeFields()
    /// The request behind the results shown, for "Show more".
    private var lastRequest: SearchRequest?
    /// Bumped by every search, so a slow answer to an older search cannot overwrite a newer one.
    private var generation = 0

    init(initialKeyword: String, interactor: RecipeSearchInteractor, router: RecipeSearchRouter) {
        state = RecipeSearchState(keyword: initialKeyword)
        self.interactor = interactor
        self.router = router
        refreshFilterRows()
    }

    /// Opened with a keyword (a link), it searches at once: "Searching…" shows while the store
    /// is still read, and the search reads the recent searches itself. Otherwise it offers them.
    func appear() async {
        interactor.logPageView()
        if !state.keyword.isEmpty, state.results == .idle {
            await search()
        } else {
            state.recentKeywords = await interactor.recentKeywords()
        }
    }

    func edit(keyword: String) {
        state.keyword = keyword
    }

    /// Searches for the keyword with the filters; with neither, shows recent searches.
    func search() async {
        let keyword = state.keyword.trimmingCharacters(in: .whitespaces)
        generation += 1
        let current = generation
        state.notice = nil
        guard !keyword.isEmpty || filters.contains(where: \.isActive) else {
            lastRequest = nil
            state.results = .idle
            return
        }
        var request = SearchRequest(query: keyword.isEmpty ? .all : .keyword(keyword), sort: [])
        for filter in filters { filter.apply(to: &request) }
        lastRequest = request
        state.results = .loading(keyword: keyword)
        do {
            let page = try await interactor.search(request, page: .first)
            guard current == generation else { return }
            state.results = .loaded(keyword: keyword, recipes: page.recipes, total: page.total)
            interactor.logSearch(keyword: keyword, filters: activeFilterSummary, resultCount: page.total)
            if !keyword.isEmpty {
                state.notice = await interactor.remember(keyword: keyword)
                state.recentKeywords = await interactor.recentKeywords()
            }
        } catch {
            guard current == generation else { return }
            state.results = .failed(ScreenFailure(error, whileTrying: keyword.isEmpty ? "search" : "search for “\(keyword)”"))
        }
    }

    /// A filter row changed: redraw it and search again.
    func filter(_ event: ScreenEvent, row: String) async {
        guard let field = filters.first(where: { $0.rowID == row }) else { return }
        guard field.handle(event, isPremium: interactor.isPremium) else {
            if !field.row(isPremium: interactor.isPremium).isEnabled {
                state.notice = "“\(field.row(isPremium: false).label)” is a premium filter."
            }
            return
        }
        refreshFilterRows()
        interactor.logFilter(key: field.key, value: field.valueDescription)
        await search()
    }

    func loadMore() async {
        guard case .loaded(let keyword, let recipes, _) = state.results, state.hasMore, let request = lastRequest else { return }
        let current = generation
        do {
            let page = try await interactor.search(request, page: PageRequest(offset: recipes.count))
            guard current == generation else { return }
            state.results = .loaded(keyword: keyword, recipes: recipes + page.recipes, total: page.total)
        } catch {
            guard current == generation else { return }
            state.notice = ScreenFailure(error, whileTrying: "load more results").messageWithRecovery
        }
    }

    func open(recipeID: Recipe.ID) -> Navigation {
        interactor.logOpen(recipeID: recipeID)
        return router.recipeDetails(recipeID)
    }

    private func refreshFilterRows() {
        state.filterRows = filters.map { $0.row(isPremium: interactor.isPremium) }
        state.activeFilterCount = filters.filter(\.isActive).count
    }

    private var activeFilterSummary: String {
        filters.filter(\.isActive).map { "\($0.key)=\($0.valueDescription)" }.joined(separator: ",")
    }
}
