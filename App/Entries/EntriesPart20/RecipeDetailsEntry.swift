import Core
internal import RecipeDetails

/// How the app builds the screens of RecipeDetails: the only file on the app's side that imports the
/// feature (docs/architecture.md, "Entries"). Its interface names Core's types only, so an edit
/// inside the feature recompiles this one file, and the app, which imports the entries' modules and
/// no feature, is not compiled again.
public enum RecipeDetailsEntry {
    @MainActor public static func makeScreen(_ descriptor: Screens.RecipeDetails, environment: any Environment) -> any Screen {
        RecipeDetailsFeature.makeScreen(descriptor, environment: environment)
    }

    @MainActor public static func makeScreen(_ descriptor: Screens.ChooseIngredients, environment: any Environment) -> any Screen {
        RecipeDetailsFeature.makeScreen(descriptor, environment: environment)
    }
}
