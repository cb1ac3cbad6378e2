import Core
internal import RecipeDetails

/// How the app builds the screens of RecipeDetails: the only module that imports the feature for it
/// (docs/architecture.md, "Entries"). Its interface names Core's types only, so an edit inside
/// the feature recompiles this one file, and the app, which imports every entry and no feature,
/// is not compiled again.
public enum RecipeDetailsEntry {
    @MainActor public static func makeScreen(_ descriptor: Screens.RecipeDetails, environment: any Environment) -> any Screen {
        RecipeDetailsFeature.makeScreen(descriptor, environment: environment)
    }

    @MainActor public static func makeScreen(_ descriptor: Screens.ChooseIngredients, environment: any Environment) -> any Screen {
        RecipeDetailsFeature.makeScreen(descriptor, environment: environment)
    }
}
