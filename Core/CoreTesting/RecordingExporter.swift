import Core

/// Stands in for the app's exporter: records what was exported and writes nothing.
public final class RecordingExporter: RecipeExporter {
    public let format: RecipeExportDescriptor.Format
    private let exported = Locked<[Recipe.ID]>([])

    public init(format: RecipeExportDescriptor.Format) {
        self.format = format
    }

    public var exportedRecipeIDs: [Recipe.ID] { exported.withLock { $0 } }

    public func export(_ recipe: Recipe) async throws -> String {
        exported.withLock { $0.append(recipe.id) }
        return "Exported “\(recipe.title)” as \(format.rawValue) (stub: nothing was written)."
    }
}
