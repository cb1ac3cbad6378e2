import Core

/// The feature's one door: the app's resolver and the sandbox build the screen here. The shopping
/// list opens no other screen, so this is the feature's one file that names `Screens`.
public enum ShoppingListFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.ShoppingList, environment: any Environment) -> any Screen {
        ShoppingListScreen(viewModel: ShoppingListViewModel(environment: environment))
    }
}
