import Core
import CoreTesting
import Foundation
import Testing
import WebAPI

@testable import App

@Suite("Bundled dataset")
struct BundledDatasetTests {
    @Test func theBundledDatasetLoads() throws {
        let recipes = BundledRecipeClient.bundled().recipes

        #expect(recipes.count >= 64)
        #expect(Set(recipes.map(\.id)).count == recipes.count, "recipe ids must be unique")
    }

    @Test func everyCategoryHasAtLeastFiveRecipes() throws {
        let recipes = BundledRecipeClient.bundled().recipes
        let counts = Dictionary(grouping: recipes, by: \.category).mapValues(\.count)

        #expect(Set(counts.keys) == Set(Category.allCases))
        for category in Category.allCases {
            #expect(counts[category, default: 0] >= 5, "\(category.displayName) has \(counts[category, default: 0]) recipes")
        }
    }

    @Test func thereAreVegetarianAndNonVegetarianRecipes() throws {
        let recipes = BundledRecipeClient.bundled().recipes

        #expect(recipes.contains { $0.isVegetarian })
        #expect(recipes.contains { !$0.isVegetarian })
    }

    @Test func everyRecipeCanBeCooked() throws {
        let recipes = BundledRecipeClient.bundled().recipes

        for recipe in recipes {
            #expect(!recipe.title.isEmpty, "recipe \(recipe.id) has no title")
            #expect(!recipe.ingredients.isEmpty, "“\(recipe.title)” has no ingredients")
            #expect(!recipe.steps.isEmpty, "“\(recipe.title)” has no steps")
            #expect(recipe.servings > 0, "“\(recipe.title)” serves nobody")
        }
    }

    @Test func searchingCurryFindsTheCurries() async throws {
        let client = BundledRecipeClient.bundled()

        let page = try await client.searchRecipes(.keyword("curry"), sort: [.descending(.popularity)], page: .first)

        let titles = page.recipes.map(\.title)
        #expect(titles.contains("Curry Rice"))
        #expect(titles.contains("Vegetable Curry"))
        #expect(page.recipes.map(\.popularity) == page.recipes.map(\.popularity).sorted(by: >))
        #expect(page.total == page.recipes.count)
    }

    @Test func searchesArePaged() async throws {
        let client = BundledRecipeClient.bundled()
        let total = client.recipes.count

        let first = try await client.searchRecipes(.all, sort: [.ascending(.id)], page: .first)
        let last = try await client.searchRecipes(.all, sort: [.ascending(.id)], page: PageRequest(offset: total - 3, limit: 20))

        #expect(first.recipes.count == 20)
        #expect(first.total == total)
        #expect(first.hasMore)
        #expect(last.recipes.count == 3)
        #expect(!last.hasMore)
    }

    @Test func aRecipeIsFoundByIDAndAnUnknownIDIsExplained() async throws {
        let client = BundledRecipeClient.bundled()
        let curryRice = try #require(client.recipes.first { $0.title == "Curry Rice" })

        #expect(try await client.recipe(id: curryRice.id) == curryRice)
        await #expect(throws: RecipeNotFound(id: -7)) {
            try await client.recipe(id: -7)
        }
        #expect(RecipeNotFound(id: -7).localizedDescription == "there is no recipe with id -7")
    }
}

@Suite("Loading a dataset file")
struct DatasetFileTests {
    /// The fixtures as the dataset file stores them.
    static func fixtureJSON() throws -> [[String: Any]] {
        let data = try JSONEncoder().encode([Fixtures.curryRice, Fixtures.pancakes])
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test func aValidFileLoads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = try JSONEncoder().encode(Fixtures.recipes)
        let file = directory.file("valid.json")
        try data.write(to: file)

        #expect(try BundledRecipeClient.load(from: file).recipes == Fixtures.recipes)
    }

    @Test func malformedJSONNamesTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(#"[{"id": 1, "title": "#, to: "broken.json")

        let error = try #require(throws: DatasetError.self) {
            try BundledRecipeClient.load(from: file)
        }

        #expect(error.file == file.path)
        let description = error.localizedDescription
        #expect(description.contains(file.path))
        #expect(description.contains("not valid JSON"))
        #expect(error.recoverySuggestion == "Fix the file so that it is a JSON array of recipes.")
    }

    @Test(
        "malformed JSON names the file, the line and the column, and what is there",
        arguments: [
            // (text, line, column, reason)
            ("[{\"id\": 1, \"title\": ", 1, 21, "the text ends too soon"),
            ("[\n  {\"id\": 1,\n   \"title\": \"Soup\" ]\n]", 3, 20, "unexpected “]”"),
            ("[\n  {\"id\": 1, \"title\": \"Curry é日本\" ]\n]", 2, 34, "unexpected “]”"),
            ("[{\"id\": 1}] trailing words", 1, 13, "unexpected “t”"),
            ("", 1, 1, "the text ends too soon"),
        ])
    func malformedJSONGivesLineAndColumn(text: String, line: Int, column: Int, reason: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(text, to: "broken.json")

        let error = try #require(throws: DatasetError.self) {
            try BundledRecipeClient.load(from: file)
        }

        #expect(error.problem == "it is not valid JSON at line \(line), column \(column) (\(file.path):\(line):\(column)): \(reason)")
        #expect(error.localizedDescription.contains("\(file.path):\(line):\(column)"))
    }

    @Test func aMissingKeyNamesTheKeyAndWhereItIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var recipes = try Self.fixtureJSON()
        recipes[0].removeValue(forKey: "title")
        let file = directory.file("missing-key.json")
        try JSONSerialization.data(withJSONObject: recipes).write(to: file)

        let error = try #require(throws: DatasetError.self) {
            try BundledRecipeClient.load(from: file)
        }

        #expect(error.localizedDescription.contains(file.path))
        #expect(error.problem == "the field “[0].title” is missing")
    }

    @Test func aMissingNestedKeyGivesTheFullPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var recipes = try Self.fixtureJSON()
        var ingredients = try #require(recipes[1]["ingredients"] as? [[String: Any]])
        ingredients[2].removeValue(forKey: "unit")
        recipes[1]["ingredients"] = ingredients
        let file = directory.file("missing-unit.json")
        try JSONSerialization.data(withJSONObject: recipes).write(to: file)

        let error = try #require(throws: DatasetError.self) {
            try BundledRecipeClient.load(from: file)
        }

        #expect(error.problem == "the field “[1].ingredients[2].unit” is missing")
    }

    @Test func aWrongTypeNamesWhereItIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var recipes = try Self.fixtureJSON()
        recipes[1]["servings"] = "four"
        let file = directory.file("wrong-type.json")
        try JSONSerialization.data(withJSONObject: recipes).write(to: file)

        let error = try #require(throws: DatasetError.self) {
            try BundledRecipeClient.load(from: file)
        }

        #expect(error.problem == "the field “[1].servings” should be a whole number, but is the text “four”")
    }

    @Test("a dataset nested 40,000 deep is refused in words, not by a crash")
    func deeplyNested() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(String(repeating: "[", count: 40_000) + String(repeating: "]", count: 40_000), to: "deep.json")

        let error = try #require(throws: DatasetError.self) { try BundledRecipeClient.load(from: file) }

        #expect(error.problem == "it is nested deeper than 100 levels at line 1, column 101 (\(file.path):1:101)")
    }

    @Test(
        "a number out of range, a fraction where a whole number goes and half a surrogate pair: the field, the value and the line",
        arguments: [
            (
                "servings", "18446744073709551616",
                "should be a whole number from -9223372036854775808 to 9223372036854775807, but is 18446744073709551616"
            ),
            ("servings", "2.5", "should be a whole number, but is the number 2.5"),
            ("title", #""Stew \ud800""#, #"holds the escape \ud800"#),
        ])
    func valuesOutOfRange(field: String, json: String, problem: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var recipes = try Self.fixtureJSON()
        recipes[1][field] = "PLACEHOLDER"
        let text = String(decoding: try JSONSerialization.data(withJSONObject: recipes), as: UTF8.self)
        let file = try directory.write(text.replacingOccurrences(of: #""PLACEHOLDER""#, with: json), to: "range.json")

        let error = try #require(throws: DatasetError.self) { try BundledRecipeClient.load(from: file) }

        #expect(error.problem.hasPrefix("the field “[1].\(field)” \(problem) (line 1, column "), "\(error.problem)")
    }

    @Test func aMissingFileIsNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("nowhere.json")

        let error = try #require(throws: DatasetError.self) {
            try BundledRecipeClient.load(from: file)
        }

        #expect(error.file == file.path)
        #expect(error.localizedDescription.contains("cannot be read"))
    }

    @Test("a dataset with a duplicate id, negative values or no title is refused, with every problem and where it is")
    func invalidValuesAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var recipes = try Self.fixtureJSON()
        var third = recipes[0]
        third["title"] = "Curry Rice again"
        recipes.append(third)  // the id of [0] again
        recipes[1]["cookingMinutes"] = -5
        recipes[1]["calories"] = -200
        recipes[1]["servings"] = 0
        var ingredients = try #require(recipes[1]["ingredients"] as? [[String: Any]])
        ingredients[0]["quantity"] = -2
        recipes[1]["ingredients"] = ingredients
        let file = directory.file("invalid.json")
        try JSONSerialization.data(withJSONObject: recipes).write(to: file)

        let error = try #require(throws: DatasetError.self) { try BundledRecipeClient.load(from: file) }

        let pancakes = "[1] (“\(Fixtures.pancakes.title)”)"
        let firstIngredient = Fixtures.pancakes.ingredients[0].name
        #expect(
            error.problem
                == "5 values are not valid: the id \(Fixtures.curryRice.id) is used by 2 recipes: [0] (“Curry Rice”), [2] (“Curry Rice again”); \(pancakes) has cookingMinutes -5: it must be 0 or more; \(pancakes) has calories -200: it must be 0 or more; \(pancakes) has servings 0: it must be 1 or more; \(pancakes) has quantity -2.0 for ingredients[0] (“\(firstIngredient)”): it must be 0 or more"
        )
        #expect(
            error.recoverySuggestion
                == "Fix these values in the file: every recipe needs an id of its own (0 or more), a title of at most 200 characters, and no time, amount or count below zero."
        )
    }

    @Test("a negative id, a title of megabytes, a step or a name too long: each refused with where it is and the limit")
    func outsideValuesAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var recipes = try Self.fixtureJSON()
        recipes[0]["id"] = -1
        recipes[1]["title"] = String(repeating: "é", count: 5_000_000)
        recipes[1]["steps"] = ["Stir.", String(repeating: "x", count: 5_001)]
        var ingredients = try #require(recipes[0]["ingredients"] as? [[String: Any]])
        ingredients[1]["name"] = String(repeating: "salt ", count: 41)
        recipes[0]["ingredients"] = ingredients
        let file = directory.file("outside.json")
        try JSONSerialization.data(withJSONObject: recipes).write(to: file)

        let start = ContinuousClock.now
        let error = try #require(throws: DatasetError.self) { try BundledRecipeClient.load(from: file) }

        let long = "[1] (“\(String(repeating: "é", count: 40))…”)"
        #expect(
            error.problem
                == "4 values are not valid: [0] (“Curry Rice”) has id -1: it must be 0 or more; [0] (“Curry Rice”) has ingredients[1].name of 205 characters: it must be at most 200; \(long) has title of 5000000 characters: it must be at most 200; \(long) has steps[1] of 5001 characters: it must be at most 5000"
        )
        #expect(ContinuousClock.now - start < .seconds(120), "linear in the size of the file (quadratic: hours)")
    }

    @Test("a key given twice in one object is refused with where, not read as the first", arguments: ["id", "title", "unit"])
    func duplicateKeys(key: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: try Self.fixtureJSON()), as: UTF8.self)
        // The first occurrence of the key gets a twin right before it.
        let twin = text.replacing("\"\(key)\":", with: "\"\(key)\":\(key == "id" ? "7" : "\"x\""),\"\(key)\":", maxReplacements: 1)
        let file = try directory.write(twin, to: "twice.json")

        let error = try #require(throws: DatasetError.self) { try BundledRecipeClient.load(from: file) }

        #expect(error.problem.hasPrefix("it has the key “\(key)” twice in one object (the second at line 1, column "), "\(error.problem)")
        #expect(error.problem.hasSuffix("), and Cookbook cannot tell which is meant"), "\(error.problem)")
    }

    @Test("a named pipe with no writer or an endless device is refused at once, saying what it is")
    func notRegularFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pipe = directory.file("pipe.json")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        for (file, kind) in [(pipe, "a named pipe (FIFO)"), (URL(fileURLWithPath: "/dev/zero"), "a device")] {
            let error = try #require(throws: DatasetError.self) { try BundledRecipeClient.load(from: file) }
            #expect(error.problem == "it is \(kind), not a regular file")
            #expect(error.recovery == "Give the path of a JSON file of recipes.")
        }
    }

    @Test("many problems: the first eight, and how many more")
    func manyProblems() {
        let problems = (1...11).map { "problem \($0)" }
        #expect(RecipeValidation.summary(of: problems).hasSuffix("problem 8; and 3 more"))
        #expect(RecipeValidation.summary(of: ["one"]) == "1 value is not valid: one")
    }

    @Test("the bundled dataset is valid")
    func bundledIsValid() throws {
        #expect(RecipeValidation.problems(in: BundledRecipeClient.bundled().recipes).isEmpty)
    }

    static let repository = RepositoryFiles(reading: "App/bundled-recipes.json", "docs/examples/recipes.json")

    /// The bundled recipes are edited in App/bundled-recipes.json and `Tools/workspace recipes`
    /// writes BundledRecipes.swift from it: the JSON is a dataset `--dataset FILE` reads, and the
    /// values the app compiles in are exactly its recipes.
    @Test("App/bundled-recipes.json loads as a dataset file and holds exactly the recipes the app compiles in")
    func theBundledRecipesAreTheJSON() throws {
        let recipes = try BundledRecipeClient.load(from: Self.repository.url("App/bundled-recipes.json")).recipes

        #expect(recipes == BundledRecipes.all)
    }

    @Test("the README's example dataset file loads, and holds recipes exactly as the app bundles them")
    func exampleDatasetMatchesTheBundledRecipes() throws {
        let recipes = try BundledRecipeClient.load(from: Self.repository.url("docs/examples/recipes.json")).recipes
        let bundled = BundledRecipeClient.bundled().recipes

        #expect(recipes.count >= 2)
        for recipe in recipes {
            #expect(bundled.first { $0.id == recipe.id } == recipe, "“\(recipe.title)” differs from App/bundled-recipes.json")
        }
    }

    @Test("a folder is refused in words")
    func unreadableInWords() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = try #require(throws: DatasetError.self) { try BundledRecipeClient.load(from: directory.url) }
        #expect(error.problem == "it is a directory, not a regular file")
    }
}
