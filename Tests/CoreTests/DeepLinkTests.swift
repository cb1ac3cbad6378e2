import Core
import Testing

/// One descriptor of every screen type, with values worth a round trip: the app's own, then those
/// of the parts of `Screens` (made by `workspace new-feature`, without values).
private let everyScreen: [any ScreenDescriptor] = appScreens + partScreens

private let appScreens: [any ScreenDescriptor] = [
    Screens.Feed(),
    Screens.RecipeSearch(query: "green curry über Reis"),
    Screens.RecipeDetails(recipeID: 42),
    Screens.ChooseIngredients(recipeID: 7, servings: 12),
    Screens.AuthorRecipes(authorID: "aiko-tanaka"),
    Screens.KitchenPreferences(),
    Screens.ShoppingList(),
    Screens.Favorites(),
    Screens.About(),
]

private let partScreens: [any ScreenDescriptor] = ScreenKind.allCases.compactMap { kind in
    guard case .part = kind else { return nil }
    return (kind.descriptorType as? any PlainScreenDescriptor.Type)?.init()
}

/// Whether a descriptor read back from a link equals the original: same type, equal values.
private func isEqual<D: ScreenDescriptor>(_ original: D, _ other: any ScreenDescriptor) -> Bool {
    (other as? D) == original
}

private func link(for descriptor: any ScreenDescriptor) -> String {
    DeepLinks.link(for: descriptor)
}

@Suite("DeepLinks: every screen as a link and back")
struct DeepLinkTests {
    @Test("the instances cover every screen kind, once each")
    func coversEveryScreen() {
        let types = everyScreen.map { ObjectIdentifier(type(of: $0)) }
        #expect(Set(types).count == everyScreen.count, "one instance per type")
        #expect(Set(types) == Set(ScreenKind.allCases.map { ObjectIdentifier($0.descriptorType) }))
    }

    @Test("every kind's descriptor names that kind back, so its link reads back into it", arguments: ScreenKind.allCases)
    func kindsAreOneToOne(kind: ScreenKind) {
        #expect(kind.descriptorType.kind == kind)
    }

    @Test("a kind's name is its descriptor's name inside Screens, as placeholders and the gallery print it")
    func kindsAreNamedAfterTheirDescriptors() {
        #expect(ScreenKind.recipeDetails.name == "RecipeDetails")
        #expect(String(describing: Screens.RecipeDetails(recipeID: 3)) == "Screens.RecipeDetails(recipeID: 3)")
        // The app's own screens are declared in `Screens`; the others are the generic descriptor of
        // their tag in a part, named in `Screens` by a typealias.
        for kind in ScreenKind.allCases {
            let name = String(reflecting: kind.descriptorType)
            let inPart = name.hasPrefix("Core.TaggedScreenDescriptor<Core.ScreensPart") && name.hasSuffix(".\(kind.name)Tag>")
            #expect(name == "Core.Screens.\(kind.name)" || inPart, "\(name)")
        }
    }

    @Test("no two screens share a link path")
    func linkPathsAreUnique() {
        let paths = ScreenKind.allCases.map { $0.descriptorType.linkPath }
        #expect(Set(paths).count == paths.count)
    }

    @Test("schemes and literal path segments match in any case; values keep theirs")
    func caseInsensitiveSchemeAndPath() throws {
        let details = try DeepLinks.descriptor(from: "COOKBOOK://Recipes/42")
        #expect(details as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: 42))
        let author = try DeepLinks.descriptor(from: "CookBook://authors/Aiko-Tanaka")
        #expect(author as? Screens.AuthorRecipes == Screens.AuthorRecipes(authorID: "Aiko-Tanaka"))
    }

    @Test("a descriptor describes itself as the Swift that makes it")
    func descriptions() {
        #expect(Screens.RecipeDetails(recipeID: 42).description == "Screens.RecipeDetails(recipeID: 42)")
        #expect(Screens.RecipeDetails(recipeID: 42, servings: 2).description == "Screens.RecipeDetails(recipeID: 42, servings: 2)")
        #expect(Screens.RecipeSearch(query: "curry").description == #"Screens.RecipeSearch(query: "curry")"#)
        #expect(Screens.About().description == "Screens.About()")
    }

    @Test("every descriptor survives link(for:) then descriptor(from:)", arguments: everyScreen.indices)
    func roundTrip(index: Int) throws {
        let original = everyScreen[index]
        let text = link(for: original)
        #expect(text.hasPrefix("cookbook://"))
        let readBack = try DeepLinks.descriptor(from: text)
        let equal = isEqual(original, readBack)  // opens the existential, outside the macro
        #expect(equal, "\(text) read back as \(readBack)")
    }

    @Test("a recipe for other servings is a link and back; without servings, as the recipe serves")
    func servingsRoundTrip() throws {
        #expect(
            try DeepLinks.descriptor(from: "cookbook://recipes/42?servings=2") as? Screens.RecipeDetails
                == Screens.RecipeDetails(recipeID: 42, servings: 2))
        #expect(try DeepLinks.descriptor(from: "cookbook://recipes/42") as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: 42))
        #expect(
            try DeepLinks.descriptor(from: "cookbook://recipes/7/choose-ingredients?servings=100") as? Screens.ChooseIngredients
                == Screens.ChooseIngredients(recipeID: 7, servings: 100))
    }

    @Test("links are written in their documented forms")
    func forms() {
        #expect(link(for: Screens.Feed()) == "cookbook://feed")
        #expect(link(for: Screens.RecipeDetails(recipeID: 42)) == "cookbook://recipes/42")
        #expect(link(for: Screens.RecipeDetails(recipeID: 42, servings: 2)) == "cookbook://recipes/42?servings=2")
        #expect(link(for: Screens.AuthorRecipes(authorID: "aiko-tanaka")) == "cookbook://authors/aiko-tanaka")
        #expect(link(for: Screens.ShoppingList()) == "cookbook://shopping-list")
        #expect(link(for: Screens.RecipeSearch()) == "cookbook://search", "an empty query is left out")
    }

    @Test("a search query with spaces and non-ASCII letters is percent-encoded and read back")
    func percentEncodedQuery() throws {
        let descriptor = Screens.RecipeSearch(query: "green curry über Reis")
        let text = link(for: descriptor)
        #expect(text == "cookbook://search?query=green%20curry%20%C3%BCber%20Reis")
        let readBack = try DeepLinks.descriptor(from: text)
        #expect((readBack as? Screens.RecipeSearch)?.query == "green curry über Reis")
    }

    @Test("query characters that mean something in a URL survive", arguments: ["a&b=c", "50% off", "カレー", "C#", "1+1"])
    func awkwardQueries(query: String) throws {
        let readBack = try DeepLinks.descriptor(from: link(for: Screens.RecipeSearch(query: query)))
        #expect((readBack as? Screens.RecipeSearch)?.query == query)
    }

    @Test("an author id with a space is encoded in the path and read back")
    func encodedPath() throws {
        let descriptor = Screens.AuthorRecipes(authorID: "Aiko Tanaka")
        let text = link(for: descriptor)
        #expect(text == "cookbook://authors/Aiko%20Tanaka")
        #expect(isEqual(descriptor, try DeepLinks.descriptor(from: text)))
    }

    @Test(
        "a link no screen has is refused with its problem and every valid form",
        arguments: [
            ("https://recipes/42", "it is not a cookbook:// link"),
            ("recipes/42", "it is not a cookbook:// link"),
            ("cookbook://search?query=50%", "it is not a well-formed link (a space must be written %20, a % must start %XX)"),
            ("cookbook://no-such-screen", "no screen has this path"),
            ("cookbook://recipes", "no screen has this path"),
            ("cookbook://authors", "no screen has this path"),
            ("cookbook://recipes/42/steps", "no screen has this path"),
            ("cookbook:/recipes/42", "after “cookbook:” a link has two slashes, not one, then the screen, as in cookbook://recipes/42"),
            ("cookbook:recipes/42", "after “cookbook:” a link has two slashes, not none, then the screen, as in cookbook://recipes/42"),
            ("COOKBOOK:///recipes/42", "after “cookbook:” a link has two slashes, not 3, then the screen, as in cookbook://recipes/42"),
            ("cookbook://recipes/42#frag", "it ends in “#frag”, and a link has no #fragment: nothing after # would be read"),
            ("cookbook://recipes/42#", "it ends in “#”, and a link has no #fragment: nothing after # would be read"),
            ("cookbook://search?query=C#sharp", "it ends in “#sharp”, and a link has no #fragment: nothing after # would be read"),
            (
                "cookbook://cook@recipes/42",
                "“cook@recipes” has a user name or a port, which a link does not have: the screen's name comes right after “//”, as in cookbook://recipes/42"
            ),
            (
                "cookbook://recipes:80/42",
                "“recipes:80” has a user name or a port, which a link does not have: the screen's name comes right after “//”, as in cookbook://recipes/42"
            ),
            ("cookbook://recipes//42", "its path has an empty part between two slashes (“recipes//42”)"),
            ("cookbook://recipes/42/", "its path ends in “/” (“recipes/42/”): write it without the last slash"),
            ("cookbook://shopping-list/", "its path ends in “/” (“shopping-list/”): write it without the last slash"),
            ("cookbook://search?", "it has a “?” with no parameter after it"),
        ])
    func badLinks(text: String, problem: String) {
        #expect {
            try DeepLinks.descriptor(from: text)
        } throws: { error in
            guard let error = error as? DeepLinkError else { return false }
            let description = error.description
            return error.link == text && error.problem == problem && error.screen == nil
                && description.hasPrefix("cannot open “\(text)”: \(problem). Valid links:\n")
                && DeepLinks.help.allSatisfy { description.contains("\n  \($0)") }
        }
    }

    @Test(
        "a parameter a screen does not take, one given twice, or a malformed value is named, with the screen's real parameters",
        arguments: [
            ("cookbook://search?q=curry", ScreenKind.recipeSearch, "cookbook://search?query={query} has no parameter “q”"),
            ("cookbook://search?query=curry&query=rice", .recipeSearch, "query is given twice"),
            ("cookbook://search?query=curry&=x", .recipeSearch, "cookbook://search?query={query} has no parameter with no name"),
            (
                "cookbook://recipes/abc", .recipeDetails,
                "recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “abc”"
            ),
            (
                "cookbook://recipes/-1", .recipeDetails,
                "recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “-1”"
            ),
            (
                "cookbook://recipes/+42", .recipeDetails,
                "recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “+42”"
            ),
            (
                "cookbook://recipes/0x2A", .recipeDetails,
                "recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “0x2A”"
            ),
            (
                "cookbook://recipes/4e1", .recipeDetails,
                "recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “4e1”"
            ),
            (
                "cookbook://recipes/%EF%BC%94%EF%BC%92", .recipeDetails,
                "recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “４２”"
            ),
            (
                "cookbook://recipes/-7/choose-ingredients", .chooseIngredients,
                "recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “-7”"
            ),
            (
                "cookbook://recipes/99999999999999999999", .recipeDetails,
                "recipeID is too large: “99999999999999999999” is more than 9223372036854775807"
            ),
            ("cookbook://search?query", .recipeSearch, "query has no “=”: write query=VALUE (query= for none)"),

            ("cookbook://search?query&query=a", .recipeSearch, "query has no “=”: write query=VALUE (query= for none)"),
            (
                "cookbook://recipes/42?recipeID=7", .recipeDetails,
                "cookbook://recipes/{recipeID}?servings={servings} has no parameter “recipeID”"
            ),
            ("cookbook://recipes/42?servings=0", .recipeDetails, "servings must be a whole number from 1 to 100, not “0”"),
            ("cookbook://recipes/42?servings=two", .recipeDetails, "servings must be a whole number from 1 to 100, not “two”"),
            ("cookbook://recipes/42?servings=101", .recipeDetails, "servings must be a whole number from 1 to 100, not “101”"),
            ("cookbook://recipes/42?servings=%2B2", .recipeDetails, "servings must be a whole number from 1 to 100, not “+2”"),
            ("cookbook://recipes/42?servings=", .recipeDetails, "servings must be a whole number from 1 to 100, not “”"),
            (
                "cookbook://recipes/42/choose-ingredients?servings=-2", .chooseIngredients,
                "servings must be a whole number from 1 to 100, not “-2”"
            ),
            ("cookbook://authors/aiko-tanaka?page=2", .authorRecipes, "cookbook://authors/{authorID} has no parameter “page”"),
            ("cookbook://feed?tab=new", .feed, "cookbook://feed has no parameter “tab”"),
        ])
    func refusedValues(text: String, screen: ScreenKind, problem: String) {
        #expect {
            try DeepLinks.descriptor(from: text)
        } throws: { error in
            guard let error = error as? DeepLinkError else { return false }
            let parameters = DeepLinks.parameters(of: screen.descriptorType)
            let takes =
                parameters.isEmpty
                ? "\(screen.linkForm) takes no parameters."
                : "\(screen.linkForm) takes:\n" + parameters.map { "  \($0.help)" }.joined(separator: "\n")
            return error.link == text && error.problem == problem && error.screen == screen
                && error.description == "cannot open “\(text)”: \(problem). \(takes)"
        }
    }

    @Test("a value longer than a text field holds is refused, and the message quotes the link's first 80 characters")
    func longValues() {
        for (link, problem) in [
            (
                "cookbook://search?query=" + String(repeating: "a", count: 1_001),
                "query has 1001 characters, and a link's value may have at most 1000"
            ),
            (
                "cookbook://authors/" + String(repeating: "%C3%A9", count: 2_000),
                "authorID has 2000 characters, and a link's value may have at most 1000"
            ),
        ] {
            #expect {
                try DeepLinks.descriptor(from: link)
            } throws: { error in
                guard let error = error as? DeepLinkError else { return false }
                return error.problem == problem && error.description.hasPrefix("cannot open “\(link.prefix(80))…”: \(problem). ")
            }
        }
        #expect((try? DeepLinks.descriptor(from: "cookbook://search?query=" + String(repeating: "a", count: 1_000))) != nil)
    }

    @Test("the search link's refusal says what it does take, in words")
    func searchRefusalInWords() throws {
        do {
            _ = try DeepLinks.descriptor(from: "cookbook://search?q=curry")
            Issue.record("cookbook://search?q=curry was read")
        } catch {
            #expect(
                error.description == """
                    cannot open “cookbook://search?q=curry”: cookbook://search?query={query} has no parameter “q”. \
                    cookbook://search?query={query} takes:
                      query (optional): the words to search for; without it the search starts empty
                    """)
        }
    }

    @Test("every screen's parameters: its path's placeholders, then its query items, each with a meaning")
    func parameters() {
        #expect(DeepLinks.parameters(of: Screens.RecipeSearch.self).map(\.name) == ["query"])
        #expect(DeepLinks.parameters(of: Screens.RecipeDetails.self).map(\.name) == ["recipeID", "servings"])
        #expect(DeepLinks.parameters(of: Screens.AuthorRecipes.self).map(\.name) == ["authorID"])
        #expect(DeepLinks.parameters(of: Screens.Feed.self).isEmpty)
        for kind in ScreenKind.allCases {
            let inPath = kind.descriptorType.linkPath.split(separator: "/").filter { $0.hasPrefix("{") }.map {
                String($0.dropFirst().dropLast())
            }
            let parameters = DeepLinks.parameters(of: kind.descriptorType)
            #expect(Array(parameters.map(\.name).prefix(inPath.count)) == inPath)
            #expect(parameters.allSatisfy { $0.meaning != "a value" }, "\(kind.name) does not say what a value means")
        }
    }

    @Test("help lists every form with what its values mean")
    func help() {
        #expect(DeepLinks.help.count == ScreenKind.allCases.count)
        #expect(
            DeepLinks.help.contains {
                $0.hasPrefix("cookbook://search?query={query}")
                    && $0.hasSuffix("query (optional): the words to search for; without it the search starts empty")
            })
        #expect(
            DeepLinks.help.contains {
                $0.hasPrefix("cookbook://recipes/{recipeID}?servings={servings} ")
                    && $0.hasSuffix(
                        "recipeID: the recipe's number, such as 42; servings (optional): how many to cook for, 1 to 100, such as 2"
                    )
            })
        #expect(DeepLinks.help.contains("cookbook://feed"))
    }

    @Test("the valid forms name every screen's path")
    func validForms() {
        #expect(DeepLinks.validForms.count == ScreenKind.allCases.count)
        #expect(DeepLinks.validForms.contains("cookbook://recipes/{recipeID}?servings={servings}"))
        #expect(DeepLinks.validForms.contains("cookbook://authors/{authorID}"))
        #expect(DeepLinks.validForms.contains("cookbook://search?query={query}"))
    }
}
