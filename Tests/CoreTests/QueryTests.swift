import Core
import CoreTesting
import Testing

/// The ids of the fixture recipes a query matches, in fixture order.
private func ids(matching query: Query<Recipe>) -> [Recipe.ID] {
    Fixtures.recipes.filter(query.matches).map(\.id)
}

@Suite("Query: keyword search")
struct QueryKeywordTests {
    @Test("a one-word keyword finds every recipe mentioning it")
    func singleWord() {
        #expect(ids(matching: .keyword("curry")) == [1, 2, 6])
    }

    @Test("keywords ignore case")
    func ignoresCase() {
        #expect(ids(matching: .keyword("CuRrY")) == [1, 2, 6])
        #expect(ids(matching: .keyword("MISO")) == [3])
    }

    @Test("every word of a multiword keyword must appear, in any order and place")
    func multiwordNeedsEveryWord() {
        #expect(ids(matching: .keyword("curry rice")) == [1])
        // "rice" is in the title of Curry Rice, "chicken" in its ingredients.
        #expect(ids(matching: .keyword("chicken rice")) == [1])
        #expect(ids(matching: .keyword("chicken   curry")) == [1, 6])
        #expect(ids(matching: .keyword("curry chocolate")) == [])
    }

    @Test("a blank keyword matches everything", arguments: ["", " ", "  \t "])
    func blankMatchesAll(keyword: String) {
        #expect(ids(matching: .keyword(keyword)) == [1, 2, 3, 4, 5, 6])
    }

    @Test("keywords search ingredient names")
    func searchesIngredients() {
        // Neither title nor summary mentions these.
        #expect(ids(matching: .keyword("sugar")) == [5])
        #expect(ids(matching: .keyword("spinach")) == [2])
        #expect(ids(matching: .keyword("coconut milk")) == [2, 6])
    }

    @Test("keywords search the author's name")
    func searchesAuthorName() {
        #expect(ids(matching: .keyword("marco")) == [4, 5])
        #expect(ids(matching: .keyword("Priya Sharma")) == [2, 6])
        #expect(ids(matching: .keyword("tanaka soup")) == [3])
    }

    @Test("keywords search the category's display name")
    func searchesCategory() {
        #expect(ids(matching: .keyword("main course")) == [1, 2, 6])
    }

    @Test("a keyword nothing mentions matches nothing")
    func unknownWord() {
        #expect(ids(matching: .keyword("lasagne")) == [])
    }

    @Test("a keyword's words are folded, each once, in the order typed")
    func words() {
        #expect(Query<Recipe>.keyword("  Green\tCURRY \n paste green ").keywords.words == ["green", "curry", "paste"])
        #expect(Query<Recipe>.keyword("   ").keywords == SearchableWords.Keywords([]))
        #expect(Query<Recipe>.keyword("?!").keywords.isUnmatchable)
    }

    @Test("a keyword's word finds the words it begins, not the middle of a word")
    func prefixes() {
        #expect(ids(matching: .keyword("cur")) == [1, 2, 6])
        #expect(ids(matching: .keyword("urry")) == [])
        #expect(ids(matching: .keyword("pan")) == [4])
    }
}

@Suite("Query: comparisons")
struct QueryComparisonTests {
    @Test("the empty query matches everything")
    func allMatchesEverything() {
        #expect(ids(matching: .all) == [1, 2, 3, 4, 5, 6])
        #expect(Query<Recipe>.all.conditions.isEmpty)
    }

    @Test("equal on an integer field")
    func equalInteger() {
        #expect(ids(matching: .equal(.id, .integer(3))) == [3])
        #expect(ids(matching: .equal(.cookingMinutes, .integer(31))) == [])
    }

    @Test("equal on a text field is exact and case-sensitive")
    func equalText() {
        #expect(ids(matching: .equal(.category, .text("main"))) == [1, 2, 6])
        #expect(ids(matching: .equal(.authorID, .text("marco-rossi"))) == [4, 5])
        #expect(ids(matching: .equal(.category, .text("Main"))) == [])
        #expect(ids(matching: .equal(.title, .text("Curry"))) == [])
    }

    @Test("equal on a bool field")
    func equalBool() {
        #expect(ids(matching: .equal(.isVegetarian, .bool(true))) == [2, 4, 5])
        #expect(ids(matching: .equal(.isVegetarian, .bool(false))) == [1, 3, 6])
    }

    @Test("atMost and atLeast on integers include the bound")
    func integerBounds() {
        #expect(ids(matching: Query([.atMost(.cookingMinutes, .integer(30))])) == [3, 4, 6])
        #expect(ids(matching: Query([.atLeast(.calories, .integer(610))])) == [1, 6])
        #expect(ids(matching: Query([.atMost(.cookingMinutes, .integer(9))])) == [])
    }

    @Test("atMost and atLeast on text compare as text (dates in YYYY-MM-DD)")
    func textBounds() {
        #expect(ids(matching: Query([.atLeast(.publishedOn, .text("2025-09-01"))])) == [2, 5, 6])
        #expect(ids(matching: Query([.atMost(.publishedOn, .text("2024-12-31"))])) == [3, 4])
    }

    @Test("atMost and atLeast on bools treat false as less than true")
    func boolBounds() {
        #expect(ids(matching: Query([.atLeast(.isVegetarian, .bool(true))])) == [2, 4, 5])
        #expect(ids(matching: Query([.atMost(.isVegetarian, .bool(false))])) == [1, 3, 6])
        #expect(ids(matching: Query([.atMost(.isVegetarian, .bool(true))])) == [1, 2, 3, 4, 5, 6])
    }

    @Test("a range is two bounds on the same field")
    func range() {
        let query = Query<Recipe>([.atLeast(.cookingMinutes, .integer(20)), .atMost(.cookingMinutes, .integer(35))])
        #expect(ids(matching: query) == [2, 4, 6])
    }

    @Test("and(query) requires the conditions of both queries")
    func andQuery() {
        let vegetarianCurry = Query<Recipe>.keyword("curry").and(Query.equal(.isVegetarian, .bool(true)))
        #expect(ids(matching: vegetarianCurry) == [2])
        let expected: [Query<Recipe>.Condition] = [.keyword("curry"), .equal(.isVegetarian, .bool(true))]
        #expect(vegetarianCurry.conditions == expected)
    }

    @Test("and(condition) appends one condition, leaving the original query unchanged")
    func andCondition() {
        let curry = Query<Recipe>.keyword("curry")
        let quickCurry = curry.and(.atMost(.cookingMinutes, .integer(30)))
        #expect(ids(matching: quickCurry) == [6])
        #expect(ids(matching: curry) == [1, 2, 6])
    }

    @Test("conditions that contradict each other match nothing")
    func contradiction() {
        let query = Query<Recipe>.equal(.id, .integer(1)).and(Query.equal(.id, .integer(2)))
        #expect(ids(matching: query) == [])
    }
}

@Suite("Sorting queryable entities")
struct SortTests {
    @Test("ascending by an integer field")
    func ascendingInteger() {
        #expect(Fixtures.recipes.sorted(by: [.ascending(.cookingMinutes)]).map(\.id) == [3, 4, 6, 2, 1, 5])
    }

    @Test("descending by an integer field")
    func descendingInteger() {
        #expect(Fixtures.recipes.sorted(by: [.descending(.popularity)]).map(\.id) == [4, 1, 5, 3, 2, 6])
    }

    @Test("by text: dates in YYYY-MM-DD sort by date")
    func byText() {
        #expect(Fixtures.recipes.sorted(by: [.descending(.publishedOn)]).map(\.id) == [6, 2, 5, 1, 3, 4])
    }

    @Test("the first sort decides first, the next one breaks its ties")
    func severalSorts() {
        // breakfast(4), dessert(5), main(1: 720, 6: 610, 2: 480 kcal), soup(3)
        let sorted = Fixtures.recipes.sorted(by: [.ascending(.category), .descending(.calories)])
        #expect(sorted.map(\.id) == [4, 5, 1, 6, 2, 3])
    }

    @Test("ties keep the order the entities came in")
    func stableTies() {
        #expect(Fixtures.recipes.sorted(by: [.ascending(.isVegetarian)]).map(\.id) == [1, 3, 6, 2, 4, 5])
        #expect(Fixtures.recipes.reversed().sorted(by: [.ascending(.isVegetarian)]).map(\.id) == [6, 3, 1, 5, 4, 2])
        #expect(Fixtures.recipes.sorted(by: [.descending(.isVegetarian)]).map(\.id) == [2, 4, 5, 1, 3, 6])
    }

    @Test("no sorts keep the order unchanged")
    func noSorts() {
        let shuffled = [Fixtures.pancakes, Fixtures.curryRice, Fixtures.greenCurry]
        #expect(shuffled.sorted(by: []).map(\.id) == [4, 1, 6])
    }

    @Test("ties left after every sort keep the original order")
    func tiesOnEverySort() {
        let recipes = [Fixtures.greenCurry, Fixtures.curryRice, Fixtures.vegetableCurry]
        #expect(recipes.sorted(by: [.ascending(.category), .ascending(.authorID)]).map(\.id) == [1, 6, 2])
    }
}

@Suite("QueryValue ordering")
struct QueryValueTests {
    @Test("integers order by number, not by digits")
    func integers() {
        #expect(QueryValue.integer(2) < .integer(10))
        #expect(!(QueryValue.integer(10) < .integer(2)))
        #expect(QueryValue.integer(-1) < .integer(0))
    }

    @Test("text orders by characters")
    func text() {
        #expect(QueryValue.text("apple") < .text("banana"))
        #expect(QueryValue.text("10") < .text("2"))
        #expect(!(QueryValue.text("b") < .text("b")))
    }

    @Test("false comes before true")
    func bools() {
        #expect(QueryValue.bool(false) < .bool(true))
        #expect(!(QueryValue.bool(true) < .bool(false)))
        #expect(!(QueryValue.bool(true) < .bool(true)))
        #expect(!(QueryValue.bool(false) < .bool(false)))
    }

    @Test("values of different kinds are neither less nor greater, and not equal")
    func mixedKinds() {
        #expect(!(QueryValue.integer(1) < .text("1")))
        #expect(!(QueryValue.text("1") < .integer(1)))
        #expect(QueryValue.integer(1) != .text("1"))
        #expect(!(QueryValue.bool(false) < .integer(0)))
    }

    @Test("text gives the value as a URL or log would show it")
    func textRepresentation() {
        #expect(QueryValue.text("main").text == "main")
        #expect(QueryValue.integer(42).text == "42")
        #expect(QueryValue.bool(true).text == "true")
        #expect(QueryValue.bool(false).text == "false")
    }
}
