import DataFormats
import Foundation

/// App/App/Services/BundledRecipes.swift written from App/bundled-recipes.json: the JSON is what
/// people edit (the shape `cookbook --dataset FILE` reads), the Swift is what the app compiles, so
/// a launch decodes nothing.
public enum BundledRecipesSource {
    public static let jsonPath = "App/bundled-recipes.json"
    public static let swiftPath = "App/App/Services/BundledRecipes.swift"

    /// The JSON could not be used: the reader's words, with the file and where in it.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// The Swift file for the dataset `data` (read from `file`, which errors name).
    public static func swift(fromJSON data: Data, file: String = jsonPath) throws(Refusal) -> String {
        let recipes: [RecipeEntry]
        do {
            recipes = try JSONReader.decode([RecipeEntry].self, from: data)
        } catch {
            throw Refusal(description: "\(file) cannot be used: \(error.description(file: file))")
        }
        return swift(for: recipes)
    }

    static let header = """
        // Generated from \(jsonPath) by `Tools/workspace recipes`; do not edit it by hand: edit the
        // JSON and run that command (`Tools/workspace recipes --check`, which CI runs, fails when this
        // file is stale).

        import Core

        /// The recipes that ship with the app, as Swift values compiled into it: a launch decodes
        /// nothing and reads no file. Decoding the same recipes from a JSON resource cost about 3 ms of
        /// a 16 ms launch, and a SwiftPM resource links all of Foundation (docs/benchmarks.md, launch).
        ///
        /// The values come from \(jsonPath), in the shape `--dataset FILE` reads. AppTests
        /// checks that every recipe passes `RecipeValidation`, that the JSON loads as a dataset holding
        /// exactly these recipes, and that docs/examples/recipes.json holds some of them unchanged.
        enum BundledRecipes {
            static let all: [Recipe] = recipes()

            /// In a function's body, not the property's initializer: the compiler's job that emits
            /// App's module skips function bodies but type-checks initializers, and it runs again
            /// whenever a module App imports changes (1.9 s of CPU for this literal, 0.03 s without).
            private static func recipes() -> [Recipe] {
                [

        """

    static func swift(for recipes: [RecipeEntry]) -> String {
        var text = header
        for recipe in recipes { text += render(recipe) }
        return text + "        ]\n    }\n}\n"
    }

    static func render(_ recipe: RecipeEntry) -> String {
        var lines = [
            "            Recipe(",
            "                id: \(SwiftLiteral.integer(recipe.id)),",
            SwiftLiteral.string(recipe.title, indent: 16, label: "title: "),
            SwiftLiteral.string(recipe.summary, indent: 16, label: "summary: "),
            "                author: Author(id: \(SwiftLiteral.quoted(recipe.author.id)), name: \(SwiftLiteral.quoted(recipe.author.name))),",
            "                category: .\(recipe.category.rawValue),",
            "                cookingMinutes: \(SwiftLiteral.integer(recipe.cookingMinutes)),",
            "                calories: \(SwiftLiteral.integer(recipe.calories)),",
            "                servings: \(SwiftLiteral.integer(recipe.servings)),",
            "                isVegetarian: \(recipe.isVegetarian),",
            "                popularity: \(SwiftLiteral.integer(recipe.popularity)),",
            SwiftLiteral.string(recipe.publishedOn, indent: 16, label: "publishedOn: "),
        ]
        if recipe.ingredients.isEmpty {
            lines.append("                ingredients: [],")
        } else {
            lines.append("                ingredients: [")
            for ingredient in recipe.ingredients {
                let name = SwiftLiteral.quoted(ingredient.name)
                let quantity = ingredient.quantity.map(SwiftLiteral.number) ?? "nil"
                lines.append("                    Ingredient(name: \(name), quantity: \(quantity), unit: .\(ingredient.unit.caseName)),")
            }
            lines.append("                ],")
        }
        if recipe.steps.isEmpty {
            lines.append("                steps: []")
        } else {
            lines.append("                steps: [")
            lines += recipe.steps.map { SwiftLiteral.string($0, indent: 20) }
            lines.append("                ]")
        }
        lines.append("            ),")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One recipe as a dataset file holds it. Mirrors Core's `Recipe`, which the tool cannot import;
/// the app compiling the generated file, and AppTests loading the JSON as a dataset, keep the two
/// the same.
package struct RecipeEntry: Decodable {
    struct Author: Decodable {
        var id: String
        var name: String
    }

    struct Ingredient: Decodable {
        var name: String
        var quantity: Double?
        var unit: Unit
    }

    /// Core's `Category`: a value it does not have is refused here, in the reader's words.
    enum Category: String, Decodable {
        case breakfast, main, soup, salad, dessert, snack, drink, side
    }

    /// Core's `Ingredient.Unit`: the JSON holds the raw value, the Swift the case.
    enum Unit: String, Decodable {
        case gram = "g"
        case kilogram = "kg"
        case milliliter = "ml"
        case liter = "l"
        case teaspoon = "tsp"
        case tablespoon = "tbsp"
        case cup, piece, clove, pinch, slice, can, bunch
        case none = ""

        var caseName: String { "\(self)" }
    }

    var id: Int
    var title: String
    var summary: String
    var author: Author
    var category: Category
    var cookingMinutes: Int
    var calories: Int
    var servings: Int
    var isVegetarian: Bool
    var popularity: Int
    var publishedOn: String
    var ingredients: [Ingredient]
    var steps: [String]
}
