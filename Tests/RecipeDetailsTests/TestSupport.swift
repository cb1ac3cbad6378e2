import Core
import CoreTesting

@testable import RecipeDetails

extension ScreenContent {
    /// The texts of a titled section's rows, top to bottom.
    func rowTexts(inSectionTitled title: String) -> [String] {
        sections.first { $0.title == title }?.rows.map(\.label) ?? []
    }
}

extension ScreenContent<RecipeDetailsRow> {
    /// Whether the favorite toggle is on; nil when the screen shows no toggle.
    var isFavoriteShown: Bool? {
        guard case .toggle(_, let isOn)? = row(id: .favorite)?.element else { return nil }
        return isOn
    }
}

/// An exporter that cannot write, as a read-only disk would make it.
struct FailingExporter: RecipeExporter {
    func export(_ recipe: Recipe) async throws -> String { throw StubStoreError.diskFull }
}
