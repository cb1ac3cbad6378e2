import Core
import CoreTesting
import Testing

/// The search table (`SearchFixtures`) on the reference every backend is held to.
@Suite("Search: what each query finds")
struct SearchTableTests {
    @Test("each query finds what it must, in order", arguments: SearchFixtures.cases)
    func finds(_ search: SearchFixtures.Case) {
        let found = Query<Recipe>.keyword(search.query).results(in: SearchFixtures.recipes, sortedBy: SearchFixtures.sort)
        #expect(found.map(\.id) == search.finds, "\(search.why)")
    }

    @Test("every query the table expects something of finds it with the words kept once, too")
    func foldedOnceOrEachTime() {
        let words = SearchFixtures.recipes.map(SearchableWords.init)
        for search in SearchFixtures.cases {
            let query = Query<Recipe>.keyword(search.query)
            #expect(
                query.results(in: SearchFixtures.recipes, words: words, sortedBy: SearchFixtures.sort).map(\.id)
                    == query.results(in: SearchFixtures.recipes, sortedBy: SearchFixtures.sort).map(\.id))
            #expect(SearchFixtures.recipes.filter(query.matches).map(\.id).sorted() == search.finds.sorted())
        }
    }

    @Test("title matches first, then the sort asked for, then the order given")
    func ranking() {
        let found = Query<Recipe>.keyword("cream").results(in: SearchFixtures.recipes, sortedBy: [.ascending(.id)])
        #expect(found.map(\.id) == [107, 101, 103])
        let unsorted = Query<Recipe>.keyword("cre").results(in: SearchFixtures.recipes.reversed(), sortedBy: [])
        #expect(unsorted.map(\.id) == [109, 107, 101, 103])
    }

    @Test("more of the keyword's words in the title rank higher")
    func moreWordsInTheTitle() {
        func recipe(_ id: Recipe.ID, _ title: String, popularity: Int, _ ingredient: String) -> Recipe {
            var recipe = Fixtures.pancakes
            (recipe.id, recipe.title, recipe.summary, recipe.popularity) = (id, title, "", popularity)
            recipe.ingredients = [Ingredient(name: ingredient, quantity: 1, unit: .none)]
            return recipe
        }
        let recipes = [
            recipe(1, "Tomato Soup", popularity: 10, "basil"), recipe(2, "Tomato Salad", popularity: 50, "soup stock"),
            recipe(3, "Soup of the Day", popularity: 100, "tomatoes"), recipe(4, "Bread", popularity: 1000, "tomato soup"),
        ]
        let found = Query<Recipe>.keyword("tomato soup").results(in: recipes, sortedBy: [.descending(.popularity)])
        #expect(found.map(\.id) == [1, 3, 2, 4])
    }

    @Test("a keyword and other conditions together")
    func withConditions() {
        let query = Query<Recipe>.keyword("cream").and(.equal(.category, .text("dessert")))
        #expect(query.results(in: SearchFixtures.recipes, sortedBy: SearchFixtures.sort).map(\.id) == [101, 103])
        let twoKeywords = Query<Recipe>.keyword("cream").and(.keyword("vanilla"))
        #expect(twoKeywords.results(in: SearchFixtures.recipes, sortedBy: SearchFixtures.sort).map(\.id) == [101])
        #expect(twoKeywords.keywords.words == ["cream", "vanilla"])
    }
}
