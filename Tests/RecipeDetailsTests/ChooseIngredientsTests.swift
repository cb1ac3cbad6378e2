import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeDetails

/// The chooser's translator on its own: one toggle per ingredient, then Add (disabled with
/// nothing chosen) and Cancel.
@Suite("Choose-ingredients translator")
struct ChooseIngredientsTranslatorTests {
    let translator = ChooseIngredientsTranslator()

    @Test func loadingAndFailureShowOnlyTheStatus() {
        #expect(
            translator.translate(ChooseIngredientsState())
                == ScreenContent<ChooseIngredientsRow>(title: "Choose ingredients", status: .loading("Loading the ingredients…")))
        let failure = ScreenFailure(message: "Couldn't load the ingredients of recipe 4: offline.", canRetry: true)
        #expect(
            translator.translate(ChooseIngredientsState(phase: .failed(failure)))
                == ScreenContent<ChooseIngredientsRow>(title: "Choose ingredients", status: .failed(failure)))
    }

    @Test func eachIngredientIsAToggleSayingHowMuchAndWhetherTheListHasIt() {
        let state = ChooseIngredientsState(phase: .loaded(Fixtures.pancakes), chosen: [0, 3], onList: ["milk"])

        #expect(
            translator.translate(state)
                == ScreenContent<ChooseIngredientsRow>(
                    title: "Choose ingredients",
                    sections: [
                        ScreenSection<ChooseIngredientsRow>(
                            id: "ingredients", title: "Ingredients of “Pancakes” (2 of 4 chosen)",
                            rows: [
                                ScreenRow<ChooseIngredientsRow>(id: .ingredient(0), .toggle(label: "flour", isOn: true), detail: "200 g"),
                                ScreenRow<ChooseIngredientsRow>(
                                    id: .ingredient(1), .toggle(label: "milk", isOn: false), detail: "300 ml · already on your list"),
                                ScreenRow<ChooseIngredientsRow>(id: .ingredient(2), .toggle(label: "eggs", isOn: false), detail: "2"),
                                ScreenRow<ChooseIngredientsRow>(id: .ingredient(3), .toggle(label: "salt", isOn: true), detail: "to taste"),
                            ]),
                        ScreenSection<ChooseIngredientsRow>(
                            id: "actions",
                            rows: [
                                ScreenRow<ChooseIngredientsRow>(id: .add, .button("Add 2 ingredients to the shopping list")),
                                ScreenRow<ChooseIngredientsRow>(id: .cancel, .button("Cancel")),
                            ]),
                    ]))
    }

    @Test func oneChosenIsSingularAndNoneChosenLocksAdd() {
        let one = translator.translate(ChooseIngredientsState(phase: .loaded(Fixtures.misoSoup), chosen: [1]))
        #expect(one.row(id: .add)?.element == .button("Add 1 ingredient to the shopping list"))

        let none = translator.translate(ChooseIngredientsState(phase: .loaded(Fixtures.misoSoup), chosen: []))
        #expect(
            none.row(id: .add)
                == ScreenRow<ChooseIngredientsRow>(
                    id: .add, .button("Add to the shopping list"), isEnabled: false, note: "choose one first"))
        #expect(none.sections.first?.title == "Ingredients of “Miso Soup” (0 of 3 chosen)")
    }
}

/// The chooser screen and the details screen it reports back to.
@MainActor
@Suite("Choose-ingredients screen")
struct ChooseIngredientsScreenTests {
    let environment = StubEnvironment()

    func chooser(_ recipeID: Recipe.ID = 1, servings: Int? = nil, in environment: StubEnvironment? = nil) async -> any Screen<
        ChooseIngredientsRow
    > {
        let screen =
            RecipeDetailsFeature.makeScreen(
                Screens.ChooseIngredients(recipeID: recipeID, servings: servings), environment: environment ?? self.environment)
            as! any Screen<ChooseIngredientsRow>
        await screen.appear()
        return screen
    }

    static func toggles(_ screen: any Screen<ChooseIngredientsRow>) -> [Bool] {
        screen.content.sections[0].rows.map { row -> Bool in
            if case .toggle(_, let isOn) = row.element { return isOn }
            return false
        }
    }

    @Test func everythingStartsChosenButWhatIsToTasteAndWhatTheListHasIsSaid() async throws {
        try await environment.shoppingList.save([
            ShoppingItem(id: UUID(), name: "Onion", position: 0),
            ShoppingItem(id: UUID(), name: "rice", isChecked: true, position: 1),
        ])

        let screen = await chooser(1)

        #expect(Self.toggles(screen) == [true, true, true, true, true], "the list adds up: what it has is still chosen")
        #expect(screen.content.row(id: .ingredient(1))?.detail == "2 · already on your list")
        #expect(screen.content.row(id: .ingredient(4))?.detail == "2 cups", "the rice there is already bought")
        #expect(environment.recorder.pageViews == [PageView("choose_ingredients", parameters: ["recipe_id": "1"])])

        let pancakes = await chooser(4)
        #expect(Self.toggles(pancakes) == [true, true, true, false], "salt is to taste")
        #expect(pancakes.content.row(id: .ingredient(3))?.detail == "to taste")
    }

    @Test func theAmountsAreForTheServingsChosen() async throws {
        let screen = await chooser(1, servings: 2)

        #expect(screen.content.sections[0].title == "Ingredients of “Curry Rice” for 2 (5 of 5 chosen)")
        #expect(screen.content.sections[0].rows.map { $0.detail ?? "" } == ["200 g", "1", "½", "50 g", "1 cup"])
    }

    @Test func addFinishesTheFlowWithTheChosenIngredientsInRecipeOrder() async throws {
        let screen = await chooser(4)
        _ = await screen.handle(.activate(row: .ingredient(1)))

        let navigation = await screen.handle(.activate(row: .add))

        guard case .finish(.ingredients(let recipeID, let chosen)) = try #require(navigation) else {
            Issue.record("expected a finish with ingredients, got \(String(describing: navigation))")
            return
        }
        #expect(recipeID == 4)
        #expect(chosen.map(\.name) == ["flour", "eggs"])
        #expect(try await environment.shoppingList.findAll().isEmpty, "the chooser adds nothing itself")
    }

    @Test func cancelFinishesWithNothingAndAnEmptyChoiceCannotBeAdded() async throws {
        let screen = await chooser(3)
        for index in 0..<3 { _ = await screen.handle(.toggle(row: .ingredient(index))) }

        #expect(await screen.handle(.activate(row: .add)) == nil)
        guard case .finish(.cancelled) = try #require(await screen.handle(.activate(row: .cancel))) else {
            Issue.record("Cancel must finish the flow with .cancelled")
            return
        }
    }

    @Test func choicesSurviveAppearingAgain() async {
        let screen = await chooser(1)
        _ = await screen.handle(.toggle(row: .ingredient(0)))

        await screen.appear()

        #expect(screen.content.sections[0].title == "Ingredients of “Curry Rice” (4 of 5 chosen)")
        #expect(environment.recorder.clientCalls == [.recipe(id: 1)])
    }

    @Test func aFailedLoadOffersRetry() async {
        let screen = await chooser(1, in: StubEnvironment(scenario: .failure))

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failure, got \(screen.content.status)")
            return
        }
        #expect(failure.message.hasPrefix("Couldn't load the ingredients of recipe 1:"))
        #expect(failure.canRetry)
    }

    @Test func theDetailsScreenOpensTheChooserAndAddsWhatComesBack() async throws {
        let details =
            RecipeDetailsFeature.makeScreen(Screens.RecipeDetails(recipeID: 1), environment: environment) as! any Screen<RecipeDetailsRow>
        await details.appear()

        let open = await details.handle(.activate(row: .chooseIngredients))
        #expect(open?.descriptor as? Screens.ChooseIngredients == Screens.ChooseIngredients(recipeID: 1))

        let rice = Fixtures.curryRice.ingredients[4]
        _ = await details.handle(.flowFinished(.ingredients(recipeID: 1, [rice])))

        let items = try await environment.shoppingList.findAll()
        #expect(items.map(\.name) == ["rice"])
        #expect(items.first?.amount == "2 cups")
        #expect(details.content.notice == "Added 1 of 5 ingredients of “Curry Rice” to the shopping list.")
    }

    @Test func theDetailsScreenIgnoresCancelAndChoicesForAnotherRecipe() async throws {
        let details =
            RecipeDetailsFeature.makeScreen(Screens.RecipeDetails(recipeID: 1), environment: environment) as! any Screen<RecipeDetailsRow>
        await details.appear()

        _ = await details.handle(.flowFinished(.cancelled))
        _ = await details.handle(.flowFinished(.ingredients(recipeID: 2, Fixtures.vegetableCurry.ingredients)))

        #expect(try await environment.shoppingList.findAll().isEmpty)
        #expect(details.content.notice == nil)
    }
}
