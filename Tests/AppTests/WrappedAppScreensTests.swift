import Core
import Foundation
import TerminalRunner
import Testing

@testable import App

/// Every screen of the real app, wrapped as a script asks for a width: no line wider than the
/// window, and not a word lost, from 40 to 200 columns.
@MainActor
@Suite("The app's screens wrapped to a width")
struct WrappedAppScreensTests {
    static let widths = [40, 41, 47, 59, 80, 99, 120, 157, 200]

    /// The session's screen unwrapped and at every width: each line fits, and the words are
    /// the same, in the same order.
    func expectWraps(_ tabBar: TabBar, _ what: String) {
        let unwrapped = ScriptInterpreter(tabBar: tabBar).screenText
        let words = unwrapped.split(whereSeparator: \.isWhitespace).joined()
        for width in Self.widths {
            let text = ScriptInterpreter(tabBar: tabBar, width: width).screenText
            let wide = text.split(separator: "\n").filter { line in
                line.reduce(0) { $0 + (Self.isWide($1) ? 2 : 1) } > width
            }
            #expect(wide.isEmpty, "\(what) at \(width) columns: lines wider than the window: \(wide)")
            #expect(text.split(whereSeparator: \.isWhitespace).joined() == words, "\(what) at \(width) columns lost words:\n\(text)")
        }
    }

    /// Two columns for CJK letters and emoji, as a terminal draws them (enough for the dataset).
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(scalar.value)
            || (0x2E80...0xA4CF).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
            || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
    }

    @Test("every bundled recipe, its ingredient chooser and its author's recipes")
    func everyRecipe() async throws {
        let app = try await AppSession()
        for recipe in BundledRecipeClient.bundled().recipes {
            await app.app.open(Screens.RecipeDetails(recipeID: recipe.id))
            expectWraps(app.tabBar, recipe.title)
        }
        let first = try #require(BundledRecipeClient.bundled().recipes.first)
        await app.app.open(Screens.ChooseIngredients(recipeID: first.id))
        expectWraps(app.tabBar, "choosing the ingredients of \(first.title)")
        await app.app.open(Screens.AuthorRecipes(authorID: first.author.id))
        expectWraps(app.tabBar, "the recipes of \(first.author.name)")
    }

    @Test("the tabs, a search, kitchen preferences, a filled shopping list and About")
    func tabs() async throws {
        let app = try await AppSession()
        expectWraps(app.tabBar, "the feed")
        await app.app.open(Screens.RecipeSearch(query: "curry"))
        expectWraps(app.tabBar, "a search for curry")
        await app.app.open(Screens.KitchenPreferences())
        expectWraps(app.tabBar, "kitchen preferences")
        await app.app.open(Screens.RecipeDetails(recipeID: try app.recipe(titled: "Curry Rice").id))
        await app.send(.activate(row: app.row("Add ingredients to shopping list")))
        await app.app.open(Screens.ShoppingList())
        expectWraps(app.tabBar, "the shopping list")
        await app.app.open(Screens.Favorites())
        expectWraps(app.tabBar, "favorites")
        await app.app.open(Screens.About())
        expectWraps(app.tabBar, "About")
    }
}
