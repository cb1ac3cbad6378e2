import Core

/// What the details screen reaches outside its feature: only through `resolve`.
@MainActor
struct RecipeDetailsRouter {
    let environment: any Environment

    func authorRecipes(_ authorID: Author.ID) -> Navigation {
        .push(environment.resolve(AuthorRecipesDescriptor(authorID: authorID)))
    }

    /// The app's exporter: a service no feature can see the implementation of.
    func exporter() -> any RecipeExporter {
        environment.resolve(RecipeExportDescriptor(format: .markdown))
    }
}
