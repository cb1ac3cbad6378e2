import Core

/// The resolver of tests and sandboxes: every descriptor gets a labelled placeholder unless
/// a builder is set for it. A sandbox sets the builder of its own feature; everything else
/// stays a placeholder. Every resolution is recorded.
public struct StubResolver: Resolver {
    public typealias Builder<D: Descriptor> = @MainActor @Sendable (D, any Environment) -> D.Output

    public var recipeSearch: Builder<RecipeSearchDescriptor> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var recipeDetails: Builder<RecipeDetailsDescriptor> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var feed: Builder<FeedDescriptor> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var shoppingList: Builder<ShoppingListDescriptor> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var favorites: Builder<FavoritesDescriptor> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var authorRecipes: Builder<AuthorRecipesDescriptor> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var about: Builder<AboutDescriptor> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
    public var recipeExport: Builder<RecipeExportDescriptor> = { descriptor, _ in RecordingExporter(format: descriptor.format) }

    let recorder: Recorder

    public init(recorder: Recorder) {
        self.recorder = recorder
    }

    @MainActor public func build(_ descriptor: RecipeSearchDescriptor, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return recipeSearch(descriptor, environment)
    }

    @MainActor public func build(_ descriptor: RecipeDetailsDescriptor, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return recipeDetails(descriptor, environment)
    }

    @MainActor public func build(_ descriptor: FeedDescriptor, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return feed(descriptor, environment)
    }

    @MainActor public func build(_ descriptor: ShoppingListDescriptor, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return shoppingList(descriptor, environment)
    }

    @MainActor public func build(_ descriptor: FavoritesDescriptor, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return favorites(descriptor, environment)
    }

    @MainActor public func build(_ descriptor: AuthorRecipesDescriptor, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return authorRecipes(descriptor, environment)
    }

    @MainActor public func build(_ descriptor: AboutDescriptor, in environment: any Environment) -> any Screen {
        recorder.record(resolved: descriptor)
        return about(descriptor, environment)
    }

    @MainActor public func build(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
        recorder.record(resolved: descriptor)
        return recipeExport(descriptor, environment)
    }
}
