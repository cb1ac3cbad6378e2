import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One builder per descriptor: the only place that knows which module implements what. The
/// builders of the screens a feature's entry makes are generated beside this file
/// (`AppResolver+Screens.swift`), from each entry's `makeScreen` overloads; here are those the app
/// builds itself. Leaving one out is a compile error ("type 'AppResolver' does not conform to
/// protocol 'Resolver'", or to the screen's part, `ScreensPart01.Builders`, which the generated file declares).
final class AppResolver: Resolver {
    /// Where exports are written.
    let exportDirectory: URL
    /// What the legacy About page shows about this run.
    let about: LegacyAboutPage.Facts
    /// The legacy page itself: its shared instance unless given (the gallery starts a fresh one).
    let aboutPage: LegacyAboutPage?

    init(exportDirectory: URL, about: LegacyAboutPage.Facts, aboutPage: LegacyAboutPage? = nil) {
        self.exportDirectory = exportDirectory
        self.about = about
        self.aboutPage = aboutPage
    }

    @MainActor func buildAbout(_ descriptor: Screens.About, in environment: any Environment) -> any Screen {
        LegacyAboutScreen(page: aboutPage ?? .shared, facts: about, environment: environment)
    }

    @MainActor func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
        FileRecipeExporter(directory: exportDirectory, format: descriptor.format)
    }
}
