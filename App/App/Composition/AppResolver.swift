import Core
import Foundation
import RecipeDetails
import RecipeSearch

/// One builder per descriptor: the only place that knows which module implements what.
/// Leaving one out is a compile error ("type 'AppResolver' does not conform to protocol 'Resolver'").
struct AppResolver: Resolver {
    /// Where exports are written.
    let exportDirectory: URL

    @MainActor func build(_ descriptor: RecipeSearchDescriptor, in environment: any Environment) -> any Screen {
        RecipeSearchFeature.makeScreen(descriptor, environment: environment)
    }

    @MainActor func build(_ descriptor: RecipeDetailsDescriptor, in environment: any Environment) -> any Screen {
        RecipeDetailsFeature.makeScreen(descriptor, environment: environment)
    }

    @MainActor func build(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
        FileRecipeExporter(directory: exportDirectory, format: descriptor.format)
    }
}
