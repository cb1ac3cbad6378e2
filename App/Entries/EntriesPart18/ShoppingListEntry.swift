import Core
internal import ShoppingList

/// How the app builds the screens of ShoppingList: the only file on the app's side that imports the
/// feature (docs/architecture.md, "Entries"). Its interface names Core's types only, so an edit
/// inside the feature recompiles this one file, and the app, which imports the entries' modules and
/// no feature, is not compiled again.
public enum ShoppingListEntry {
    @MainActor public static func makeScreen(_ descriptor: Screens.ShoppingList, environment: any Environment) -> any Screen {
        ShoppingListFeature.makeScreen(descriptor, environment: environment)
    }
}
