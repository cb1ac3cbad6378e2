import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// "More from this author": every recipe by one author, most popular first. It shares the
/// search feature's row translator, and opens a recipe as search does.
@MainActor
final class AuthorRecipesScreen: TranslatedScreen {
    let viewModel: AuthorRecipesViewModel
    let translator = AuthorRecipesTranslator()

    init(viewModel: AuthorRecipesViewModel) {
        self.viewModel = viewModel
    }

    func appear() async {
        await viewModel.appear()
    }

    func handle(_ event: ScreenEvent<RecipeSearchRow>) async -> Navigation? {
        switch event {
        case .activate(let row):
            if case .recipe(let id) = row { return viewModel.open(id) }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}

/// The author's recipes as content: one result row each, most popular first.
struct AuthorRecipesTranslator: Translator {
    private let recipeRow = RecipeRowTranslator()

    func translate(_ state: AuthorRecipesViewModel.State) -> ScreenContent<RecipeSearchRow> {
        switch state.phase {
        case .loading:
            return ScreenContent(title: state.title, status: .loading("Loading recipes…"))
        case .failed(let failure):
            return ScreenContent(title: state.title, status: .failed(failure))
        case .loaded(let recipes) where recipes.isEmpty:
            return ScreenContent(
                title: state.title, status: .empty("No recipes by this author."),
                notice: state.savedCopy?.notice(now: state.now, in: state.region))
        case .loaded(let recipes):
            return ScreenContent(
                title: state.title,
                sections: [
                    ScreenSection(
                        id: "recipes", title: "\(recipes.count) \(recipes.count == 1 ? "recipe" : "recipes")",
                        rows: recipes.map(recipeRow.translate))
                ],
                notice: state.savedCopy?.notice(now: state.now, in: state.region))
        }
    }
}

@MainActor
final class AuthorRecipesViewModel: ScreenViewModel {
    struct State: Equatable {
        enum Phase: Equatable {
            case loading
            case loaded([Recipe])
            case failed(ScreenFailure)
        }

        var authorID: Author.ID
        var phase = Phase.loading
        /// Set when the recipes are a copy saved earlier (the server could not be asked).
        var savedCopy: RecipePage.SavedCopy?
        /// The environment clock's time when the recipes came: a saved copy's age counts from it.
        var now = Date(timeIntervalSince1970: 0)
        /// The environment's region when `now` was read: the calendar "yesterday" is counted in.
        var region = Region.utc

        /// "Recipes by Aiko Tanaka" once the recipes say who the author is. Until then (loading,
        /// a failure, no recipes) the screen knows only the id, a slug ("aiko-tanaka") no reader
        /// should see as a name.
        var title: String {
            if case .loaded(let recipes) = phase, let name = recipes.first?.author.name { return "Recipes by \(name)" }
            return "Recipes by this author"
        }
    }

    private(set) var state: State {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?
    private let environment: any Environment

    init(authorID: Author.ID, environment: any Environment) {
        state = State(authorID: authorID)
        self.environment = environment
    }

    func appear() async {
        environment.pageViewLogger.log(PageView("author_recipes", parameters: ["author_id": state.authorID]))
        if case .loaded = state.phase, state.savedCopy == nil { return }
        await load()
    }

    func load() async {
        state.phase = .loading
        do {
            // Every recipe by the author in one page (authors have dozens, not thousands), most popular first.
            let page = try await environment.client.searchRecipes(
                .equal(.authorID, .text(state.authorID)), sort: [.descending(.popularity)], page: PageRequest(limit: 100))
            state.savedCopy = page.savedCopy
            state.now = environment.clock.now
            state.region = environment.region
            state.phase = .loaded(page.recipes)
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load the author's recipes"))
        }
    }

    func open(_ id: Recipe.ID) -> Navigation {
        environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(id), "source": "author"]))
        return RecipeSearchFeature.recipeDetails(id)
    }
}
