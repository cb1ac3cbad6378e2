import Core
import Foundation
import HTTPTestServer
import TerminalRunner
import Testing
import URLSessionHTTP

@testable import App

/// A web API that serves escape sequences as recipe text: the app shows the text, the
/// terminal obeys none of it (the fuzzer does the same at random, `Fuzz/HostileSources.swift`).
@MainActor
@Suite("a hostile web API through the real app")
struct HostileWebAPITests {
    @Test("titles, authors and steps with escape sequences, C1 and bidi controls show as pictures, in both modes, and from the cache")
    func hostileTextIsShownSafely() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var recipe = try #require(BundledRecipeClient.bundled().recipes.first)
        recipe.title = "Curry\u{1B}[2J\u{1B}]0;pwned\u{07} Rice"
        recipe.author.name = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{9B}31m\u{202E}Aiko"
        recipe.steps = ["nul\u{0}byte\r\u{1B}[1Aover"]
        let server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: [recipe]))

        for round in ["from the server", "from the cache, the server stopped"] {
            if round.hasSuffix("stopped") { server.stop() }
            let options = try LaunchOptions.parse(
                ["--data-dir", directory.url.path, "--api-url", server.baseURL.absoluteString], for: CookbookApp.program)
            let environment = try CookbookApp.makeEnvironment(options, networking: { URLSessionHTTP.portableExchange })
            let tabBar = TabBar(
                StackNavigator(title: "Recipe", environment: environment, root: Screens.RecipeDetails(recipeID: recipe.id)))
            await tabBar.start()

            let script = ScriptInterpreter(tabBar: tabBar).screenText
            #expect(script.contains("# Curry␛[2J␛]0;pwned␇ Rice"), "\(round): \(script)")
            #expect(script.contains("␛]52;c;cm0gLXJmIH4=␇�31m�Aiko"), "\(round): \(script)")
            #expect(script.contains("nul␀byte␍␛[1Aover"), "\(round): \(script)")
            let frame = SessionController(tabBar: tabBar, rows: 40, columns: 120).render().frame
            for text in [script] + frame.text {
                #expect(
                    !text.unicodeScalars.contains {
                        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
                    })
            }
        }
    }
}
