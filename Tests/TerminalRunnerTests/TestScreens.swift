import Core
import CoreTesting
import TerminalRunner

/// The test screens name their rows by keys written as text.
extension RowKey: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        self.init(text)
    }
}

/// A search-like screen: a text field, a toggle, a picker, two links and a locked button.
/// It records every event and opens `next` when "Curry Rice" is activated.
///
///     [✎] Search   [1] Vegetarian only   [2] Category
///     [3] Curry Rice   [4] Vegetable Curry   [5] Export (locked: Premium)
@MainActor
final class FakeScreen: Screen {
    var title: String
    var onChange: (@MainActor () -> Void)?
    // What it shows; a change tells whoever listens, as a view model's state does.
    var query = "" { didSet { onChange?() } }
    var vegetarianOnly = false { didSet { onChange?() } }
    var category = 0 { didSet { onChange?() } }
    var status: ScreenStatus = .ready { didSet { onChange?() } }
    var notice: String? { didSet { onChange?() } }
    /// What activating "Curry Rice" pushes.
    var next: (any Screen)?
    private(set) var events: [ScreenEvent<RowKey>] = []
    private(set) var appearCount = 0

    init(title: String = "Search", next: (any Screen)? = nil) {
        self.title = title
        self.next = next
    }

    var content: ScreenContent<RowKey> {
        ScreenContent(
            title: title,
            sections: [
                ScreenSection(
                    id: "filters",
                    rows: [
                        ScreenRow(id: "query", .textField(label: "Search", text: query, placeholder: "keyword")),
                        ScreenRow(id: "vegetarian", .toggle(label: "Vegetarian only", isOn: vegetarianOnly)),
                        ScreenRow(
                            id: "category", .picker(label: "Category", options: ["All", "Main course", "Dessert"], selected: category)),
                    ]),
                ScreenSection(
                    id: "results", title: "Results",
                    rows: [
                        ScreenRow(id: "count", .text("2 recipes")),
                        ScreenRow(id: "recipe-1", .link(title: "Curry Rice", subtitle: "Aiko Tanaka")),
                        ScreenRow(id: "recipe-2", .link(title: "Vegetable Curry", subtitle: nil)),
                        ScreenRow(id: "export", .button("Export"), isEnabled: false, note: "Premium"),
                    ]),
            ],
            status: status,
            notice: notice
        )
    }

    func appear() async { appearCount += 1 }

    func handle(_ event: ScreenEvent<RowKey>) async -> Navigation? {
        events.append(event)
        switch event {
        case .submit(_, let text): notice = "Searched for “\(text)”"
        case .toggle: vegetarianOnly.toggle()
        case .choose(_, let option): category = option
        case .activate("recipe-1"): return next.map { .show(TestScreens.descriptor(for: $0)) }
        case .activate: notice = "Activated"
        case .retry: status = .ready
        case .delete: notice = "Deleted"
        case .flowFinished: notice = "Flow finished"
        }
        return nil
    }

    func edit(_ field: RowKey, text: String) {
        query = text
    }

    /// Changes what the screen shows outside `handle`, as when loading ends.
    func finishLoading(notice: String) {
        self.notice = notice
    }
}

/// A screen showing fixed content; records events and navigates only when a flow it started
/// finishes, to `afterFlow`.
@MainActor
final class StaticScreen: Screen {
    var content: ScreenContent<RowKey> {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?
    private(set) var events: [ScreenEvent<RowKey>] = []
    private(set) var appearCount = 0
    /// Where it asks to go when a flow it started finishes.
    var afterFlow: Navigation?

    init(_ title: String, rows: [ScreenRow<RowKey>] = []) {
        content = ScreenContent(title: title, sections: rows.isEmpty ? [] : [ScreenSection(id: "main", rows: rows)])
    }

    func appear() async { appearCount += 1 }

    func handle(_ event: ScreenEvent<RowKey>) async -> Navigation? {
        events.append(event)
        if case .flowFinished = event { return afterFlow }
        return nil
    }

    /// Changes the content, which tells whoever listens.
    func change(title: String) {
        content.title = title
    }
}

/// Ready-made screens that tests show through descriptors: each gets a recipe id, and stacks
/// made by `stack(_:root:environment:)` resolve `Screens.RecipeDetails` with that id to it.
@MainActor
enum TestScreens {
    private static var screens: [Recipe.ID: any Screen] = [:]
    private static var lastID = 10_000

    static func descriptor(for screen: any Screen) -> Screens.RecipeDetails {
        lastID += 1
        screens[lastID] = screen
        return Screens.RecipeDetails(recipeID: lastID)
    }

    static func screen(for descriptor: Screens.RecipeDetails) -> any Screen {
        screens[descriptor.recipeID] ?? PlaceholderScreen(for: descriptor)
    }
}

extension StackNavigator {
    /// Shows a ready-made screen, through a descriptor the stub resolver answers with it.
    func push(_ screen: any Screen) async {
        await show(TestScreens.descriptor(for: screen))
    }
}

/// A stack whose root descriptor resolves to `root` (through the stub resolver's feed builder),
/// and which shows screens pushed with `push(_:)`.
@MainActor
func stack(_ title: String, root: any Screen, environment: StubEnvironment = StubEnvironment()) -> StackNavigator {
    environment.stubResolver.register(Screens.Feed.self) { _, _ in root }
    environment.stubResolver.register(Screens.RecipeDetails.self) { descriptor, _ in TestScreens.screen(for: descriptor) }
    return StackNavigator(title: title, environment: environment, root: Screens.Feed())
}

/// A started one-tab session over `root`.
@MainActor
func startedTabBar(_ root: any Screen, title: String = "Search") async -> TabBar {
    let tabBar = TabBar(stack(title, root: root))
    await tabBar.start()
    return tabBar
}
