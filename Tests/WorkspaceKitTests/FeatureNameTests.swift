import Testing

@testable import WorkspaceBase
@testable import WorkspaceScaffolding

@Suite("Feature names")
struct FeatureNameTests {
    let validator = FeatureNameValidator(
        context: .init(
            targets: [
                "Core", "CoreTesting", "App", "cookbook", "RecipeSearch", "RecipeSearchSandbox", "RecipeSearchTests", "LegacySandbox",
            ],
            packageName: "Cookbook",
            types: ["Recipe", "PlaceholderScreen", "AboutDescriptor", "Screens.PantryShelf"],
            linkPaths: ["search": "RecipeSearchDescriptor", "shopping-list": "ShoppingListDescriptor"]
        ))

    @Test(arguments: ["Pantry", "MealPlanner", "HTTPCache", "Recipe2Go"])
    func goodNamesPass(_ name: String) {
        #expect(validator.problem(with: name) == nil)
    }

    @Test(arguments: [
        ("pantry", "not UpperCamelCase: start it with a capital letter (e.g. Pantry)"),
        ("Pan_try", "not UpperCamelCase: use ASCII letters and digits only (e.g. PanTry)"),
        ("1Pantry", "not UpperCamelCase: it must start with a capital letter, not a digit"),
        ("PANTRY", "not UpperCamelCase"),
        ("Pan try", "not UpperCamelCase"),
        ("Pantrý", "not UpperCamelCase"),
        ("Ünïcødé", "not UpperCamelCase: use ASCII letters and digits only (e.g. Unicode)"),
        ("ÜNÏCØDÉ", "not UpperCamelCase: use ASCII letters and digits only (e.g. Unicode)"),
        ("Crème_brûlée", "not UpperCamelCase: use ASCII letters and digits only (e.g. CremeBrulee)"),
        ("Straße", "not UpperCamelCase: use ASCII letters and digits only (e.g. Strasse)"),
        ("Ærøskøbing", "not UpperCamelCase: use ASCII letters and digits only (e.g. Aeroskobing)"),
        ("Łódź", "not UpperCamelCase: use ASCII letters and digits only (e.g. Lodz)"),
        ("カレー", "not UpperCamelCase: use ASCII letters and digits only (e.g. Kare)"),
    ])
    func namesThatAreNotUpperCamelCaseAreRejected(_ name: String, _ expected: String) throws {
        let problem = try #require(validator.problem(with: name))
        #expect(problem.contains(expected), "\(problem)")
    }

    @Test(arguments: ["Protocol", "Self", "Type", "Any"])
    func keywordsAreRejected(_ name: String) throws {
        #expect(try #require(validator.problem(with: name)) == "“\(name)” is a Swift keyword; choose another name")
    }

    @Test(arguments: ["Default", "Return", "Import", "Case"])
    func namesWhoseBuilderPropertyWouldBeAKeywordAreRejected(_ name: String) throws {
        #expect(try #require(validator.problem(with: name)).contains("a Swift keyword"))
    }

    @Test(arguments: [
        "Core", "CoreTesting", "App", "Foundation", "Swift", "Testing", "XCTest", "Dispatch", "Glibc", "Darwin",
        "TerminalRunner", "SandboxSupport", "WorkspaceKit", "Workspace", "CSQLite", "Synchronization", "String",
    ])
    func reservedNamesAreRejected(_ name: String) throws {
        #expect(try #require(validator.problem(with: name)).contains("is reserved"))
    }

    @Test func existingTargetsAreRejectedWhateverTheirCase() throws {
        #expect(try #require(validator.problem(with: "RecipeSearch")) == "“RecipeSearch” is already a target of the package")
        // The package's executable `cookbook`: a module `Cookbook` would clash on a case-insensitive disk.
        #expect(try #require(validator.problem(with: "Cookbook")).contains("reserved"))
        #expect(try #require(validator.problem(with: "Legacy")).contains("LegacySandbox"))
    }

    @Test(arguments: ["PantrySandbox", "PantryTests"])
    func sandboxAndTestSuffixesAreRejected(_ name: String) throws {
        #expect(try #require(validator.problem(with: name)).contains("ends in"))
    }

    @Test(arguments: ["../Pantry", "Features/Pantry", "Pan\\try", "..", "Pantry.."])
    func pathsAreRejected(_ name: String) throws {
        #expect(try #require(validator.problem(with: name)).contains("path separator or “..”"))
    }

    @Test func namesThatWouldShadowCoreTypesAreRejected() throws {
        #expect(try #require(validator.problem(with: "Recipe")).contains("would declare Recipe"))
        #expect(try #require(validator.problem(with: "Placeholder")).contains("would declare PlaceholderScreen"))
        #expect(try #require(validator.problem(with: "About")).contains("would declare AboutDescriptor"))
        #expect(try #require(validator.problem(with: "PantryShelf")).contains("would declare Screens.PantryShelf"))
    }

    @Test func aTakenLinkPathIsRejected() throws {
        #expect(
            try #require(validator.problem(with: "Search"))
                == "“Search” would link to search, but RecipeSearchDescriptor already uses that link path")
    }

    @Test func existingFoldersAreRejected() throws {
        let validator = FeatureNameValidator(context: .init(targets: [], existingPaths: ["Features/Pantry"]))
        #expect(try #require(validator.problem(with: "Pantry")) == "“Pantry”: Features/Pantry already exists")
    }

    @Test func anEmptyNameIsRejected() {
        #expect(validator.problem(with: "") == "the feature needs a name, such as Pantry")
    }
}

@Suite("Name forms")
struct NameFormsTests {
    @Test(arguments: [
        ("Pantry", ["Pantry"], "pantry", "pantry", "pantry", "Pantry"),
        ("ShoppingList", ["Shopping", "List"], "shoppingList", "shopping-list", "shopping_list", "Shopping List"),
        ("HTTPCache", ["HTTP", "Cache"], "httpCache", "http-cache", "http_cache", "HTTP Cache"),
        ("Recipe2Go", ["Recipe2", "Go"], "recipe2Go", "recipe2-go", "recipe2_go", "Recipe2 Go"),
    ])
    func forms(_ name: String, _ words: [String], _ lowerCamel: String, _ kebab: String, _ snake: String, _ title: String) {
        let forms = NameForms(name)
        #expect(forms.words == words)
        #expect(forms.lowerCamel == lowerCamel)
        #expect(forms.kebab == kebab)
        #expect(forms.snake == snake)
        #expect(forms.title == title)
    }
}
