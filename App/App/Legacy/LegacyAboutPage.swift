import Core

/// The About page as it was written before the modular rewrite: a main-actor singleton
/// that formats itself into lines of text and keeps a visit counter.
///
/// Why it is wrapped rather than moved: it reads facts only the app knows (the data
/// directory, the dataset's size) and old code elsewhere in the app still calls
/// `LegacyAboutPage.shared`. Moving it into a feature would drag those dependencies along.
/// Instead `AppResolver` exposes it through `Screens.About` (an old screen
/// behind a builder): features open About with `resolve` and never see this type,
/// so it can be rewritten later without touching them.
@MainActor
final class LegacyAboutPage {
    /// What this run knows about itself.
    struct Facts: Sendable, Equatable {
        var version: String
        var dataDirectory: String
        var recipeSource: String
    }

    static let shared = LegacyAboutPage()

    /// How many times the page was shown this run (the old page's only state).
    private(set) var visits = 0

    func render(_ facts: Facts) -> [String] {
        visits += 1
        return [
            "Cookbook \(facts.version)",
            "A terminal recipe app built from independent feature modules.",
            "Recipes: \(facts.recipeSource)",
            "Your data: \(facts.dataDirectory)",
            "Shown \(visits) \(visits == 1 ? "time" : "times") this run.",
        ]
    }
}

/// The adapter that makes the legacy page a `Screen`, so `resolve(Screens.About())` can
/// return it like any feature's screen.
@MainActor
final class LegacyAboutScreen: Screen {
    private let page: LegacyAboutPage
    private let facts: LegacyAboutPage.Facts
    private let environment: any Environment
    private var lines: [String] = []
    var onChange: (@MainActor () -> Void)?

    init(page: LegacyAboutPage, facts: LegacyAboutPage.Facts, environment: any Environment) {
        self.page = page
        self.facts = facts
        self.environment = environment
    }

    /// Its rows are the page's lines, by position: text no event names.
    var content: ScreenContent<Int> {
        ScreenContent(
            title: "About Cookbook",
            sections: [
                ScreenSection(id: "about", rows: lines.enumerated().map { ScreenRow(id: $0.offset, .text($0.element)) })
            ])
    }

    func appear() async {
        lines = page.render(facts)
        environment.pageViewLogger.log(PageView("about"))
        onChange?()
    }

    func handle(_ event: ScreenEvent<Int>) async -> Navigation? { nil }
}
