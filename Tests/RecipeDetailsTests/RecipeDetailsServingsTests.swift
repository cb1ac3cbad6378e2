import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeDetails

/// "Serves 4" can be changed, on the screen and by a link: the quantities follow as a cook
/// writes them, and the shopping list gets (and gives back) the amounts for the servings chosen.
@MainActor
@Suite("Recipe details for other servings")
struct RecipeDetailsServingsTests {
    let environment = StubEnvironment()

    func screen(_ recipeID: Recipe.ID = 1, servings: Int? = nil) async -> any Screen<RecipeDetailsRow> {
        let screen =
            RecipeDetailsFeature.makeScreen(
                Screens.RecipeDetails(recipeID: recipeID, servings: servings), environment: environment) as! any Screen<RecipeDetailsRow>
        await screen.appear()
        return screen
    }

    /// Chooses `servings` on the "Serves" picker, as `set Serves 2` does.
    func choose(_ servings: Int, on screen: any Screen<RecipeDetailsRow>) async throws {
        guard case .picker(_, let options, _) = try #require(screen.content.row(id: .servings)).element,
            let index = options.firstIndex(of: String(servings))
        else {
            Issue.record("no option \(servings)")
            return
        }
        _ = await screen.handle(.choose(row: .servings, option: index))
    }

    func rows() async throws -> [String] {
        try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)]).map { "\($0.displayName) · \($0.amount)" }
    }

    @Test func choosingServingsScalesTheQuantitiesAsACookWritesThem() async throws {
        let screen = await screen(1)
        #expect(screen.content.row(id: .servings)?.plainText == "Serves: ‹4› of 1 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12")

        try await choose(2, on: screen)

        #expect(screen.content.row(id: .servings)?.plainText == "Serves: ‹2› of 1 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12")
        #expect(
            screen.content.rowTexts(inSectionTitled: "Ingredients for 2 (the recipe serves 4)") == [
                "• 200 g chicken thigh", "• 1 onion", "• ½ carrot", "• 50 g curry roux", "• 1 cup rice",
            ])
        try await choose(4, on: screen)
        #expect(screen.content.rowTexts(inSectionTitled: "Ingredients").first == "• 400 g chicken thigh", "back as written")
    }

    @Test func aLinkOpensTheRecipeForItsServings() async throws {
        let screen = await screen(1, servings: 7)

        #expect(screen.content.row(id: .servings)?.plainText == "Serves: ‹7› of 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 10 | 12")
        #expect(
            screen.content.rowTexts(inSectionTitled: "Ingredients for 7 (the recipe serves 4)") == [
                "• 700 g chicken thigh", "• 3½ onions", "• 1¾ carrots", "• 175 g curry roux", "• 3½ cups rice",
            ])
    }

    @Test func addingAddsTheScaledAmountsAndAddsUpWithWhatIsThere() async throws {
        let screen = await screen(1)
        try await choose(2, on: screen)

        _ = await screen.handle(.activate(row: .addToShoppingList))
        #expect(screen.content.notice == "Added 5 ingredients of “Curry Rice” (for 2) to the shopping list.")
        #expect(try await rows() == ["chicken thigh · 200 g", "onion · 1", "carrot · ½", "curry roux · 50 g", "rice · 1 cup"])

        try await choose(12, on: screen)
        _ = await screen.handle(.activate(row: .addToShoppingList))
        #expect(try await rows() == ["chicken thigh · 1.4 kg", "onions · 7", "carrots · 3½", "curry roux · 350 g", "rice · 7 cups"])
        let items = try await environment.shoppingList.findAll()
        #expect(items.allSatisfy { $0.recipeTitles == ["Curry Rice"] })
    }

    @Test func takingOffSubtractsTheAmountsForTheServingsChosen() async throws {
        let screen = await screen(1, servings: 8)
        _ = await screen.handle(.activate(row: .addToShoppingList))
        try await choose(2, on: screen)

        _ = await screen.handle(.activate(row: .takeOffShoppingList))

        #expect(screen.content.notice == "Took the ingredients of “Curry Rice” (for 2) off the shopping list: 5 rows changed.")
        #expect(try await rows() == ["chicken thigh · 600 g", "onions · 3", "carrots · 1½", "curry roux · 150 g", "rice · 3 cups"])
        try await choose(12, on: screen)
        _ = await screen.handle(.activate(row: .takeOffShoppingList))
        #expect(try await rows().isEmpty, "never more than the recipe added; what it added is gone")
        _ = await screen.handle(.activate(row: .takeOffShoppingList))
        #expect(screen.content.notice == "Nothing on the shopping list is for “Curry Rice”.")
    }

    @Test func theChooserShowsAndAddsTheAmountsForTheServingsChosen() async throws {
        let details = await screen(1)
        try await choose(2, on: details)

        let open = await details.handle(.activate(row: .chooseIngredients))
        #expect(open?.descriptor as? Screens.ChooseIngredients == Screens.ChooseIngredients(recipeID: 1, servings: 2))
        _ = await details.handle(.flowFinished(.ingredients(recipeID: 1, [Fixtures.curryRice.ingredients[1]])))

        #expect(try await rows() == ["onion · 1"])
        #expect(details.content.notice == "Added 1 of 5 ingredients of “Curry Rice” (for 2) to the shopping list.")
    }

    @Test func waterAndWhatIsToTasteAreLeftOutUnlessChosen() async throws {
        let soup = Recipe(
            id: 77, title: "Plain Soup", summary: "", author: Fixtures.aiko, category: .soup, cookingMinutes: 5, calories: 50,
            servings: 2, isVegetarian: true, popularity: 0, publishedOn: "2025-01-01",
            ingredients: [
                Ingredient(name: "warm water", quantity: 500, unit: .milliliter), Ingredient(name: "miso", quantity: 2, unit: .tablespoon),
                Ingredient(name: "salt", quantity: nil, unit: .pinch),
            ], steps: [])
        let environment = StubEnvironment(recipes: Fixtures.recipes + [soup])
        let screen =
            RecipeDetailsFeature.makeScreen(Screens.RecipeDetails(recipeID: 77), environment: environment) as! any Screen<RecipeDetailsRow>
        await screen.appear()

        _ = await screen.handle(.activate(row: .addToShoppingList))

        #expect(try await environment.shoppingList.findAll().map(\.name) == ["miso"])
        #expect(
            screen.content.notice
                == "Added 1 of 3 ingredients of “Plain Soup” to the shopping list. Left out warm water and salt (to taste): choose them with “Choose ingredients to add…”."
        )
        _ = await screen.handle(.flowFinished(.ingredients(recipeID: 77, [soup.ingredients[0]])))
        #expect(try await environment.shoppingList.findAll().map(\.amount) == ["2 tbsp", "500 ml"], "chosen, water is added")
    }
}
