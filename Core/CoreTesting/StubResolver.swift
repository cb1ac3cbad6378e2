import Core

/// The resolver of tests and sandboxes: every descriptor gets a labelled placeholder unless
/// a builder is set for it. A sandbox sets the builders of its own feature; everything else
/// stays a placeholder. Every resolution is recorded.
///
/// One builder property and one `build` per descriptor: the `Resolver` protocol makes a missing
/// one a compile error here as in the app.
@MainActor
public final class StubResolver: Resolver {
    public typealias Builder<D: Descriptor> = @MainActor @Sendable (D, any Environment) -> D.Output

    public var feed: Builder<Screens.Feed> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var recipeSearch: Builder<Screens.RecipeSearch> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var recipeDetails: Builder<Screens.RecipeDetails> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var chooseIngredients: Builder<Screens.ChooseIngredients> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var authorRecipes: Builder<Screens.AuthorRecipes> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var kitchenPreferences: Builder<Screens.KitchenPreferences> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var shoppingList: Builder<Screens.ShoppingList> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var favorites: Builder<Screens.Favorites> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var about: Builder<Screens.About> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var recipeExport: Builder<RecipeExportDescriptor> = { descriptor, _ in RecordingExporter(format: descriptor.format) }

    let recorder: Recorder

    public nonisolated init(recorder: Recorder) {
        self.recorder = recorder
    }

    public func buildFeed(_ descriptor: Screens.Feed, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return feed(descriptor, environment)
    }

    public func buildRecipeSearch(_ descriptor: Screens.RecipeSearch, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return recipeSearch(descriptor, environment)
    }

    public func buildRecipeDetails(_ descriptor: Screens.RecipeDetails, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return recipeDetails(descriptor, environment)
    }

    public func buildChooseIngredients(_ descriptor: Screens.ChooseIngredients, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return chooseIngredients(descriptor, environment)
    }

    public func buildAuthorRecipes(_ descriptor: Screens.AuthorRecipes, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return authorRecipes(descriptor, environment)
    }

    public func buildKitchenPreferences(_ descriptor: Screens.KitchenPreferences, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return kitchenPreferences(descriptor, environment)
    }

    public func buildShoppingList(_ descriptor: Screens.ShoppingList, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return shoppingList(descriptor, environment)
    }

    public func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return favorites(descriptor, environment)
    }

    public func buildAbout(_ descriptor: Screens.About, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return about(descriptor, environment)
    }

    public func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
        recorder.record(resolved: descriptor)
        return recipeExport(descriptor, environment)
    }
}
