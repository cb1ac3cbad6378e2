import Core

/// Tabs, each a stack: the tab bar the runner shows (UIKit's `UITabBarController`). A sandbox has
/// one tab, the app several. A tab bar with no coordinator of its own is its own root coordinator
/// (sandboxes, tests); the app's `AppCoordinator` owns one and routes deep links into it.
@MainActor
public final class TabBar: RootCoordinator {
    public let tabs: [StackNavigator]
    public private(set) var selectedIndex = 0
    public var onChange: (@MainActor () -> Void)? {
        didSet { for tab in tabs { tab.onChange = onChange } }
    }
    /// What the run must tell the person besides the screens: a banner, warnings, unsaved changes.
    public var notices = RunNotices()
    /// See `StackNavigator.appearance`; set by the full-screen UI for every tab.
    var appearance: (@MainActor (AnyScreen) -> Void)? {
        didSet { for tab in tabs { tab.appearance = appearance } }
    }

    /// Taking the first tab apart makes an empty tab bar impossible to write.
    public init(_ first: StackNavigator, _ others: [StackNavigator] = []) {
        tabs = [first] + others
    }

    public var tabBar: TabBar { self }

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
    func switchTab(to index: Int) -> AnyScreen? {
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
    public var visibleScreen: AnyScreen? { current.topScreen }

    /// The index of the tab with this title (any case) or 1-based number.
    public func tabIndex(named name: String) -> Int? {
        if let number = Int(name), tabs.indices.contains(number - 1) { return number - 1 }
        return tabs.firstIndex { $0.title.lowercased() == name.lowercased() }
    }
}

/// What a runner runs (the app coordinator, owning the window): the tab bar it shows, what
/// starts it, and where deep links go. The runner holds it for the whole run.
@MainActor
public protocol RootCoordinator: AnyObject {
    /// The tabs the runner shows and drives.
    var tabBar: TabBar { get }
    /// Shows the first screen.
    func start() async
    /// Shows the screen a deep link (`--open`) names.
    func open(_ descriptor: any ScreenDescriptor) async
}
