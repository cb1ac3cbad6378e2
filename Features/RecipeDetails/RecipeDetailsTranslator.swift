import Core

/// Details state to screen content: facts, ingredients, steps, actions.
struct RecipeDetailsTranslator: Translator {
    private let ingredientText = IngredientTranslator()

    func translate(_ state: RecipeDetailsState) -> ScreenContent<RecipeDetailsRow> {
        switch state.phase {
        case .loading:
            return ScreenContent(title: "Recipe", status: .loading("Loading the recipe…"))
        case .failed(let failure):
            return ScreenContent(title: "Recipe", status: .failed(failure))
        case .loaded(let recipe):
            // A saved copy stays said above the outcome of the last action.
            let notices = [state.savedCopy?.notice(now: state.now, in: state.region), state.notice].compactMap { $0 }
            return ScreenContent(
                title: recipe.title, sections: sections(for: recipe, servings: state.servings, isFavorite: state.isFavorite),
                notice: notices.isEmpty ? nil : notices.joined(separator: " "))
        }
    }

    private func sections(for recipe: Recipe, servings chosen: Int?, isFavorite: Bool) -> [ScreenSection<RecipeDetailsRow>] {
        let servings = chosen ?? recipe.servings
        let factor = recipe.factor(forServings: servings)
        let choices = recipe.servingsChoices(including: servings)
        let facts = [
            "\(recipe.category.displayName) by \(recipe.author.name)",
            "\(recipe.cookingMinutes) min · \(recipe.calories) kcal per serving · serves \(recipe.servings)"
                + (recipe.isVegetarian ? " · vegetarian" : ""),
        ]
        return [
            ScreenSection(
                id: "about", rows: ([recipe.summary] + facts).enumerated().map { ScreenRow(id: .fact($0.offset), .text($0.element)) }),
            ScreenSection(
                id: "servings",
                rows: [
                    ScreenRow(
                        id: .servings,
                        .picker(label: "Serves", options: choices.map(String.init), selected: choices.firstIndex(of: servings) ?? 0))
                ]),
            ScreenSection(
                id: "ingredients",
                title: servings == recipe.servings ? "Ingredients" : "Ingredients for \(servings) (the recipe serves \(recipe.servings))",
                rows: recipe.ingredients.enumerated().map {
                    ScreenRow(id: .ingredient($0.offset), .text("• " + ingredientText.translate(($0.element, factor))))
                }),
            ScreenSection(
                id: "steps", title: "Steps",
                rows: recipe.steps.isEmpty
                    ? [ScreenRow(id: .noSteps, .text("No steps: the ingredients are all there is to it."))]
                    : recipe.steps.enumerated().map {
                        ScreenRow(id: .step($0.offset), .text("\($0.offset + 1). \($0.element)"))
                    }),
            ScreenSection(
                id: "actions", title: "Actions",
                rows: [
                    ScreenRow(id: .addToShoppingList, .button("Add ingredients to shopping list")),
                    ScreenRow(id: .chooseIngredients, .link(title: "Choose ingredients to add…", subtitle: nil)),
                    ScreenRow(id: .takeOffShoppingList, .button("Take ingredients off shopping list")),
                    ScreenRow(id: .favorite, .toggle(label: "Favorite", isOn: isFavorite)),
                    ScreenRow(id: .export, .button("Export as Markdown")),
                    ScreenRow(id: .moreFromAuthor, .link(title: "More from \(recipe.author.name)", subtitle: nil)),
                ]),
        ]
    }
}

/// An ingredient in words, as a cook writes it, for the servings cooked: "200 g rice", "2 cloves
/// garlic", "½ apple, grated" ("¼ apple, grated" for half as many), "salt (to taste)". The
/// wording is `Ingredient.text(scaledBy:)`, shared with the app's export.
struct IngredientTranslator: Translator {
    func translate(_ input: (ingredient: Ingredient, factor: Fraction)) -> String {
        input.ingredient.text(scaledBy: input.factor)
    }
}
