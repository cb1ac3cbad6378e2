import Core
internal import Favorites

/// How the app builds the screens of Favorites: the only file on the app's side that imports the
/// feature (docs/architecture.md, "Entries"). Its interface names Core's types only, so an edit
/// inside the feature recompiles this one file, and the app, which imports the entries' modules and
/// no feature, is not compiled again.
public enum FavoritesEntry {
    @MainActor public static func makeScreen(_ descriptor: Screens.Favorites, environment: any Environment) -> any Screen {
        FavoritesFeature.makeScreen(descriptor, environment: environment)
    }
}
