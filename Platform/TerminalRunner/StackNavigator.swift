import Core

/// A navigation stack of screens: the runner's `ScreenStack`, the presenter a navigation
/// coordinator shows its screens on. Its root is a screen descriptor, resolved like any other.
/// Every entry keeps the descriptor it was resolved from, so the stack can say which screen
/// (and deep link) is shown. It never becomes empty once started: popping the root is refused.
///
/// What its screens ask for goes to its `coordinator` (the app's tab coordinators); a stack
/// without one (a sandbox) carries the requests out itself (`ScreenStack.perform`).
@MainActor
public final class StackNavigator: ScreenStack {
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
    /// Decides what this stack's screens ask for. Weak: the coordinator owns its stack.
    public weak var coordinator: (any NavigationCoordinator)?
    /// How a screen that came on top appears: awaited when nil (scripts, tests); handed over
    /// otherwise, so the full-screen UI can let it load while keys go on.
    var appearance: (@MainActor (any Screen) -> Void)?

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
        if let root = placeRoot() { await appear(root) }
    }

    /// Resolves the descriptor and puts its screen on top.
    public func show(_ descriptor: any ScreenDescriptor) async {
        await appear(place(descriptor))
    }

    /// Goes back one screen, which appears again so it can refresh (a list after an edit).
    public func pop() async {
        guard removeTop(), let top = topScreen else { return }
        await appear(top)
    }

    public func close(toDepth depth: Int) {
        let kept = max(1, depth)
        guard entries.count > kept else { return }
        entries.removeLast(entries.count - kept)
        screensWereRemoved()
    }

    /// Back to the root screen.
    public func popToRoot() async {
        guard entries.count > 1 else { return }
        close(toDepth: 1)
        if let top = topScreen { await appear(top) }
    }

    /// Makes the stack these screens, bottom first (a deep link's back stack). Screens already
    /// on the stack in the same places with the same descriptors stay as they are; the rest are
    /// resolved. Only the new top appears. An empty list changes nothing.
    public func setStack(_ wanted: [any ScreenDescriptor]) async {
        guard !wanted.isEmpty else { return }
        let kept = zip(entries, wanted).prefix { $0.descriptor.isEqual(to: $1) }.count
        if entries.count > kept {
            entries.removeLast(entries.count - kept)
            screensWereRemoved()
        }
        for descriptor in wanted.dropFirst(kept) { place(descriptor) }
        if let top = topScreen { await appear(top) }
    }

    /// A screen on this stack asked to go somewhere: its coordinator decides, or the stack does it.
    public func route(_ navigation: Navigation) async {
        if let coordinator {
            await coordinator.navigate(navigation)
        } else {
            await perform(navigation)
        }
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
        screensWereRemoved()
        return true
    }

    private func screensWereRemoved() {
        onChange?()
        coordinator?.screensWereRemoved(leaving: entries.count)
    }

    private func appear(_ screen: any Screen) async {
        if let appearance {
            appearance(screen)
        } else {
            await screen.appear()
        }
    }

    /// The titles of the stack's screens, root first: the breadcrumb.
    public var path: [String] { stack.map { $0.content.title } }
}

/// Tabs, each a stack: the tab bar the runner shows. A sandbox has one tab, the app several.
/// A session with no coordinator of its own is its own root coordinator (sandboxes, tests);
/// the app's `AppCoordinator` owns one and routes deep links into it.
@MainActor
public final class TabSession: RootCoordinator {
    public let tabs: [StackNavigator]
    public private(set) var selectedIndex = 0
    public var onChange: (@MainActor () -> Void)? {
        didSet { for tab in tabs { tab.onChange = onChange } }
    }
    /// What the run must tell the person besides the screens: a banner, warnings, unsaved changes.
    public var notices = RunNotices()
    /// See `StackNavigator.appearance`; set by the full-screen UI for every tab.
    var appearance: (@MainActor (any Screen) -> Void)? {
        didSet { for tab in tabs { tab.appearance = appearance } }
    }

    /// Taking the first tab apart makes an empty session impossible to write.
    public init(_ first: StackNavigator, _ others: [StackNavigator] = []) {
        tabs = [first] + others
    }

    public var session: TabSession { self }

    public func start() async {
        await tabs[selectedIndex].start()
    }

    /// Shows a tab. Its visible screen appears again, so it shows what changed elsewhere.
    public func select(tabAt index: Int) async {
        guard let screen = switchTab(to: index) else { return }
        if let appearance {
            appearance(screen)
        } else {
            await screen.appear()
        }
    }

    /// Selects a tab and makes its stack these screens, bottom first (a deep link and its back
    /// stack; see `StackNavigator.setStack`). The top screen appears once.
    public func select(tabAt index: Int, showing stack: [any ScreenDescriptor]) async {
        guard tabs.indices.contains(index), !stack.isEmpty else { return }
        if index != selectedIndex {
            selectedIndex = index
            onChange?()
        }
        await tabs[index].setStack(stack)
    }

    /// The half of `select` that happens at once: the tab is selected (and its root placed
    /// the first time). Returns the screen that should now appear; nil when nothing changed.
    func switchTab(to index: Int) -> (any Screen)? {
        guard tabs.indices.contains(index), index != selectedIndex || tabs[index].stack.isEmpty else { return nil }
        selectedIndex = index
        onChange?()
        return tabs[index].placeRoot() ?? tabs[index].topScreen
    }

    /// Opens the screen a descriptor names: the tab whose root it is, else on top of the
    /// current tab. (The app's coordinators decide this themselves.)
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

/// What a runner runs (the app coordinator, owning the window): the tabs it shows,
/// what starts them, and where deep links go. The runner holds it for the whole run.
@MainActor
public protocol RootCoordinator: Coordinator {
    /// The tabs the runner shows and drives.
    var session: TabSession { get }
    /// Shows the screen a deep link (`--open`) names.
    func open(_ descriptor: any ScreenDescriptor) async
}
