import Foundation
import Testing

/// The options every runner shares (`--open`, `--script`, `--help`), through the real executables.
@Suite("runner options end to end")
struct RunnerOptionsEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    @Test("after `type`, `select 1` opens the first result: text fields have no number")
    func selectOneAfterType() async throws {
        let result = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory()],
            input: """
                tab Search
                type curry
                expect "[✎] Search"
                expect "[1] Curry Rice"
                select 1
                expect "Ingredients"
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        #expect(result.output.contains("Path: Search › Curry Rice"))
    }

    @Test("--width 40 wraps every screen a script prints; `width off` unwraps them; expect finds words a width splits")
    func width() async throws {
        let result = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--width", "40", "--open", "cookbook://recipes/1"],
            input: """
                expect "tender pork, potatoes and carrots in a thick"
                width off
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        let screens = result.output.components(separatedBy: "› width off")
        #expect(
            screens[0].contains(
                "Tabs: [Feed] | Search | Shopping list |\n      Favorites\nPath: Feed › Curry Rice\n# Curry Rice\n\n"
                    + "     Japanese home-style curry with\n     tender pork, potatoes and carrots\n"), "\(result.output)")
        let wide = screens[0].split(separator: "\n").filter { $0.count > 40 && !$0.hasPrefix("› ") }
        #expect(wide.isEmpty, "lines wider than 40 columns: \(wide)")
        #expect(screens.last?.contains("Tabs: [Feed] | Search | Shopping list | Favorites\n") == true)
        #expect(screens.last?.contains("     Japanese home-style curry with tender pork, potatoes and carrots in a thick") == true)
    }

    @Test("a width that is not a number of columns from 20 to 1000 is a bad command line", arguments: ["10", "wide", "2000"])
    func badWidth(width: String) async throws {
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--width", width], input: "quit\n")
        #expect(result.status == 2)
        #expect(
            result.errorOutput
                == "cookbook: --width: “\(width)” is not a width: give a number of columns from 20 to 1000, or off\n")
    }

    @Test(
        "--open starts the script on the linked screen, on the tab it belongs to, with a back stack",
        arguments: [
            ("cookbook://recipes/1", "Tabs: [Feed] | Search | Shopping list | Favorites\nPath: Feed › Curry Rice", "Ingredients"),
            ("cookbook://search?query=miso%20soup", "Tabs: Feed | [Search] | Shopping list | Favorites\n# Search", "Miso Soup"),
            ("cookbook://search", "Tabs: Feed | [Search] | Shopping list | Favorites\n# Search", "[✎] Search"),
            ("cookbook://authors/aiko-tanaka", "[Search]", "Path: Search › Recipes by Aiko Tanaka"),
            (
                "cookbook://kitchen-preferences", "Tabs: Feed | [Search] | Shopping list | Favorites\nPath: Search › Kitchen preferences",
                "Vegetarian kitchen"
            ),
            ("cookbook://recipes/1/choose-ingredients", "Path: Feed › Curry Rice › Choose ingredients", "(8 of 10 chosen)"),
            ("cookbook://favorites", "Tabs: Feed | Search | Shopping list | [Favorites]", "# Favorites"),
            ("cookbook://shopping-list", "Tabs: Feed | Search | [Shopping list] | Favorites", "+ Add item"),
            ("cookbook://about", "Tabs: [Feed] | Search | Shopping list | Favorites\nPath: Feed › About Cookbook", "About Cookbook"),
        ])
    func openInScript(link: String, header: String, text: String) async throws {
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--open", link], input: "expect \"\(text)\"\nquit\n")
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        let firstScreen = result.output.components(separatedBy: "\n› ").first ?? ""
        #expect(firstScreen.contains(header), "the first screen printed is the linked one:\n\(firstScreen)")
    }

    @Test("a search link leaves the Feed alone: its tab still shows the feed")
    func searchLinkKeepsTheFeed() async throws {
        let result = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--open", "cookbook://search?query=curry"],
            input: "expect \"Results for “curry”\"\ntab Feed\nexpect \"## Popular\"\nexpect-not \"Path:\"\nquit\n")
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("a recipe link opens under Favorites when the recipe is one, and Back goes to the list")
    func favoriteRecipeLink() async throws {
        let dataDirectory = temporaryDataDirectory()
        let saved = try await cookbook.run(
            ["--data-dir", dataDirectory, "--open", "cookbook://recipes/1"],
            input: "toggle Favorite\nexpect \"Saved to favorites.\"\nquit\n")
        #expect(saved.status == 0, "stderr: \(saved.errorOutput)")

        let result = try await cookbook.run(
            ["--data-dir", dataDirectory, "--open", "cookbook://recipes/1"],
            input: "expect \"Path: Favorites › Curry Rice\"\nback\nexpect \"## Saved recipes (1)\"\nquit\n")
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        #expect(result.output.contains("Tabs: Feed | Search | Shopping list | [Favorites]"))
    }

    @Test("the chooser opened by a link finishes back on its recipe, which adds what was chosen")
    func chooserLinkFinishes() async throws {
        let result = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--open", "cookbook://recipes/1/choose-ingredients"],
            input: """
                toggle 1
                toggle 2
                select "Add 6 ingredients to the shopping list"
                expect "Path: Feed › Curry Rice"
                expect-not "Choose ingredients ›"
                expect "Added 6 of 10 ingredients of “Curry Rice” to the shopping list."
                tab "Shopping list"
                expect "## 6 of 6 to buy"
                expect-not "pork shoulder"
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test(
        "a link no screen has prints what is wrong and every valid form to stderr, and exits 2",
        arguments: [
            "https://example.com/recipes/1", "cookbook://no-such-screen", "cookbook://authors", "cookbook://recipes/1#steps",
            "cookbook:/recipes/1", "cookbook://me@recipes/1", "cookbook://recipes//1",
        ])
    func badLink(link: String) async throws {
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--open", link], input: "quit\n")
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix("cookbook: cannot open “\(link)”: "))
        for form in [
            "cookbook://feed", "cookbook://search", "cookbook://recipes/{recipeID}", "cookbook://authors/{authorID}", "cookbook://about",
        ] {
            #expect(result.errorOutput.contains("\n  \(form)"))
        }
        #expect(result.output.isEmpty, "nothing started")
    }

    @Test(
        "a value a screen cannot take exits 2, naming it and the screen's parameters",
        arguments: [
            ("cookbook://recipes/-1", "recipeID must be a whole number of 0 or more"), ("cookbook://recipes/0x2A", "not “0x2A”"),
            ("cookbook://search?query", "query has no “=”"),
        ])
    func badValue(link: String, words: String) async throws {
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--open", link], input: "quit\n")
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix("cookbook: cannot open “\(link)”: "), "\(result.errorOutput)")
        #expect(result.errorOutput.contains(words), "\(result.errorOutput)")
        #expect(result.output.isEmpty, "nothing started")
    }

    @Test("a sandbox opens links too: the feature's own screen, or a labelled placeholder")
    func sandboxLinks() async throws {
        let search = try await ProductProcess(name: "RecipeSearchSandbox").run(
            ["--open", "cookbook://search?query=curry"], input: "expect \"Thai Green Curry\"\n")
        #expect(search.status == 0, "stderr: \(search.errorOutput)")
        let details = try await ProductProcess(name: "RecipeSearchSandbox").run(
            ["--open", "cookbook://recipes/7"], input: "expect \"Screens.RecipeDetails(recipeID: 7)\"\n")
        #expect(details.status == 0, "stderr: \(details.errorOutput)")
        let bad = try await ProductProcess(name: "RecipeSearchSandbox").run(["--open", "cookbook://recipes/x"])
        #expect(bad.status == 2)
        #expect(bad.errorOutput.contains("recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “x”"))
    }

    @Test("a sandbox takes --scenario and the app's web API options; it records nothing, keeps no cache: --record, --cache-max-age exit 2")
    func sandboxOptions() async throws {
        let help = try await ProductProcess(name: "FeedSandbox").run(["--help"])
        #expect(help.status == 0, "stderr: \(help.errorOutput)")
        for option in ["--scenario", "--api-url", "--api-timeout", "--replay", "--replay-mode"] {
            #expect(help.output.contains(option + " "), "--help does not list \(option)")
        }
        for option in ["--record", "--cache-max-age"] {
            let refused = try await ProductProcess(name: "FeedSandbox").run([option, "x"], input: "quit\n")
            #expect(refused.status == 2, "\(option): \(refused.errorOutput)")
        }
    }

    @Test(
        "a parameter the link does not take, or a malformed value, is named with the link's real parameters, and exits 2",
        arguments: [
            ("cookbook://search?q=curry", "has no parameter “q”", "query (optional): the words to search for"),
            ("cookbook://search?query=curry&query=rice", "query is given twice", "query (optional): the words to search for"),
            (
                "cookbook://recipes/abc", "recipeID must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “abc”",
                "recipeID: the recipe's number, such as 42"
            ),
            ("cookbook://feed?tab=new", "has no parameter “tab”", "cookbook://feed takes no parameters."),
        ])
    func refusedParameter(link: String, problem: String, parameters: String) async throws {
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--open", link], input: "quit\n")
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix("cookbook: cannot open “\(link)”: "))
        #expect(result.errorOutput.contains(problem))
        #expect(result.errorOutput.contains(parameters))
        #expect(result.output.isEmpty, "nothing started")
    }

    @Test(
        "--help names --open, the link forms and the exit statuses, for the app and sandboxes",
        arguments: ["cookbook", "RecipeSearchSandbox"])
    func help(product: String) async throws {
        let result = try await ProductProcess(name: product).run(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--open LINK"))
        #expect(result.output.contains("--script FILE"))
        #expect(result.output.contains("cookbook://recipes/{recipeID}"))
        #expect(result.output.contains("cookbook://search?query={query}"))
        #expect(result.output.contains("query (optional): the words to search for"))
        #expect(result.output.contains("authorID: the author's id, such as aiko-tanaka"))
        #expect(result.output.contains("130 interrupted"))
        #expect(result.output.contains("143 terminated"))
        #expect(result.output.contains("--gallery"), "every program renders its part of the screen gallery")
    }

    @Test("--version prints the program's name and the Cookbook version, the same for the app and a sandbox")
    func version() async throws {
        let app = try await ProductProcess(name: "cookbook").run(["--version"])
        let sandbox = try await ProductProcess(name: "RecipeSearchSandbox").run(["--version"])
        #expect(app.status == 0 && sandbox.status == 0)
        #expect(app.output.hasPrefix("cookbook "), "\(app.output)")
        let version = app.output.dropFirst("cookbook ".count)
        #expect(version.first?.isNumber == true, "\(app.output)")
        #expect(sandbox.output == "RecipeSearchSandbox " + version)
    }

    @Test("a missing script file is a bad command line, said in words")
    func missingScript() async throws {
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--script", "/nonexistent/script.txt"])
        #expect(result.status == 2)
        #expect(
            result.errorOutput.hasPrefix(
                "cookbook: cannot read the script “/nonexistent/script.txt”: no such file or directory. Check the path and its permissions."
            ), "\(result.errorOutput)")
    }

    @Test("an empty script that is not a regular file (/dev/null; a pipe reads the same way) runs nothing and succeeds")
    func deviceAsScript() async throws {
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--script", "/dev/null"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("# Feed"), "the first screen is shown")
        #expect(!result.errorOutput.contains("cannot read"))
    }

    @Test("a folder given as the script: said so, exit 2")
    func folderAsScript() async throws {
        let folder = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--script", folder])
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix("cookbook: cannot read the script “\(folder)”: is a directory."), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("Domain"))
    }

    @Test("a script that is not UTF-8: exit 2, naming the byte, the line and the column, and what to do")
    func scriptNotUTF8() async throws {
        let file = temporaryDataDirectory() + ".txt"
        try Data("tab Search\ntype caf".utf8 + [0xE9] + Data(" au lait\n".utf8)).write(to: URL(fileURLWithPath: file))
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--script", file])
        #expect(result.status == 2)
        #expect(
            result.errorOutput.hasPrefix(
                "cookbook: the script “\(file)” is not UTF-8 text: the byte 0xE9 at line 2, column 9 (\(file):2:9) is not UTF-8. Save the file as UTF-8."
            ), "\(result.errorOutput)")
        #expect(result.output.isEmpty, "nothing runs")
    }
}
