import Core
import DataFormats
import Foundation
import Testing

@testable import App

@Suite("cookbook --gallery: the app's own screens")
@MainActor
struct AppGalleryTests {
    @Test("the app renders the screens it builds itself, About, and none of the features'")
    func ownScreens() async throws {
        let report = try await AppGallery.renderer.render()

        #expect(report.program == "cookbook")
        #expect(report.owner == "App")
        #expect(report.screens.map(\.kind) == ["About"])
        #expect(report.screens.first?.missingStates == [])
        #expect(report.problems.isEmpty)
    }

    @Test("About reads as on a first launch, with no path or version of this machine's in it, the same every time")
    func stableAbout() async throws {
        let first = try await AppGallery.renderer.render()
        let second = try await AppGallery.renderer.render()
        let text = try #require(first.screens.first?.examples.first?.renderings.first?.text)

        #expect(first == second)
        #expect(text.contains("Shown 1 time this run."))
        #expect(text.contains("Your data: ~/.local/share/cookbook"))
        #expect(text.contains("Recipes: bundled dataset"))
        #expect(!text.contains(NSHomeDirectory()))
    }
}
