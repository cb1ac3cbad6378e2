import Core
import TerminalRunner

/// What every tab's coordinator shares, written once: it presents on its own stack, keeps the
/// child flows it started, and decides what its screens ask for. A child flow's screens ask
/// their flow; a screen this tab shows (`present`) goes on its stack; anything else goes to the
/// tab it belongs to.
@MainActor
protocol TabStackCoordinator: FlowParent where Navigator == StackNavigator {
    /// The tabs, for screens that belong to another tab. Weak: the tabs own this coordinator.
    var tabs: MainTabCoordinator? { get }
    /// Shows the screen on this tab's stack when it is one this tab shows; false when it is not.
    func present(_ descriptor: any ScreenDescriptor) async -> Bool
}

extension TabStackCoordinator {
    /// Shows the tab's first screen (the tab bar also does this when the tab is first selected).
    func start() async {
        await navigator.start()
    }

    func navigate(_ navigation: Navigation) async {
        if let flow = activeFlow {
            await flow.navigate(navigation)
            return
        }
        switch navigation {
        case .show(let descriptor):
            guard await !present(descriptor) else { return }
            if let tabs {
                await tabs.open(descriptor)
            } else {
                await navigator.show(descriptor)
            }
        case .pop, .finish:
            // A finish no flow of this tab owns (a chooser opened some other way) closes that
            // screen and hands its result to the one below, as a stack does by itself.
            await navigator.perform(navigation)
        }
    }

    func screensWereRemoved(leaving depth: Int) {
        endFlows(leaving: depth)
    }
}

/// The Feed tab: the feed, then recipes, their authors, the ingredient chooser, and About.
@MainActor
final class FeedCoordinator: TabStackCoordinator, RecipePresenting {
    let navigator: StackNavigator
    weak var tabs: MainTabCoordinator?
    var childCoordinators: [any FlowCoordinator] = []

    init(environment: any Environment) {
        navigator = StackNavigator(title: "Feed", environment: environment, root: Screens.Feed())
        navigator.coordinator = self
    }

    func present(_ descriptor: any ScreenDescriptor) async -> Bool {
        if let about = descriptor as? Screens.About {
            await navigator.show(about)
            return true
        }
        return await presentRecipeScreen(descriptor)
    }
}

/// The Search tab: the search, Kitchen preferences, then recipes, their authors and the
/// ingredient chooser.
@MainActor
final class SearchCoordinator: TabStackCoordinator, RecipePresenting {
    let navigator: StackNavigator
    weak var tabs: MainTabCoordinator?
    var childCoordinators: [any FlowCoordinator] = []

    init(environment: any Environment) {
        navigator = StackNavigator(title: "Search", environment: environment, root: Screens.RecipeSearch())
        navigator.coordinator = self
    }

    func present(_ descriptor: any ScreenDescriptor) async -> Bool {
        if let preferences = descriptor as? Screens.KitchenPreferences {
            await navigator.show(preferences)
            return true
        }
        return await presentRecipeScreen(descriptor)
    }
}

/// The Favorites tab: the saved recipes, then recipes, their authors and the ingredient chooser.
@MainActor
final class FavoritesCoordinator: TabStackCoordinator, RecipePresenting {
    let navigator: StackNavigator
    weak var tabs: MainTabCoordinator?
    var childCoordinators: [any FlowCoordinator] = []

    init(environment: any Environment) {
        navigator = StackNavigator(title: "Favorites", environment: environment, root: Screens.Favorites())
        navigator.coordinator = self
    }

    func present(_ descriptor: any ScreenDescriptor) async -> Bool {
        await presentRecipeScreen(descriptor)
    }
}

/// The Shopping list tab: one screen, which opens nothing; anything asked of it goes where it belongs.
@MainActor
final class ShoppingListCoordinator: TabStackCoordinator {
    let navigator: StackNavigator
    weak var tabs: MainTabCoordinator?
    var childCoordinators: [any FlowCoordinator] = []

    init(environment: any Environment) {
        navigator = StackNavigator(title: "Shopping list", environment: environment, root: Screens.ShoppingList())
        navigator.coordinator = self
    }

    func present(_ descriptor: any ScreenDescriptor) async -> Bool {
        false
    }
}
