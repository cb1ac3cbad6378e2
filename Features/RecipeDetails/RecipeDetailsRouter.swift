import Core

/// What the details screen reaches outside its feature: other screens by descriptor (the coordinator
/// resolves them), and the app's exporter through `environment.resolve`.
@MainActor
struct RecipeDetailsRouter {
    let environment: any Environment

    func authorRecipes(_ authorID: Author.ID) -> Navigation {
        .show(Screens.AuthorRecipes(authorID: authorID))
    }

    /// The app's exporter: a service no feature can see the implementation of.
    func exporter() -> any RecipeExporter {
        environment.resolve(RecipeExportDescriptor(format: .markdown))
    }
}
