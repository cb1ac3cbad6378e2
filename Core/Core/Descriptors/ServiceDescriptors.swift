// Services that only the app can provide (they touch its files, its platform), named
// here so features can use them without seeing the app.

/// Writes a recipe somewhere the user can take it: a file on disk in the app, a
/// recording in tests.
public protocol RecipeExporter: Sendable {
    /// Exports the recipe and says where it went, in words for the user.
    func export(_ recipe: Recipe) async throws -> String
}

public struct RecipeExportDescriptor: Descriptor, Hashable {
    public enum Format: String, CaseIterable, Hashable, Sendable {
        case markdown, plainText
    }

    public var format: Format

    public init(format: Format) {
        self.format = format
    }

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any RecipeExporter {
        resolver.buildRecipeExport(self, in: environment)
    }
}
