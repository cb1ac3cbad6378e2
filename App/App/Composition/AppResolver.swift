import Core
// The modules of the app's own features' entries, by the parts their names hash to
// (Package.swift's `part(of:)`): Favorites, RecipeSearch, Feed and ShoppingList, RecipeDetails.
import EntriesPart03
import EntriesPart16
import EntriesPart18
import EntriesPart20

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One builder per descriptor: the only place that knows which module implements what. The app's
/// own screens' builders are here; those of the screens `workspace new-feature` made are generated
/// beside it (`AppResolver+Screens.swift`). Leaving one out is a compile error ("type 'AppResolver'
/// does not conform to protocol 'Resolver'", or to the screen's part, `ScreensPart01.Builders`).
final class AppResolver: Resolver, PartBuilders {
    /// Where exports are written.
    let exportDirectory: URL
    /// What the legacy About page shows about this run.
    let about: LegacyAboutPage.Facts
    /// The legacy page itself: its shared instance unless given (the gallery starts a fresh one).
    let aboutPage: LegacyAboutPage?

    init(exportDirectory: URL, about: LegacyAboutPage.Facts, aboutPage: LegacyAboutPage? = nil) {
        self.exportDirectory = exportDirectory
        self.about = about
        self.aboutPage = aboutPage
    }

    @MainActor func buildFeed(_ descriptor: Screens.Feed, in environment: any Environment) -> any Screen {
        FeedEntry.makeScreen(descriptor, environment: environment)
    }

    @MainActor func buildRecipeSearch(_ descriptor: Screens.RecipeSearch, in environment: any Environment) -> any Screen {
        RecipeSearchEntry.makeScreen(descriptor, environment: environment)
    }

    @MainActor func buildRecipeDetails(_ descriptor: Screens.RecipeDetails, in environment: any Environment) -> any Screen {
        RecipeDetailsEntry.makeScreen(descriptor, environment: environment)
    }

    @MainActor func buildChooseIngredients(_ descriptor: Screens.ChooseIngredients, in environment: any Environment) -> any Screen {
        RecipeDetailsEntry.makeScreen(descriptor, environment: environment)
    }

    @MainActor func buildAuthorRecipes(_ descriptor: Screens.AuthorRecipes, in environment: any Environment) -> any Screen {
        RecipeSearchEntry.makeScreen(descriptor, environment: environment)
    }

    @MainActor func buildKitchenPreferences(_ descriptor: Screens.KitchenPreferences, in environment: any Environment) -> any Screen {
        RecipeSearchEntry.makeScreen(descriptor, environment: environment)
    }

    @MainActor func buildShoppingList(_ descriptor: Screens.ShoppingList, in environment: any Environment) -> any Screen {
        ShoppingListEntry.makeScreen(descriptor, environment: environment)
    }

    @MainActor func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen {
        FavoritesEntry.makeScreen(descriptor, environment: environment)
    }

    @MainActor func buildAbout(_ descriptor: Screens.About, in environment: any Environment) -> any Screen {
        LegacyAboutScreen(page: aboutPage ?? .shared, facts: about, environment: environment)
    }

    @MainActor func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
        FileRecipeExporter(directory: exportDirectory, format: descriptor.format)
    }
}
