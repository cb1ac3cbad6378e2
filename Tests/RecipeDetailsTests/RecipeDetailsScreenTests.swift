import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeDetails

@MainActor
@Suite("Recipe details screen")
struct RecipeDetailsScreenTests {
    let environment = StubEnvironment()
    var recorder: Recorder { environment.recorder }

    func makeScreen(_ recipeID: Recipe.ID = 1, in environment: StubEnvironment? = nil) -> any Screen<RecipeDetailsRow> {
        RecipeDetailsFeature.makeScreen(Screens.RecipeDetails(recipeID: recipeID), environment: environment ?? self.environment)
            as! any Screen<RecipeDetailsRow>
    }

    func appearedScreen(_ recipeID: Recipe.ID = 1, in environment: StubEnvironment? = nil) async -> any Screen<RecipeDetailsRow> {
        let screen = makeScreen(recipeID, in: environment)
        await screen.appear()
        return screen
    }

    // MARK: Loading

    @Test func beforeAppearingTheScreenSaysItIsLoading() {
        let screen = makeScreen()

        #expect(screen.content.title == "Recipe")
        #expect(screen.content.status == .loading("Loading the recipe…"))
        #expect(recorder.clientCalls.isEmpty)
        #expect(recorder.pageViews.isEmpty)
    }

    @Test func appearLoadsTheRecipe() async {
        let screen = await appearedScreen(1)

        #expect(screen.content.title == "Curry Rice")
        #expect(screen.content.status == .ready)
        #expect(recorder.clientCalls == [.recipe(id: 1)])
        #expect(
            screen.content.rowTexts(inSectionTitled: "Ingredients") == [
                "• 400 g chicken thigh", "• 2 onions", "• 1 carrot", "• 100 g curry roux", "• 2 cups rice",
            ])
        #expect(
            screen.content.rowTexts(inSectionTitled: "Steps") == [
                "1. Cook the rice.",
                "2. Brown the chicken, then soften the onions and carrot.",
                "3. Add 800 ml water and simmer for 20 minutes.",
                "4. Stir in the roux until thick; serve over rice.",
            ])
        #expect(screen.content.plainText().contains("Main course by Aiko Tanaka"))
        #expect(screen.content.plainText().contains("45 min · 720 kcal per serving · serves 4\n"))
    }

    @Test func aRecipeWithoutStepsSaysSoUnderSteps() async {
        var curryRice = Fixtures.curryRice
        curryRice.steps = []
        let screen = await appearedScreen(1, in: StubEnvironment(recipes: [curryRice]))

        #expect(screen.content.rowTexts(inSectionTitled: "Steps") == ["No steps: the ingredients are all there is to it."])
    }

    @Test func ingredientsWithoutQuantityAreToTaste() async {
        let screen = await appearedScreen(Fixtures.pancakes.id)

        #expect(
            screen.content.rowTexts(inSectionTitled: "Ingredients") == [
                "• 200 g flour", "• 300 ml milk", "• 2 eggs", "• salt (to taste)",
            ])
        #expect(screen.content.plainText().contains("serves 4 · vegetarian"))
    }

    @Test func appearLogsThePageViewOnceWithTheRecipeID() async {
        let screen = await appearedScreen(1)
        _ = await screen.handle(.activate(row: .addToShoppingList))
        _ = await screen.handle(.toggle(row: .favorite))

        #expect(recorder.pageViews == [PageView("recipe_details", parameters: ["recipe_id": "1"])])
    }

    @Test func aSavedFavoriteShowsTheToggleOn() async throws {
        try await environment.favorites.save(FavoriteRecipe(recipe: Fixtures.curryRice, savedAt: 1))

        let favorite = await appearedScreen(1)
        let other = await appearedScreen(2)

        #expect(favorite.content.isFavoriteShown == true)
        #expect(other.content.isFavoriteShown == false)
    }

    @Test func anUnreadableFavoritesStoreStillShowsTheRecipe() async {
        let screen = await appearedScreen(
            1, in: environment.overriding(\.favorites, with: FailingRepository<FavoriteRecipe>(error: .diskFull)))

        #expect(screen.content.title == "Curry Rice")
        #expect(screen.content.status == .ready)
        #expect(screen.content.isFavoriteShown == false)
    }

    // MARK: Failures

    @Test func aFailingServiceShowsARetryableFailure() async throws {
        let environment = StubEnvironment(scenario: .failure)
        let screen = await appearedScreen(1, in: environment)

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(failure.message == "Couldn't load recipe 1: The recipe service could not be reached.")
        #expect(failure.recovery == StubServiceError.unreachable.recoverySuggestion)
        #expect(failure.canRetry)
        #expect(screen.content.title == "Recipe")
        #expect(screen.content.row(id: .addToShoppingList) == nil)
        #expect(screen.content.plainText().contains("  (retry to try again)"))
        #expect(environment.recorder.pageViews.isEmpty)
    }

    @Test func retryLoadsTheRecipeOnceTheServiceRecovers() async {
        let client = ScriptedClient(failingCalls: [1], base: StubRecipeClient(recorder: recorder))
        let screen = await appearedScreen(1, in: environment.overriding(\.client, with: client))
        guard case .failed = screen.content.status else {
            Issue.record("expected the first load to fail, got \(screen.content.status)")
            return
        }

        let navigation = await screen.handle(.retry)

        #expect(navigation == nil)
        #expect(screen.content.title == "Curry Rice")
        #expect(screen.content.status == .ready)
        #expect(recorder.pageViews == [PageView("recipe_details", parameters: ["recipe_id": "1"])])
    }

    @Test func anUnknownRecipeSaysWhichOne() async throws {
        let screen = await appearedScreen(999)

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(failure.message.contains("999"))
        #expect(failure.message == "Couldn't load recipe 999: There is no recipe with id 999.")
        #expect(failure.recovery == "Open a recipe from search instead.")
        #expect(recorder.pageViews.isEmpty)
    }

    /// A missing recipe stays missing however often it is asked for (`ScreenFailure.canRetry`: a
    /// network failure yes, a missing recipe no), so the screen offers no retry.
    @Test func anUnknownRecipeOffersNoRetry() async throws {
        let screen = await appearedScreen(999)

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(!failure.canRetry)
        #expect(!screen.content.plainText().contains("(retry to try again)"))
    }

    @Test func actionsWithoutARecipeDoNothing() async throws {
        let failed = StubEnvironment(scenario: .failure)
        let notLoadedYet = makeScreen(1)
        let loadFailed = await appearedScreen(1, in: failed)

        for screen in [notLoadedYet, loadFailed] {
            for row in RecipeDetailsRow.actions {
                #expect(await screen.handle(.activate(row: row)) == nil, "\(row)")
            }
            _ = await screen.handle(.toggle(row: .favorite))
            #expect(screen.content.notice == nil)
        }
        #expect(try await environment.shoppingList.findAll().isEmpty)
        #expect(try await environment.favorites.findAll().isEmpty)
        for recorder in [recorder, failed.recorder] {
            #expect(recorder.events.isEmpty, "nothing was added, saved or exported")
            #expect(recorder.resolvedDescriptions.isEmpty, "no exporter was asked for")
        }
    }

    @Test func moreFromTheAuthorShowsTheirRecipes() async {
        let screen = await appearedScreen(Fixtures.pancakes.id)

        let navigation = await screen.handle(.activate(row: .moreFromAuthor))

        #expect(navigation?.descriptor as? Screens.AuthorRecipes == Screens.AuthorRecipes(authorID: Fixtures.pancakes.author.id))
        #expect(screen.content.notice == nil)
    }

    // MARK: Shopping list

    @Test func addingIngredientsAppendsThemToTheShoppingList() async throws {
        let bread = ShoppingItem(id: UUID(), name: "bread", position: 0)
        let butter = ShoppingItem(id: UUID(), name: "butter", amount: "250 g", position: 3)
        try await environment.shoppingList.save([bread, butter])
        let screen = await appearedScreen(1)

        let navigation = await screen.handle(.activate(row: .addToShoppingList))

        #expect(navigation == nil)
        let added = try await environment.shoppingList.findAll(.equal(.recipeID, .integer(1)), sort: [.ascending(.position)])
        #expect(added.map(\.name) == ["chicken thigh", "onions", "carrot", "curry roux", "rice"])
        #expect(added.map(\.amount) == ["400 g", "2", "1", "100 g", "2 cups"])
        #expect(added.map(\.position) == [4, 5, 6, 7, 8])
        #expect(added.allSatisfy { $0.recipeID == 1 && !$0.isChecked })
        #expect(Set(added.map(\.id)).count == 5)
        // What was there stays, untouched.
        let all = try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)])
        #expect(all.count == 7)
        #expect(Array(all.prefix(2)) == [bread, butter])

        #expect(screen.content.notice == "Added 5 ingredients of “Curry Rice” to the shopping list.")
        #expect(screen.content.plainText().hasSuffix("\n* Added 5 ingredients of “Curry Rice” to the shopping list.\n"))
        #expect(recorder.events == [ActivityEvent("shopping_list_add", payload: ["recipe_id": "1", "count": "5"])])
    }

    @Test func addingToAnEmptyListStartsAtTheTop() async throws {
        let screen = await appearedScreen(Fixtures.pancakes.id)

        _ = await screen.handle(.activate(row: .addToShoppingList))

        let added = try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)])
        #expect(added.map(\.position) == [0, 1, 2])
        #expect(added.map(\.amount) == ["200 g", "300 ml", "2"])
        #expect(added.map(\.recipeID) == [4, 4, 4])
        #expect(
            screen.content.notice
                == "Added 3 of 4 ingredients of “Pancakes” to the shopping list. Left out salt (to taste): choose them with “Choose ingredients to add…”."
        )
    }

    @Test func aFailingShoppingListExplainsAndKeepsTheRecipe() async throws {
        let environment = environment.overriding(\.shoppingList, with: FailingRepository<ShoppingItem>(error: .diskFull))
        let screen = await appearedScreen(1, in: environment)

        _ = await screen.handle(.activate(row: .addToShoppingList))

        #expect(
            screen.content.notice == "Couldn't add the ingredients to the shopping list: the disk is full. Free some space and try again.")
        #expect(screen.content.title == "Curry Rice")
        #expect(screen.content.status == .ready)
        #expect(screen.content.rowTexts(inSectionTitled: "Ingredients").count == 5)
        #expect(!recorder.events.contains { $0.name == "shopping_list_add" })
    }

    // MARK: Favorites

    @Test func togglingFavoriteSavesThenRemovesIt() async throws {
        let screen = await appearedScreen(1)
        #expect(screen.content.isFavoriteShown == false)

        _ = await screen.handle(.toggle(row: .favorite))

        let saved = try #require(try await environment.favorites.find(id: 1))
        #expect(saved.recipe == Fixtures.curryRice)
        #expect(saved.savedAt > 0)
        #expect(screen.content.isFavoriteShown == true)
        #expect(screen.content.notice == "Saved to favorites.")
        #expect(screen.content.plainText().contains(" [5] [x] Favorite\n"))

        _ = await screen.handle(.toggle(row: .favorite))

        #expect(try await environment.favorites.find(id: 1) == nil)
        #expect(screen.content.isFavoriteShown == false)
        #expect(screen.content.notice == "Removed from favorites.")
        #expect(
            recorder.events == [
                ActivityEvent("favorite_add", payload: ["recipe_id": "1"]),
                ActivityEvent("favorite_remove", payload: ["recipe_id": "1"]),
            ])
    }

    @Test("removing a favorite another program removed first says so and logs nothing")
    func removingAFavoriteRemovedElsewhere() async throws {
        try await environment.favorites.save(FavoriteRecipe(recipe: Fixtures.curryRice, savedAt: 1))
        let screen = await appearedScreen(1)
        #expect(screen.content.isFavoriteShown == true)
        try await environment.favorites.delete(id: 1)

        _ = await screen.handle(.toggle(row: .favorite))

        #expect(try await environment.favorites.find(id: 1) == nil)
        #expect(screen.content.isFavoriteShown == false)
        #expect(screen.content.notice == "It was already removed from favorites elsewhere (by another program or screen).")
        #expect(recorder.events.isEmpty)
    }

    @Test func activatingTheFavoriteRowTogglesItToo() async throws {
        let screen = await appearedScreen(2)

        _ = await screen.handle(.activate(row: .favorite))

        #expect(try await environment.favorites.find(id: 2)?.recipe == Fixtures.vegetableCurry)
        #expect(screen.content.isFavoriteShown == true)
    }

    @Test func aFailingFavoritesStoreLeavesTheToggleOff() async throws {
        let environment = environment.overriding(\.favorites, with: FailingRepository<FavoriteRecipe>(error: .diskFull))
        let screen = await appearedScreen(1, in: environment)

        _ = await screen.handle(.toggle(row: .favorite))

        #expect(screen.content.isFavoriteShown == false)
        #expect(screen.content.notice == "Couldn't save the favorite: the disk is full. Free some space and try again.")
        #expect(recorder.events.isEmpty)
    }

    // MARK: Export

    @Test func exportUsesTheMarkdownExporterAndShowsItsMessage() async throws {
        let exporter = RecordingExporter(format: .markdown)
        environment.stubResolver.register(RecipeExportDescriptor.self) { _, _ in exporter }
        let screen = await appearedScreen(1, in: environment)

        let navigation = await screen.handle(.activate(row: .export))

        #expect(navigation == nil)
        #expect(recorder.resolved(RecipeExportDescriptor.self) == [RecipeExportDescriptor(format: .markdown)])
        #expect(exporter.exportedRecipeIDs == [1])
        #expect(screen.content.notice == "Exported “Curry Rice” as markdown (stub: nothing was written).")
        #expect(recorder.events == [ActivityEvent("export_recipe", payload: ["recipe_id": "1", "format": "markdown"])])
    }

    @Test func exportWithTheDefaultStubResolverShowsTheStubMessage() async {
        let screen = await appearedScreen(4)

        _ = await screen.handle(.activate(row: .export))

        #expect(recorder.resolved(RecipeExportDescriptor.self) == [RecipeExportDescriptor(format: .markdown)])
        #expect(screen.content.notice == "Exported “Pancakes” as markdown (stub: nothing was written).")
    }

    @Test func aFailingExportExplainsAndLogsNothing() async {
        environment.stubResolver.register(RecipeExportDescriptor.self) { _, _ in FailingExporter() }
        let screen = await appearedScreen(1, in: environment)

        _ = await screen.handle(.activate(row: .export))

        #expect(screen.content.notice == "Couldn't export “Curry Rice”: the disk is full. Free some space and try again.")
        #expect(screen.content.status == .ready)
        #expect(!recorder.events.contains { $0.name == "export_recipe" })
    }

    // MARK: Snapshots

    @Test func snapshotOfPancakes() async {
        let screen = await appearedScreen(Fixtures.pancakes.id)

        #expect(
            screen.content.plainText() == """
                # Pancakes

                     Fluffy pancakes for a slow morning.
                     Breakfast by Marco Rossi
                     20 min · 350 kcal per serving · serves 4 · vegetarian

                 [1] Serves: ‹4› of 1 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12

                ## Ingredients
                     • 200 g flour
                     • 300 ml milk
                     • 2 eggs
                     • salt (to taste)

                ## Steps
                     1. Whisk everything into a smooth batter.
                     2. Fry ladlefuls in a hot buttered pan.
                     3. Flip when bubbles appear.

                ## Actions
                 [2] <Add ingredients to shopping list>
                 [3] Choose ingredients to add…
                 [4] <Take ingredients off shopping list>
                 [5] [ ] Favorite
                 [6] <Export as Markdown>
                 [7] More from Marco Rossi

                """)
    }

    @Test func snapshotOfAFailedLoad() async {
        let screen = await appearedScreen(1, in: StubEnvironment(scenario: .failure))

        #expect(
            screen.content.plainText() == """
                # Recipe

                ! Couldn't load recipe 1: The recipe service could not be reached.
                  This is the sandbox's “failure” scenario; run without --scenario to load fixtures.
                  (retry to try again)

                """)
    }
}
