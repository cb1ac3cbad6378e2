import Core

/// A navigation stack of screens: the runner's `NavigationCoordinator`.
/// Its root is a screen descriptor, resolved like any other screen. Every entry keeps the
/// descriptor it was resolved from, so the stack can say which screen (and deep link) is shown.
/// It never becomes empty once started: popping the root is refused.
@MainActor
public final class StackNavigator: NavigationCoordinator {
    /// One screen on the stack and the descriptor it was resolved from.
    public struct Entry {
        public let descriptor: any ScreenDescriptor
        public let screen: any Screen
    }

    public let title: String
    public let environment: any Environment
    /// The descriptor of the bottom screen; a deep link to it selects this stack.
    public let root: any ScreenDescriptor
    public private(set) var entries: [Entry] = []
    /// Called when the visible screen or its content changes, so the runner can redraw.
    public var onChange: (@MainActor () -> Void)?

    public init(title: String, environment: any Environment, root: any ScreenDescriptor) {
        self.title = title
        self.environment = environment
        self.root = root
    }

    public var stack: [any Screen] { entries.map(\.screen) }
    public var descriptors: [any ScreenDescriptor] { entries.map(\.descriptor) }
    /// The descriptor of the screen on top: a link to it reopens what the user sees.
    public var topDescriptor: (any ScreenDescriptor)? { entries.last?.descriptor }

    /// Shows the root screen the first time; later calls do nothing.
    public func start() async {
        await placeRoot()?.appear()
    }

    /// Resolves the descriptor and puts its screen on top.
    public func show(_ descriptor: any ScreenDescriptor) async {
        await place(descriptor).appear()
    }

    /// Goes back one screen, which appears again so it can refresh (a list after an edit).
    public func pop() async {
        guard removeTop() else { return }
        await stack.last?.appear()
    }

    // The halves of start, show and pop that happen at once, for the full-screen UI: it
    // changes the stack as soon as a key asks, and lets the screen appear (load) meanwhile.

    /// Puts the root screen on the empty stack and returns it, to appear; nil once started.
    func placeRoot() -> (any Screen)? {
        guard entries.isEmpty else { return nil }
        return place(root)
    }

    /// Resolves a descriptor through the environment and puts its screen on top, watching its
    /// changes, and tells the runner. Returns the screen, to appear.
    @discardableResult
    func place(_ descriptor: any ScreenDescriptor) -> any Screen {
        let screen = environment.resolve(descriptor)
        screen.onChange = { [weak self, weak screen] in
            guard let self, let screen, screen === self.stack.last else { return }
            self.onChange?()
        }
        entries.append(Entry(descriptor: descriptor, screen: screen))
        onChange?()
        return screen
    }

    /// Removes the top screen unless it is the root; the one below should then appear.
    @discardableResult
    func removeTop() -> Bool {
        guard entries.count > 1 else { return false }
        entries.removeLast()
        onChange?()
        return true
    }

    /// Back to the root screen.
    public func popToRoot() async {
        guard entries.count > 1 else { return }
        entries.removeLast(entries.count - 1)
        onChange?()
        await stack.last?.appear()
    }

    /// The titles of the stack's screens, root first: the breadcrumb.
    public var path: [String] { stack.map { $0.content.title } }
}

/// Tabs, each a stack: the runner's `TabCoordinator`. A sandbox has one tab, the app several.
@MainActor
public final class TabSession: TabCoordinator {
    public let tabs: [StackNavigator]
    public private(set) var selectedIndex = 0
    public var onChange: (@MainActor () -> Void)? {
        didSet { for tab in tabs { tab.onChange = onChange } }
    }
    /// What the run must tell the person besides the screens: a banner, warnings, unsaved changes.
    public var notices = RunNotices()

    /// Taking the first tab apart makes an empty session impossible to write.
    public init(_ first: StackNavigator, _ others: [StackNavigator] = []) {
        tabs = [first] + others
    }

    public func start() async {
        await tabs[selectedIndex].start()
    }

    /// Shows a tab. Its visible screen appears again, so it shows what changed elsewhere.
    public func select(tabAt index: Int) async {
        await switchTab(to: index)?.appear()
    }

    /// The half of `select` that happens at once: the tab is selected (and its root placed
    /// the first time). Returns the screen that should now appear; nil when nothing changed.
    func switchTab(to index: Int) -> (any Screen)? {
        guard tabs.indices.contains(index), index != selectedIndex || tabs[index].stack.isEmpty else { return nil }
        selectedIndex = index
        onChange?()
        return tabs[index].placeRoot() ?? tabs[index].topScreen
    }

    /// Opens the screen a descriptor names: the tab whose root it is, else on top of the current tab.
    public func open(_ descriptor: any ScreenDescriptor) async {
        if let index = tabs.firstIndex(where: { $0.root.isEqual(to: descriptor) }) {
            await select(tabAt: index)
            await tabs[index].popToRoot()
        } else {
            await current.start()
            await current.show(descriptor)
        }
    }

    /// The selected tab's stack. Tabs are never empty, so this always exists.
    public var current: StackNavigator { tabs[selectedIndex] }

    /// The screen the user sees; nil only before `start()`.
    public var visibleScreen: (any Screen)? { current.topScreen }

    /// The index of the tab with this title (any case) or 1-based number.
    public func tabIndex(named name: String) -> Int? {
        if let number = Int(name), tabs.indices.contains(number - 1) { return number - 1 }
        return tabs.firstIndex { $0.title.lowercased() == name.lowercased() }
    }
}
