import Core
import Foundation
import TerminalRunner
import Testing

@testable import App

/// `Screen.edit(_:text:)` has a default that keeps nothing, for the many screens without a field.
/// A screen with a field that left it out would drop every key typed into it, and the compiler
/// cannot tell; so every screen of the app is opened here and every field typed into.
@MainActor
@Suite("Every text field of the app keeps what is typed")
struct TextFieldsTests {
    @Test("each field of each screen shows the typed text in the next content")
    func everyFieldShowsWhatIsTyped() async throws {
        let environment = try AppGallery.environment()
        let recipe = try #require(BundledRecipeClient.bundled().recipes.first)
        let values = ["recipeID": String(recipe.id), "authorID": recipe.author.id, "query": "curry"]
        var typedInto: [String] = []
        for kind in ScreenKind.allCases {
            let descriptor = try kind.descriptorType.init(linkValues: values)
            let screen = open(descriptor, in: environment).erased
            await screen.appear()
            for row in screen.content.interactiveRows {
                guard case .textField(let label, _, _) = row.element else { continue }
                screen.edit(row.id, text: "tea and jam")
                guard case .textField(_, let shown, _) = screen.content.row(id: row.id)?.element else {
                    Issue.record("\(descriptor): the field “\(label)” is gone after typing into it")
                    continue
                }
                #expect(
                    shown == "tea and jam",
                    "\(descriptor): the field “\(label)” shows “\(shown)” after typing; does its screen implement edit(_:text:)?")
                typedInto.append("\(kind.name): \(label)")
            }
        }
        // The search and the shopping list have fields; a walk that found none tested nothing.
        #expect(typedInto.count >= 2, "fields typed into: \(typedInto)")
    }

    private func open<D: ScreenDescriptor>(_ descriptor: D, in environment: any Environment) -> any Screen {
        environment.resolve(descriptor)
    }
}
