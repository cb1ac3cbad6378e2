import Core
import TerminalRunner

/// The four tabs of the app (seed 002): one navigation stack each, rooted at a feature's
/// screen descriptor.
@MainActor
final class MainTabCoordinator {
    static let tabs: [(title: String, root: any ScreenDescriptor)] = [
        ("Feed", Screens.Feed()),
        ("Search", Screens.RecipeSearch()),
        ("Shopping list", Screens.ShoppingList()),
        ("Favorites", Screens.Favorites()),
    ]

    let session: TabSession

    init(environment: any Environment) {
        let stacks = Self.tabs.map { StackNavigator(title: $0.title, environment: environment, root: $0.root) }
        session = TabSession(stacks[0], Array(stacks.dropFirst()))
    }
}

/// Transitions every tab shares (seed 002's `DetailsPresentable`), written once for any
/// navigation coordinator: a recipe or an author can be shown on top of whichever tab is open.
protocol RecipeTransitions: NavigationCoordinator {}

extension RecipeTransitions {
    func showRecipe(_ id: Recipe.ID) async {
        await show(Screens.RecipeDetails(recipeID: id))
    }

    func showAuthor(_ id: Author.ID) async {
        await show(Screens.AuthorRecipes(authorID: id))
    }
}

extension StackNavigator: RecipeTransitions {}
