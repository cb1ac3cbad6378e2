import Core
import DataFormats
import TerminalRunner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a recipe as a Markdown or text file in the data directory's `exports` folder.
struct FileRecipeExporter: RecipeExporter {
    let directory: URL
    let format: RecipeExportDescriptor.Format

    func export(_ recipe: Recipe) async throws -> String {
        let file = directory.appendingPathComponent("\(Self.slug(recipe.title))-\(recipe.id).\(format == .markdown ? "md" : "txt")")
        do {
            try Folder.create(at: directory)
        } catch {
            throw ExportError(path: file.path, reason: error.reason)
        }
        do {
            // At once, keeping the file's permissions and links: a failed export never leaves half a file.
            try FileReplacement.write(Data(Self.render(recipe, as: format).utf8), to: file.path)
        } catch {
            throw ExportError(path: file.path, reason: error.reason)
        }
        return "Exported “\(recipe.title)” to \(file.path)"
    }

    /// "Curry Rice!" → "curry-rice".
    static func slug(_ title: String) -> String {
        let words = title.lowercased().split { !$0.isLetter && !$0.isNumber }
        return words.isEmpty ? "recipe" : words.joined(separator: "-")
    }

    static func render(_ recipe: Recipe, as format: RecipeExportDescriptor.Format) -> String {
        let heading = format == .markdown ? "# \(recipe.title)" : recipe.title.uppercased()
        let subheading = { (title: String) in format == .markdown ? "## \(title)" : "\(title):" }
        let ingredients = recipe.ingredients.map { "- " + $0.text }
        let steps = recipe.steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
        return
            ([
                heading, "", recipe.summary, "",
                "By \(recipe.author.name) · \(recipe.cookingMinutes) min · \(recipe.calories) kcal · serves \(recipe.servings)", "",
                subheading("Ingredients"),
            ] + ingredients + ["", subheading("Steps")] + steps)
            .joined(separator: "\n") + "\n"
    }
}

struct ExportError: LocalizedError {
    let path: String
    let reason: String

    var errorDescription: String? { "could not write \(path): \(reason)" }
    var recoverySuggestion: String? { "Check that the data directory is writable, or start with --data-dir DIR." }
}
