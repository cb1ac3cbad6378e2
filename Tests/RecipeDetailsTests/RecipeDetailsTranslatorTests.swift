import Core
import CoreTesting
import Testing

@testable import RecipeDetails

/// An ingredient in words, as a cook writes it and the details screen lists it.
@Suite("Ingredient translator")
struct IngredientTranslatorTests {
    let translator = IngredientTranslator()

    @Test(
        arguments: [
            (Ingredient(name: "chicken thigh", quantity: 400, unit: .gram), "400 g chicken thigh"),
            (Ingredient(name: "onions", quantity: 2, unit: .none), "2 onions"),
            (Ingredient(name: "curry paste", quantity: 1.5, unit: .tablespoon), "1½ tbsp curry paste"),
            (Ingredient(name: "grated apple", quantity: 0.5, unit: .piece), "½ apple, grated"),
            (Ingredient(name: "garlic", quantity: 2, unit: .clove), "2 cloves garlic"),
            (Ingredient(name: "salt", quantity: nil, unit: .pinch), "salt (to taste)"),
        ])
    func ingredientsReadAsPeopleWriteThem(ingredient: Ingredient, text: String) {
        #expect(translator.translate((ingredient, .one)) == text)
    }

    @Test(
        "for other servings, quantities follow as a cook writes them",
        arguments: [
            (Ingredient(name: "grated apple", quantity: 0.5, unit: .piece), 2, 4, "¼ apple, grated"),
            (Ingredient(name: "onions", quantity: 2, unit: .none), 2, 4, "1 onion"),
            (Ingredient(name: "egg", quantity: 1, unit: .none), 6, 4, "1½ eggs"),
            (Ingredient(name: "egg", quantity: 1, unit: .none), 4, 6, "⅔ egg"),
            (Ingredient(name: "bay leaves", quantity: 2, unit: .none), 1, 4, "½ bay leaf"),
            (Ingredient(name: "curry paste", quantity: 1.5, unit: .tablespoon), 8, 4, "3 tbsp curry paste"),
            (Ingredient(name: "soy sauce", quantity: 1, unit: .tablespoon), 2, 4, "1½ tsp soy sauce"),
            (Ingredient(name: "sugar", quantity: 1, unit: .teaspoon), 12, 4, "1 tbsp sugar"),
            (Ingredient(name: "vegetable stock", quantity: 1.2, unit: .liter), 3, 4, "900 ml vegetable stock"),
            (Ingredient(name: "rice", quantity: 400, unit: .gram), 12, 4, "1.2 kg rice"),
            (Ingredient(name: "garlic", quantity: 1, unit: .clove), 8, 4, "2 cloves garlic"),
            (Ingredient(name: "coriander", quantity: 0.5, unit: .bunch), 2, 4, "¼ bunch coriander"),
            (Ingredient(name: "egg", quantity: 1, unit: .none), 5, 6, "about ¾ egg"),
            (Ingredient(name: "salt", quantity: nil, unit: .pinch), 2, 4, "salt (to taste)"),
        ] as [(Ingredient, Int, Int, String)])
    func scaled(ingredient: Ingredient, servings: Int, of recipeServings: Int, text: String) {
        #expect(translator.translate((ingredient, Fraction(servings, recipeServings) ?? .one)) == text)
    }
}

/// The details screen's translator on its own: state in, the content a person reads out.
@Suite("Recipe details translator")
struct RecipeDetailsTranslatorTests {
    let translator = RecipeDetailsTranslator()

    @Test func loadingAndFailureShowOnlyTheStatus() {
        #expect(
            translator.translate(RecipeDetailsState())
                == ScreenContent<RecipeDetailsRow>(title: "Recipe", status: .loading("Loading the recipe…")))
        let failure = ScreenFailure(message: "Couldn't load recipe 9: not found.", canRetry: false)
        #expect(
            translator.translate(RecipeDetailsState(phase: .failed(failure)))
                == ScreenContent<RecipeDetailsRow>(title: "Recipe", status: .failed(failure)))
    }

    @Test func aLoadedRecipeReadsAboutIngredientsStepsThenActions() {
        let state = RecipeDetailsState(phase: .loaded(Fixtures.misoSoup), isFavorite: true, notice: "Saved to favorites.")

        #expect(
            translator.translate(state)
                == ScreenContent<RecipeDetailsRow>(
                    title: "Miso Soup",
                    sections: [
                        ScreenSection<RecipeDetailsRow>(
                            id: "about",
                            rows: [
                                ScreenRow<RecipeDetailsRow>(id: .fact(0), .text("Everyday soup of dashi, miso and tofu.")),
                                ScreenRow<RecipeDetailsRow>(id: .fact(1), .text("Soup by Aiko Tanaka")),
                                ScreenRow<RecipeDetailsRow>(id: .fact(2), .text("10 min · 90 kcal per serving · serves 2")),
                            ]),
                        ScreenSection<RecipeDetailsRow>(
                            id: "servings",
                            rows: [
                                ScreenRow<RecipeDetailsRow>(
                                    id: .servings,
                                    .picker(label: "Serves", options: ["1", "2", "3", "4", "5", "6", "8", "10", "12"], selected: 1))
                            ]),
                        ScreenSection<RecipeDetailsRow>(
                            id: "ingredients", title: "Ingredients",
                            rows: [
                                ScreenRow<RecipeDetailsRow>(id: .ingredient(0), .text("• 500 ml dashi")),
                                ScreenRow<RecipeDetailsRow>(id: .ingredient(1), .text("• 2 tbsp miso")),
                                ScreenRow<RecipeDetailsRow>(id: .ingredient(2), .text("• 150 g tofu")),
                            ]),
                        ScreenSection<RecipeDetailsRow>(
                            id: "steps", title: "Steps",
                            rows: [
                                ScreenRow<RecipeDetailsRow>(id: .step(0), .text("1. Heat the dashi.")),
                                ScreenRow<RecipeDetailsRow>(id: .step(1), .text("2. Add the tofu.")),
                                ScreenRow<RecipeDetailsRow>(id: .step(2), .text("3. Dissolve the miso off the heat.")),
                            ]),
                        ScreenSection<RecipeDetailsRow>(
                            id: "actions", title: "Actions",
                            rows: [
                                ScreenRow<RecipeDetailsRow>(id: .addToShoppingList, .button("Add ingredients to shopping list")),
                                ScreenRow<RecipeDetailsRow>(
                                    id: .chooseIngredients, .link(title: "Choose ingredients to add…", subtitle: nil)),
                                ScreenRow<RecipeDetailsRow>(id: .takeOffShoppingList, .button("Take ingredients off shopping list")),
                                ScreenRow<RecipeDetailsRow>(id: .favorite, .toggle(label: "Favorite", isOn: true)),
                                ScreenRow<RecipeDetailsRow>(id: .export, .button("Export as Markdown")),
                                ScreenRow<RecipeDetailsRow>(id: .moreFromAuthor, .link(title: "More from Aiko Tanaka", subtitle: nil)),
                            ]),
                    ],
                    notice: "Saved to favorites."))
    }

    @Test func vegetarianRecipesSaySoAndTheToggleFollowsTheState() {
        let content = translator.translate(RecipeDetailsState(phase: .loaded(Fixtures.pancakes), isFavorite: false))

        #expect(content.row(id: .fact(2))?.label == "20 min · 350 kcal per serving · serves 4 · vegetarian")
        #expect(content.row(id: .favorite)?.element == .toggle(label: "Favorite", isOn: false))
        #expect(content.row(id: .ingredient(3))?.label == "• salt (to taste)")
        #expect(content.notice == nil)
    }

    @Test func forOtherServingsTheIngredientsSaySoAndTheChoicesIncludeThem() {
        let content = translator.translate(RecipeDetailsState(phase: .loaded(Fixtures.misoSoup), servings: 7))

        #expect(
            content.row(id: .servings)?.element
                == .picker(label: "Serves", options: ["1", "2", "3", "4", "5", "6", "7", "8", "10", "12"], selected: 6))
        #expect(
            content.rowTexts(inSectionTitled: "Ingredients for 7 (the recipe serves 2)") == [
                "• 1.75 l dashi", "• 7 tbsp miso", "• 525 g tofu",
            ])
    }
}
