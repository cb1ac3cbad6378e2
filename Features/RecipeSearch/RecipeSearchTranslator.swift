import Core

/// Search state to screen content: the field, results or recent searches, then the filters.
/// Results come first so `select 1` after a search opens the first result.
struct RecipeSearchTranslator: Translator {
    private let recipeRow = RecipeRowTranslator()

    func translate(_ state: RecipeSearchState) -> ScreenContent<RecipeSearchRow> {
        var sections: [ScreenSection<RecipeSearchRow>] = [
            ScreenSection(
                id: "search",
                rows: [
                    ScreenRow(
                        id: .query,
                        .textField(label: "Search", text: state.keyword, placeholder: "keyword, e.g. curry"))
                ])
        ]
        var status = ScreenStatus.ready
        switch state.results {
        case .idle:
            if !state.recentKeywords.isEmpty {
                sections.append(
                    ScreenSection(
                        id: "recent", title: "Recent searches",
                        rows: state.recentKeywords.map {
                            ScreenRow<RecipeSearchRow>(id: .recent($0), .link(title: $0, subtitle: nil))
                        }))
            }
        case .loading(let keyword):
            status = .loading(keyword.isEmpty ? "Searching…" : "Searching for “\(keyword)”…")
        case .loaded(let keyword, let recipes, let total):
            if recipes.isEmpty {
                let filters = state.activeFilterCount > 0 ? " with these filters" : ""
                status = .empty(
                    keyword.isEmpty
                        ? "No recipes match these filters. Try fewer filters."
                        : "No recipes match “\(keyword)”\(filters). Try another keyword\(filters.isEmpty ? "" : " or fewer filters").")
            } else {
                var rows = recipes.map(recipeRow.translate)
                if state.hasMore {
                    rows.append(ScreenRow(id: .loadMore, .button("Show more (\(total - recipes.count) left)")))
                }
                sections.append(
                    ScreenSection(
                        id: "results", title: keyword.isEmpty ? "Results (\(total))" : "Results for “\(keyword)” (\(total))", rows: rows))
            }
        case .failed(let failure):
            status = .failed(failure)
        }
        let preferences = ScreenRow<RecipeSearchRow>(
            id: .kitchenPreferences, .link(title: "Kitchen preferences", subtitle: nil),
            detail: state.savedPreferenceCount == 0 ? "none saved" : "\(state.savedPreferenceCount) saved, filters start there")
        sections.append(
            ScreenSection(
                id: "filters", title: state.activeFilterCount == 0 ? "Filters" : "Filters (\(state.activeFilterCount) on)",
                rows: state.filterRows + [preferences]))
        // A saved copy stays said above the outcome of the last action.
        let notices = [state.savedCopy?.notice(now: state.now, in: state.region), state.notice].compactMap { $0 }
        return ScreenContent(
            title: "Search", sections: sections, status: status, notice: notices.isEmpty ? nil : notices.joined(separator: " "))
    }
}

/// One recipe as a result row: title, author, and the facts people choose by.
struct RecipeRowTranslator: Translator {
    func translate(_ recipe: Recipe) -> ScreenRow<RecipeSearchRow> {
        ScreenRow(
            id: .recipe(recipe.id),
            .link(title: recipe.title, subtitle: recipe.author.name),
            detail: "\(recipe.cookingMinutes) min · \(recipe.calories) kcal" + (recipe.isVegetarian ? " · vegetarian" : "")
        )
    }
}
