import Core

/// A navigation stack of screens: the runner's `NavigationCoordinator`.
/// It never becomes empty once started: popping the root is refused.
@MainActor
public final class StackNavigator: NavigationCoordinator {
    public let title: String
    public let environment: any Environment
    public private(set) var stack: [any Screen] = []
    /// Called when the visible screen or its content changes, so the runner can redraw.
    public var onChange: (@MainActor () -> Void)?
    private let makeRoot: @MainActor (any Environment) -> any Screen

    public init(title: String, environment: any Environment, root: @escaping @MainActor (any Environment) -> any Screen) {
        self.title = title
        self.environment = environment
        makeRoot = root
    }

    /// Shows the root screen the first time; later calls do nothing.
    public func start() async {
        guard stack.isEmpty else { return }
        await push(makeRoot(environment))
    }

    public func push(_ screen: any Screen) async {
        screen.onChange = { [weak self, weak screen] in
            guard let self, let screen, screen === self.stack.last else { return }
            self.onChange?()
        }
        stack.append(screen)
        onChange?()
        await screen.appear()
    }

    public func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        onChange?()
    }

    /// Back to the root screen.
    public func popToRoot() {
        guard stack.count > 1 else { return }
        stack.removeLast(stack.count - 1)
        onChange?()
    }

    /// The titles of the stack's screens, root first: the breadcrumb.
    public var path: [String] { stack.map(\.content.title) }
}

/// Tabs, each a stack: the runner's `TabCoordinator`. A sandbox has one tab, the app several.
@MainActor
public final class TabSession: TabCoordinator {
    public let tabs: [StackNavigator]
    public private(set) var selectedIndex = 0
    public var onChange: (@MainActor () -> Void)? {
        didSet { for tab in tabs { tab.onChange = onChange } }
    }

    /// Taking the first tab apart makes an empty session impossible to write.
    public init(_ first: StackNavigator, _ others: [StackNavigator] = []) {
        tabs = [first] + others
    }

    public func start() async {
        await tabs[selectedIndex].start()
    }

    public func select(tabAt index: Int) async {
        guard tabs.indices.contains(index) else { return }
        selectedIndex = index
        onChange?()
        await tabs[index].start()
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
