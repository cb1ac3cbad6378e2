import Core
import CoreTesting
import Foundation
import Testing

@Suite("ScreenContent rows")
struct ScreenContentTests {
    let content = ScreenContent<String>(
        title: "Recipe",
        sections: [
            ScreenSection(
                id: "actions",
                rows: [
                    ScreenRow(id: "favorite", .toggle(label: "Favorite", isOn: false)),
                    ScreenRow(id: "servings", .text("4 servings")),
                ]),
            ScreenSection(
                id: "more", title: "More",
                rows: [
                    ScreenRow(id: "export", .button("Export"), isEnabled: false, note: "Premium"),
                    ScreenRow(id: "step", .text("Cook the rice.")),
                    ScreenRow(id: "author", .link(title: "Aiko Tanaka", subtitle: nil)),
                ]),
        ])

    @Test("interactive rows are every non-text row, in reading order across sections")
    func interactiveRows() {
        #expect(content.interactiveRows.map(\.id) == ["favorite", "export", "author"])
    }

    @Test("disabled rows still count as interactive, so numbers do not shift when a row locks")
    func disabledRowsAreNumbered() {
        var unlocked = content
        unlocked.sections[1].rows[0].isEnabled = true

        #expect(content.numberedRows.map(\.id) == unlocked.numberedRows.map(\.id))
        #expect(content.plainText().contains("[2] <Export> (locked: Premium)"))
        #expect(content.plainText().contains("[3] Aiko Tanaka"))
        #expect(unlocked.plainText().contains("[3] Aiko Tanaka"))
    }

    @Test("interactive rows match the numbers the plain text shows")
    func numbersMatchRendering() {
        let text = content.plainText()
        for (index, row) in content.interactiveRows.enumerated() {
            #expect(text.contains("[\(index + 1)] \(row.plainText)"))
        }
    }

    @Test("row(id:) finds a row in any section")
    func rowByID() {
        #expect(content.row(id: "favorite")?.label == "Favorite")
        #expect(content.row(id: "author")?.element == .link(title: "Aiko Tanaka", subtitle: nil))
    }

    @Test("row(id:) is nil for an id the screen does not show")
    func rowByUnknownID() {
        #expect(content.row(id: "nope") == nil)
        #expect(ScreenContent<String>(title: "Empty").row(id: "favorite") == nil)
    }

    @Test(
        "a row's label is the words a person would use",
        arguments: [
            (ScreenElement.text("Step one"), "Step one"),
            (.link(title: "Curry Rice", subtitle: "Aiko"), "Curry Rice"),
            (.button("Export"), "Export"),
            (.textField(label: "Search", text: "miso", placeholder: "keyword"), "Search"),
            (.toggle(label: "Vegetarian only", isOn: true), "Vegetarian only"),
            (.picker(label: "Category", options: ["All"], selected: 0), "Category"),
        ])
    func label(element: ScreenElement, expected: String) {
        #expect(ScreenRow(id: "r", element).label == expected)
        #expect(ScreenRow(id: "r", element).isInteractive == (expected != "Step one"))
    }
}

private struct KitchenClosed: LocalizedError {
    var errorDescription: String? { "The kitchen is closed." }
    var recoverySuggestion: String? { "Come back tomorrow." }
}

private struct NoSuggestion: LocalizedError {
    var errorDescription: String? { "The oven is cold." }
}

private struct PlainError: Error {}

@Suite("ScreenFailure from an error")
struct ScreenFailureTests {
    @Test("uses the LocalizedError description and recovery suggestion")
    func localizedError() {
        let failure = ScreenFailure(KitchenClosed(), whileTrying: "load recipes")
        #expect(
            failure
                == ScreenFailure(
                    message: "Couldn't load recipes: The kitchen is closed.",
                    recovery: "Come back tomorrow.",
                    canRetry: true
                ))
    }

    @Test("a RetryAwareError that cannot be retried offers no retry")
    func notRetryable() {
        let failure = ScreenFailure(StubServiceError.notFound(9), whileTrying: "open the recipe")
        #expect(failure.message == "Couldn't open the recipe: There is no recipe with id 9.")
        #expect(failure.recovery == "Open a recipe from search instead.")
        #expect(!failure.canRetry)
    }

    @Test("no recovery when the error suggests none")
    func noSuggestion() {
        let failure = ScreenFailure(NoSuggestion(), whileTrying: "bake")
        #expect(failure.message == "Couldn't bake: The oven is cold.")
        #expect(failure.recovery == nil)
    }

    @Test("a plain Error still says what failed, without a recovery")
    func plainError() {
        let failure = ScreenFailure(PlainError(), whileTrying: "save")
        #expect(failure.message.hasPrefix("Couldn't save: "))
        #expect(failure.message.count > "Couldn't save: ".count)
        #expect(failure.recovery == nil)
        #expect(failure.canRetry)
    }

    @Test("a file error says what the system said; with no system error under it, the words for its code")
    func systemErrors() {
        let missing = CocoaError(.fileReadNoSuchFile, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOENT)])
        #expect(ScreenFailure(missing, whileTrying: "export").message == "Couldn't export: no such file or directory")
        #expect(POSIXError(.EACCES).inWords == "permission denied")
        #expect(CocoaError(.fileWriteOutOfSpace).inWords == "the disk is full")
    }
}

@Suite("Ingredient amounts")
struct IngredientTests {
    @Test(
        "quantity and unit as a cook writes them",
        arguments: [
            (200.0, Ingredient.Unit.gram, "200 g"),
            (2, .none, "2"),
            (0.5, .teaspoon, "½ tsp"),
            (0.25, .none, "¼"),
            (1.5, .tablespoon, "1½ tbsp"),
            (1.0 / 3, .cup, "⅓ cup"),
            (1.25, .cup, "1¼ cups"),
            (0.3, .teaspoon, "0.3 tsp"),
            (1.5, .kilogram, "1.5 kg"),
            (1.2, .liter, "1.2 l"),
            (1, .kilogram, "1 kg"),
            (1, .clove, "1 clove"),
            (3, .clove, "3 cloves"),
            (2, .pinch, "2 pinches"),
            (0.5, .bunch, "½ bunch"),
            (2, .bunch, "2 bunches"),
            (0.5, .piece, "½"),
            (1, .piece, "1"),
            (0, .milliliter, "0 ml"),
        ] as [(Double, Ingredient.Unit, String)])
    func amountText(quantity: Double, unit: Ingredient.Unit, expected: String) {
        #expect(Ingredient(name: "x", quantity: quantity, unit: unit).amountText == expected)
    }

    @Test(
        "the whole line as a cook writes it",
        arguments: [
            (Ingredient(name: "grated apple", quantity: 0.5, unit: .piece), "½ apple, grated"),
            (Ingredient(name: "chopped onions", quantity: 2, unit: .none), "2 onions, chopped"),
            (Ingredient(name: "grated cheese", quantity: 50, unit: .gram), "50 g grated cheese"),
            (Ingredient(name: "garlic", quantity: 2, unit: .clove), "2 cloves garlic"),
            (Ingredient(name: "canned tuna", quantity: 1, unit: .can), "1 can tuna"),
            (Ingredient(name: "salt", quantity: nil, unit: .pinch), "salt (to taste)"),
        ])
    func text(ingredient: Ingredient, expected: String) {
        #expect(ingredient.text == expected)
    }

    @Test("no quantity gives no text, whatever the unit", arguments: Ingredient.Unit.allCases)
    func noQuantity(unit: Ingredient.Unit) {
        #expect(Ingredient(name: "salt", quantity: nil, unit: unit).amountText == "")
    }

    @Test("the fixture's to-taste salt has no amount")
    func fixtureSalt() throws {
        let salt = try #require(Fixtures.pancakes.ingredients.first { $0.name == "salt" })
        #expect(salt.amountText == "")
        #expect(Fixtures.curryRice.ingredients.map(\.amountText) == ["400 g", "2", "1", "100 g", "2 cups"])
    }
}
