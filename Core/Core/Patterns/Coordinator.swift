/// Navigation logic out of the screens (seed 002). A coordinator owns a piece of the UI
/// and starts its children.
@MainActor
public protocol Coordinator: AnyObject {
    func start() async
}

/// A stack of screens: push to go deeper, pop to come back.
@MainActor
public protocol NavigationCoordinator: Coordinator {
    /// The environment screens on this stack are built with.
    var environment: any Environment { get }
    /// Bottom first; never empty once started.
    var stack: [any Screen] { get }
    /// The descriptor of each screen on the stack, bottom first: what a deep link to it says.
    var descriptors: [any ScreenDescriptor] { get }
    /// Resolves the descriptor through `environment` and puts its screen on top.
    func show(_ descriptor: any ScreenDescriptor) async
    /// Goes back one screen; the screen below appears again (and may refresh).
    func pop() async
}

extension NavigationCoordinator {
    public var topScreen: (any Screen)? { stack.last }

    /// Carries out what a screen asked for.
    public func perform(_ navigation: Navigation) async {
        switch navigation {
        case .show(let descriptor): await show(descriptor)
        case .pop: await pop()
        }
    }
}

/// Tabs, each a navigation stack of its own.
@MainActor
public protocol TabCoordinator: Coordinator {
    associatedtype Tab: NavigationCoordinator
    var tabs: [Tab] { get }
    var selectedIndex: Int { get }
    func select(tabAt index: Int) async
}

extension TabCoordinator {
    public var selectedTab: Tab? { tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil }
}
