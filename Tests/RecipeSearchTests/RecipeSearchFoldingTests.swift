import Core
import CoreTesting
import Testing

@testable import RecipeSearch

/// What the search screen finds when people type as they do: no accents, capitals, a word begun.
@MainActor
@Suite("Recipe search screen: finding what you mean")
struct RecipeSearchFoldingTests {
    let environment = StubEnvironment(recipes: SearchFixtures.recipes)

    @Test("“creme brulee” lists Crème Brûlée; a word begun lists title matches first")
    func accentsAndPrefixes() async {
        let screen = RecipeSearchFeature.makeScreen(Screens.RecipeSearch(), environment: environment) as! any Screen<RecipeSearchRow>
        await screen.appear()

        await search(screen, for: "creme brulee")
        #expect(screen.content.resultTitles == ["Crème Brûlée"])

        await search(screen, for: "CREAM")
        #expect(screen.content.resultTitles == ["Cream of Mushroom Soup", "Crème Brûlée", "Straw\u{200B}berry Short\u{00AD}cake"])

        await search(screen, for: "strawberry")
        #expect(screen.content.resultTitles == ["Straw\u{200B}berry Short\u{00AD}cake"])
    }

    @Test("a keyword that shows nothing is no keyword: the recent searches stay, nothing is asked")
    func invisibleKeyword() async {
        let screen = RecipeSearchFeature.makeScreen(Screens.RecipeSearch(), environment: environment) as! any Screen<RecipeSearchRow>
        await screen.appear()

        await search(screen, for: "\u{200B} \u{00AD}")

        #expect(environment.recorder.clientCalls.isEmpty)
        #expect(screen.content.resultTitles.isEmpty)
        #expect(!screen.content.plainText().contains("No recipes"))
    }

    @Test("punctuation alone finds nothing, and says so")
    func punctuation() async {
        let screen = RecipeSearchFeature.makeScreen(Screens.RecipeSearch(), environment: environment) as! any Screen<RecipeSearchRow>
        await screen.appear()

        await search(screen, for: "???")

        #expect(screen.content.resultTitles.isEmpty)
        #expect(screen.content.plainText().contains("???"), "\(screen.content.plainText())")
    }
}
