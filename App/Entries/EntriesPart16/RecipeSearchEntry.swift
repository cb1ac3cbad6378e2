import Core
internal import RecipeSearch

/// How the app builds the screens of RecipeSearch: the only file on the app's side that imports the
/// feature (docs/architecture.md, "Entries"). Its interface names Core's types only, so an edit
/// inside the feature recompiles this one file, and the app, which imports the entries' modules and
/// no feature, is not compiled again.
public enum RecipeSearchEntry {
    @MainActor public static func makeScreen(_ descriptor: Screens.RecipeSearch, environment: any Environment) -> any Screen {
        RecipeSearchFeature.makeScreen(descriptor, environment: environment)
    }

    @MainActor public static func makeScreen(_ descriptor: Screens.AuthorRecipes, environment: any Environment) -> any Screen {
        RecipeSearchFeature.makeScreen(descriptor, environment: environment)
    }

    @MainActor public static func makeScreen(_ descriptor: Screens.KitchenPreferences, environment: any Environment) -> any Screen {
        RecipeSearchFeature.makeScreen(descriptor, environment: environment)
    }
}
