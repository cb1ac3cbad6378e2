import Core
import TerminalRunner

/// The app's four tabs (a tab bar coordinator): one navigation coordinator per tab, each
/// presenting on its own stack, all shown by the runner's `TabBar`. It decides which tab a screen
/// belongs to: for deep links, and for requests a tab does not handle itself.
@MainActor
final class MainTabCoordinator {
    let feed: FeedCoordinator
    let search: SearchCoordinator
    let shoppingList: ShoppingListCoordinator
    let favorites: FavoritesCoordinator
    /// The presenter: the tab bar the runner draws.
    let tabBar: TabBar
    private let environment: any Environment

    init(environment: any Environment) {
        self.environment = environment
        feed = FeedCoordinator(environment: environment)
        search = SearchCoordinator(environment: environment)
        shoppingList = ShoppingListCoordinator(environment: environment)
        favorites = FavoritesCoordinator(environment: environment)
        tabBar = TabBar(feed.navigator, [search.navigator, shoppingList.navigator, favorites.navigator])
        feed.tabs = self
        search.tabs = self
        shoppingList.tabs = self
        favorites.tabs = self
    }

    /// One per tab, in tab order.
    var children: [any TabStackCoordinator] { [feed, search, shoppingList, favorites] }
    var selectedIndex: Int { tabBar.selectedIndex }

    /// Starts the tab shown first; the others start when first shown, as a tab bar loads its tabs.
    func start() async {
        await tabBar.start()
    }

    func select(tabAt index: Int) async {
        await tabBar.select(tabAt: index)
    }

    /// Where each screen belongs, with the back stack a person would expect. A screen no tab
    /// claims (a feature added since) opens on top of the tab shown.
    func open(_ descriptor: any ScreenDescriptor) async {
        switch descriptor {
        case let search as Screens.RecipeSearch:
            // The Search tab, searching: its first screen is the search for the link's query.
            await show(self.search, [search])
        case let recipe as Screens.RecipeDetails:
            let tab = await home(ofRecipe: recipe.recipeID)
            await show(tab, [tab.navigator.root, recipe])
        case let choose as Screens.ChooseIngredients:
            let tab = await home(ofRecipe: choose.recipeID)
            await show(tab, [tab.navigator.root, Screens.RecipeDetails(recipeID: choose.recipeID, servings: choose.servings)])
            await tab.chooseIngredients(choose)
        case let author as Screens.AuthorRecipes:
            await show(search, [Screens.RecipeSearch(), author])
        case let preferences as Screens.KitchenPreferences:
            await show(search, [Screens.RecipeSearch(), preferences])
        case let about as Screens.About:
            await show(feed, [Screens.Feed(), about])
        default:
            if let tab = tab(rootedAt: descriptor) {
                await show(tab, [descriptor])
            } else {
                await tabBar.current.show(descriptor)
            }
        }
    }

    /// A recipe opens under Favorites when it is one of them (Back leads to the list holding it),
    /// else under the Feed. A favorites store that cannot be read opens it under the Feed.
    private func home(ofRecipe id: Recipe.ID) async -> any RecipePresenting & TabStackCoordinator {
        let isFavorite = (try? await environment.favorites.find(id: id)) != nil
        return isFavorite ? favorites : feed
    }

    /// The tab whose first screen this is (the Feed, the shopping list, Favorites).
    private func tab(rootedAt descriptor: any ScreenDescriptor) -> (any TabStackCoordinator)? {
        children.first { $0.navigator.root.isEqual(to: descriptor) }
    }

    /// Selects the child's tab with these screens on its stack; the top one appears once.
    private func show(_ child: any TabStackCoordinator, _ stack: [any ScreenDescriptor]) async {
        guard let index = children.firstIndex(where: { $0 === child }) else { return }
        await tabBar.select(tabAt: index, showing: stack)
    }
}
