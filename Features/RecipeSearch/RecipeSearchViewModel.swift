import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The search screen's logic: what happens on each user action, and the state that results.
@MainActor
final class RecipeSearchViewModel: ScreenViewModel {
    private(set) var state: RecipeSearchState {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let environment: any Environment
    /// How many recent keywords the screen offers.
    static let recentLimit = 5
    /// Every filter in one array, whatever its item type.
    private let filters = FilterFields.search()
    /// What the preferences screen calls each filter it sets, by key.
    private let preferenceTitles = Dictionary(uniqueKeysWithValues: FilterItems.kitchenPreferences.map { ($0.key, $0.preferenceTitle) })
    /// The saved preferences the filters were last set from; nil until read.
    private var appliedPreferences: [String: String]?
    /// The request behind the results shown, for "Show more".
    private var lastRequest: SearchRequest?
    /// Bumped by every search, so a slow answer to an older search cannot overwrite a newer one.
    private var generation = 0

    /// Premium filters are offered to premium users only.
    private var isPremium: Bool { environment.userFeatures.isPremium }

    init(initialKeyword: String, environment: any Environment) {
        state = RecipeSearchState(keyword: initialKeyword)
        self.environment = environment
        refreshFilterRows()
    }

    /// Opened with a keyword (a link), it searches at once: "Searching…" shows while the stores are
    /// still read (the kitchen preferences, which the filters start at, first), and the search
    /// reads the recent searches itself. Otherwise it offers them. Back on it after the kitchen
    /// preferences changed, it searches again for the results shown.
    func appear() async {
        environment.pageViewLogger.log(PageView("recipe_search"))
        let searchesAtOnce = !state.keyword.isEmpty && state.results == .idle
        if searchesAtOnce { state.results = .loading(keyword: state.keyword.trimmingWhitespace) }
        let preferences = await applyKitchenPreferences()
        if searchesAtOnce || (state.results != .idle && preferences.changedFilters) {
            await search()
        } else {
            state.recentKeywords = await recentKeywords()
        }
        if let notice = preferences.notice, state.notice == nil { state.notice = notice }
    }

    /// Sets the filters that kitchen preferences cover from the saved ones, when these changed
    /// since last time (the first appear, or back from Kitchen preferences), so filters changed
    /// here by hand stay otherwise. Premium filters stay off for free users. Says whether a filter
    /// changed, and what the person must be told (preferences that could not be read).
    private func applyKitchenPreferences() async -> (changedFilters: Bool, notice: String?) {
        let saved: [String: String]
        do {
            saved = try await environment.savedKitchenPreferences()
        } catch {
            let failure = ScreenFailure(error, whileTrying: "read your kitchen preferences")
            let notice = ScreenFailure(message: failure.messageWithRecovery, recovery: "Search starts without them.", canRetry: false)
            return (false, notice.messageWithRecovery)
        }
        guard saved != appliedPreferences else { return (false, nil) }
        appliedPreferences = saved
        state.savedPreferenceCount = saved.keys.filter { preferenceTitles[$0] != nil }.count
        var changed = false
        var unreadable: [String] = []
        for field in filters {
            guard let title = preferenceTitles[field.key] else { continue }
            let before = field.storedValue
            if !field.restore(stored: saved[field.key], isPremium: isPremium) { unreadable.append(title) }
            changed = changed || field.storedValue != before
        }
        refreshFilterRows()
        guard !unreadable.isEmpty else { return (changed, nil) }
        let names = unreadable.map { "“\($0)”" }.joined(separator: ", ")
        let pronoun = unreadable.count == 1 ? "it" : "them"
        return (
            changed,
            "Your saved \(names) could not be read, so search starts without \(pronoun); set \(pronoun) again in Kitchen preferences."
        )
    }

    func openKitchenPreferences() -> Navigation {
        RecipeSearchFeature.kitchenPreferences()
    }

    func edit(keyword: String) {
        state.keyword = keyword
    }

    /// Searches for the field's keyword (see `search(for:)`).
    func search() async {
        await search(for: state.keyword)
    }

    /// Searches for `typed` with the filters; with neither, shows recent searches. A keyword
    /// that shows nothing (spaces, a zero-width space) is none. Enter passes the text it
    /// submitted, so keys typed while the search runs change the field, not this search.
    func search(for typed: String) async {
        let keyword = TextFolding.isBlank(typed) ? "" : typed.trimmingWhitespace
        generation += 1
        let current = generation
        state.notice = nil
        state.savedCopy = nil
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
            let page = try await environment.client.searchRecipes(request.query, sort: request.sort, page: .first)
            guard current == generation else { return }
            state.savedCopy = page.savedCopy
            state.now = environment.clock.now
            state.region = environment.region
            state.results = .loaded(keyword: keyword, recipes: page.recipes, total: page.total)
            logSearch(keyword: keyword, resultCount: page.total)
            if !keyword.isEmpty {
                state.notice = await remember(keyword: keyword)
                state.recentKeywords = await recentKeywords()
            }
        } catch {
            guard current == generation else { return }
            state.results = .failed(ScreenFailure(error, whileTrying: keyword.isEmpty ? "search" : "search for “\(keyword)”"))
        }
    }

    /// A filter row changed: redraw it and search again.
    func filter(_ event: ScreenEvent<RecipeSearchRow>, key: String) async {
        guard let field = filters.first(where: { $0.key == key }) else { return }
        guard field.handle(event, isPremium: isPremium) else {
            if field.isLocked(isPremium: isPremium) {
                state.notice = "“\(field.title)” is a premium filter."
            }
            return
        }
        refreshFilterRows()
        environment.activityLogger.log(ActivityEvent("filter", payload: ["filter": field.key, "value": field.valueDescription]))
        await search()
    }

    func loadMore() async {
        guard case .loaded(let keyword, let recipes, _) = state.results, state.hasMore, let request = lastRequest else { return }
        let current = generation
        do {
            let page = try await environment.client.searchRecipes(
                request.query, sort: request.sort, page: PageRequest(offset: recipes.count))
            guard current == generation else { return }
            // A page from a saved copy makes the whole list partly saved; a fresh one changes nothing said.
            if let savedCopy = page.savedCopy {
                state.savedCopy = savedCopy
                state.now = environment.clock.now
                state.region = environment.region
            }
            state.results = .loaded(keyword: keyword, recipes: recipes + page.recipes, total: page.total)
        } catch {
            guard current == generation else { return }
            state.notice = ScreenFailure(error, whileTrying: "load more results").messageWithRecovery
        }
    }

    func open(recipeID: Recipe.ID) -> Navigation {
        environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(recipeID), "source": "search"]))
        return RecipeSearchFeature.recipeDetails(recipeID)
    }

    private func refreshFilterRows() {
        state.filterRows = filters.map { $0.row(id: .filter(key: $0.key), isPremium: isPremium) }
        state.activeFilterCount = filters.filter(\.isActive).count
    }

    private func logSearch(keyword: String, resultCount: Int) {
        var payload = ["keyword": keyword, "results": String(resultCount)]
        let activeFilters = filters.filter(\.isActive).map { "\($0.key)=\($0.valueDescription)" }.joined(separator: ",")
        if !activeFilters.isEmpty { payload["filters"] = activeFilters }
        environment.activityLogger.log(ActivityEvent("search", payload: payload))
    }

    /// Stores the keyword; returns a notice for the user when the store failed.
    private func remember(keyword: String) async -> String? {
        do {
            try await environment.recentSearches.save(
                RecentSearch(keyword: keyword, searchedAt: environment.clock.now.timeIntervalSince1970))
            return nil
        } catch {
            return "The search worked, but it could not be remembered: \(error.inWords)"
        }
    }

    /// Newest first. A store that cannot be read offers none rather than blocking search.
    private func recentKeywords() async -> [String] {
        let recent = try? await environment.recentSearches.findAll(.all, sort: [.descending(.searchedAt)])
        return (recent ?? []).prefix(Self.recentLimit).map(\.keyword)
    }
}
