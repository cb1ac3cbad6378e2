import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceData
@testable import WorkspaceKit

/// `workspace recipes`: the app's bundled recipes are App/bundled-recipes.json, and the Swift file
/// the app compiles is written from it.
@Suite("workspace recipes")
struct RecipesCommandTests {
    static let json = #"""
        [
          {
            "id": 7,
            "title": "Tomato \"Soup\"",
            "summary": "A smooth soup of slow-roasted tomatoes, garlic and basil, simmered in vegetable stock and blended until silky, then finished with cream.",
            "author": {"id": "ana", "name": "Ana"},
            "category": "soup",
            "cookingMinutes": 45,
            "calories": 1250000,
            "servings": 4,
            "isVegetarian": true,
            "popularity": 812,
            "publishedOn": "2026-01-02",
            "ingredients": [
              {"name": "tomatoes", "quantity": 1.2, "unit": "kg"},
              {"name": "garlic", "quantity": 3, "unit": "clove"},
              {"name": "onion", "quantity": 0.5, "unit": ""},
              {"name": "salt", "quantity": null, "unit": "pinch"}
            ],
            "steps": [
              "Roast the tomatoes.",
              "Blend everything with the stock in batches, holding the lid down with a towel, until it is completely smooth and silky. Season it."
            ]
          }
        ]
        """#

    /// What `json` generates after the header: long texts wrapped as a person would, units as cases.
    static let swiftBody = #"""
                    Recipe(
                        id: 7,
                        title: "Tomato \"Soup\"",
                        summary: """
                            A smooth soup of slow-roasted tomatoes, garlic and basil, simmered in vegetable stock and blended \
                            until silky, then finished with cream.
                            """,
                        author: Author(id: "ana", name: "Ana"),
                        category: .soup,
                        cookingMinutes: 45,
                        calories: 1_250_000,
                        servings: 4,
                        isVegetarian: true,
                        popularity: 812,
                        publishedOn: "2026-01-02",
                        ingredients: [
                            Ingredient(name: "tomatoes", quantity: 1.2, unit: .kilogram),
                            Ingredient(name: "garlic", quantity: 3, unit: .clove),
                            Ingredient(name: "onion", quantity: 0.5, unit: .none),
                            Ingredient(name: "salt", quantity: nil, unit: .pinch),
                        ],
                        steps: [
                            "Roast the tomatoes.",
                            """
                            Blend everything with the stock in batches, holding the lid down with a towel, until it is \
                            completely smooth and silky. Season it.
                            """,
                        ]
                    ),
                ]
            }
        }

        """#

    /// What `recipes --check` reads of the repository.
    static let repository = RepositoryFiles(reading: "Package.swift", "App/bundled-recipes.json", "App/App/Services/BundledRecipes.swift")

    struct Result {
        var status: Int32
        var output: String
        var errors: String
        /// The Swift file afterwards; nil when there is none.
        var swift: String?
    }

    /// Runs `arguments` in a temporary package holding `files`.
    func run(_ arguments: [String], files: [String: String]) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-recipes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = DiskFileSystem(root: folder)
        try disk.write("// swift-tools-version: 6.0\n", to: "Package.swift")
        for (path, text) in files { try disk.write(text, to: path) }
        var output: [String] = []
        var errors: [String] = []
        let status = WorkspaceCommand(
            runner: ScriptedRunner([:]), currentDirectory: folder.path, write: { output.append($0) }, writeError: { errors.append($0) }
        ).run(arguments)
        return Result(
            status: status, output: output.joined(separator: "\n"), errors: errors.joined(separator: "\n"),
            swift: try? disk.read(BundledRecipesSource.swiftPath))
    }

    @Test("a small dataset gives the Swift the app compiles, formatted as by hand")
    func generates() throws {
        let result = try run(["recipes"], files: [BundledRecipesSource.jsonPath: Self.json])

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "wrote App/App/Services/BundledRecipes.swift from App/bundled-recipes.json")
        #expect(result.swift == BundledRecipesSource.header + Self.swiftBody)
        #expect(BundledRecipesSource.header.hasPrefix("// Generated from App/bundled-recipes.json by `Tools/workspace recipes`"))
        #expect(BundledRecipesSource.header.contains("a launch decodes\n/// nothing"))

        let again = try run(
            ["recipes"], files: [BundledRecipesSource.jsonPath: Self.json, BundledRecipesSource.swiftPath: result.swift ?? ""])
        #expect(again.output.hasSuffix("is current with App/bundled-recipes.json; nothing to write"))
    }

    @Test("--check passes on the repository's own files, writing nothing")
    func theRepositoryIsCurrent() throws {
        var output: [String] = []
        var errors: [String] = []
        let status = WorkspaceCommand(
            runner: ScriptedRunner([:]), currentDirectory: Self.repository.root.path, write: { output.append($0) },
            writeError: { errors.append($0) }
        ).run(["recipes", "--check"])

        #expect(status == 0, "\(errors)")
        #expect(output == ["App/App/Services/BundledRecipes.swift is current with App/bundled-recipes.json"])
    }

    @Test("--check fails with the diff and what to run when the Swift file was edited by hand")
    func aHandEditFailsTheCheck() throws {
        let generated = BundledRecipesSource.header + Self.swiftBody
        let edited = generated.replacingOccurrences(of: "servings: 4,", with: "servings: 6,")
        let result = try run(
            ["recipes", "--check"], files: [BundledRecipesSource.jsonPath: Self.json, BundledRecipesSource.swiftPath: edited])

        #expect(result.status == 1)
        #expect(
            result.output.hasPrefix(
                "--- App/App/Services/BundledRecipes.swift (as it is)\n"
                    + "+++ App/App/Services/BundledRecipes.swift (from App/bundled-recipes.json)\n@@ "))
        #expect(result.output.contains("\n-                servings: 6,\n+                servings: 4,\n"))
        #expect(result.errors.contains("edit App/bundled-recipes.json, not the Swift file, and run `Tools/workspace recipes`"))
        #expect(result.swift == edited)

        let missing = try run(["recipes", "--check"], files: [BundledRecipesSource.jsonPath: Self.json])
        #expect(missing.status == 1)
        #expect(missing.swift == nil)
    }

    @Test(
        "malformed JSON is refused in the reader's words, with the file and line, and the Swift file is left alone",
        arguments: [["recipes"], ["recipes", "--check"]])
    func malformedJSONIsRefused(_ arguments: [String]) throws {
        let broken = "[\n  {\"id\": 1,\n   \"title\": \"Soup\" ]\n]\n"
        let result = try run(arguments, files: [BundledRecipesSource.jsonPath: broken, BundledRecipesSource.swiftPath: "// as it was\n"])

        #expect(result.status == 1)
        #expect(
            result.errors
                == "workspace recipes: App/bundled-recipes.json cannot be used: it is not valid JSON at line 3, column 20 "
                + "(App/bundled-recipes.json:3:20): unexpected “]”; nothing written")
        #expect(result.output.isEmpty)
        #expect(result.swift == "// as it was\n")
    }

    @Test("a value the app does not know is refused naming its field")
    func anUnknownUnitIsRefused() throws {
        let json = Self.json.replacingOccurrences(of: #""unit": "kg""#, with: #""unit": "kilos""#)
        let result = try run(["recipes"], files: [BundledRecipesSource.jsonPath: json])

        #expect(result.status == 1)
        #expect(
            result.errors.contains("App/bundled-recipes.json cannot be used: the field “[0].ingredients[0].unit”"), "\(result.errors)")
        #expect(result.swift == nil)
    }

    @Test("a missing JSON file says so and writes nothing")
    func aMissingFileIsSaid() throws {
        let result = try run(["recipes"], files: [:])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("workspace recipes: App/bundled-recipes.json cannot be read ("))
        #expect(result.swift == nil)
    }

    @Test("Swift literals: grouped integers, whole and decimal numbers, escapes")
    func literals() {
        #expect(SwiftLiteral.integer(48210) == "48210")
        #expect(SwiftLiteral.integer(1_234_567) == "1_234_567")
        #expect(SwiftLiteral.integer(-1_234_567) == "-1_234_567")
        #expect(SwiftLiteral.number(400) == "400")
        #expect(SwiftLiteral.number(0.25) == "0.25")
        #expect(SwiftLiteral.quoted("a \"b\" \\ c\nd\u{1}") == #""a \"b\" \\ c\nd\u{1}""#)
        // Text that cannot wrap at single spaces stays on one line.
        let spaced = String(repeating: "word  ", count: 30)
        #expect(SwiftLiteral.string(spaced, indent: 16) == String(repeating: " ", count: 16) + SwiftLiteral.quoted(spaced) + ",")
    }
}
