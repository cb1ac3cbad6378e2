import Core
import TerminalRunner

/// A tab's navigation coordinator, and what every tab's shares, written once: it presents on its
/// own stack, decides what its screens ask for, and starts child flows (its `childCoordinators`),
/// handing each one's result to the screen that was on top when it started. A child flow's
/// screens ask their flow; a screen this tab shows (`present`) goes on its stack; anything else
/// goes to the tab it belongs to.
@MainActor
protocol TabStackCoordinator: NavigationCoordinator {
    /// The stack this coordinator shows its screens on.
    var navigator: StackNavigator { get }
    /// The tabs, for screens that belong to another tab. Weak: the tabs own this coordinator.
    var tabs: MainTabCoordinator? { get }
    /// The child flows started and not finished yet, oldest first. Known only as
    /// `FlowCoordinator`s: the ingredient chooser or any other flow, with no check of a type.
    var childCoordinators: [any FlowCoordinator] { get set }
    /// Shows the screen on this tab's stack when it is one this tab shows; false when it is not.
    func present(_ descriptor: any ScreenDescriptor) async -> Bool
}

extension TabStackCoordinator {
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

    /// Flows whose screens are gone (the person went back past them) are over, with no result.
    func screensWereRemoved(leaving depth: Int) {
        childCoordinators.removeAll { $0.baseDepth >= depth }
    }

    /// The flow the screen on top belongs to: requests from its screens are the flow's. The
    /// newest flow whose screens are still on the stack, so a flow started inside another wins.
    var activeFlow: (any FlowCoordinator)? {
        childCoordinators.last { navigator.depth > $0.baseDepth }
    }

    /// Starts `flow` for the screen now on top; when the flow finishes, that screen gets its
    /// result, if it is the one shown again, and what it asks next is carried out here.
    func startFlow(_ flow: any FlowCoordinator) async {
        let requester = navigator.topScreen
        let id = ObjectIdentifier(flow)
        flow.onFinish = { [weak self] result in
            guard let self else { return }
            childCoordinators.removeAll { ObjectIdentifier($0) == id }
            guard let requester, requester === navigator.topScreen, let next = await requester.handle(.flowFinished(result)) else {
                return
            }
            await navigate(next)
        }
        childCoordinators.append(flow)
        await flow.start()
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
