import Core

/// The feature's one public door: the app's resolver and the sandbox build the screen here.
public enum ShoppingListFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.ShoppingList, environment: any Environment) -> any Screen {
        ShoppingListScreen(viewModel: ShoppingListViewModel(interactor: ShoppingListInteractor(environment: environment)))
    }
}
