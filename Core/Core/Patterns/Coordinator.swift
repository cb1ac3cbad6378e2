/// Navigation logic out of the screens (the Coordinator pattern). A coordinator owns a part of the UI (its
/// presenter: a stack of screens, a set of tabs), starts what it shows, and decides what the
/// requests of its screens mean. Screens never see coordinators: they answer an event with a
/// `Navigation` (`.show(descriptor)`, `.pop`, `.finish(result)`), and the coordinator of their
/// stack carries it out.
@MainActor
public protocol Coordinator: AnyObject {
    func start() async
}

/// A stack of screens, the presenter of a navigation coordinator (UIKit's
/// `UINavigationController`): the runner's `StackNavigator`, or CoreTesting's `RecordingScreenStack`.
@MainActor
public protocol ScreenStack: AnyObject {
    /// The environment screens on this stack are built with.
    var environment: any Environment { get }
    /// Bottom first; never empty once started.
    var stack: [any Screen] { get }
    /// The descriptor of each screen on the stack, bottom first: what a deep link to it says.
    var descriptors: [any ScreenDescriptor] { get }
    /// Resolves the descriptor through `environment`, puts its screen on top and lets it appear.
    func show(_ descriptor: any ScreenDescriptor) async
    /// Goes back one screen; the screen below appears again (and may refresh). The bottom one stays.
    func pop() async
    /// Removes every screen above the first `depth` (the bottom one always stays) without making
    /// the new top appear: a coordinator ending a flow hands the new top the flow's result instead.
    func close(toDepth depth: Int)
}

extension ScreenStack {
    public var topScreen: (any Screen)? { stack.last }

    /// How many screens are on the stack.
    public var depth: Int { stack.count }

    /// What a stack does with a request when no coordinator decides (a sandbox): `.show` pushes,
    /// `.pop` goes back, and `.finish` closes the finished screen and hands its result to the
    /// screen below, then carries out what that screen asks next.
    public func perform(_ navigation: Navigation) async {
        switch navigation {
        case .show(let descriptor):
            await show(descriptor)
        case .pop:
            await pop()
        case .finish(let result):
            guard depth > 1 else { return }
            close(toDepth: depth - 1)
            await deliver(result)
        }
    }

    /// Hands a finished flow's result to the screen on top, and carries out where it asks to go.
    public func deliver(_ result: FlowResult) async {
        guard let requester = topScreen, let next = await requester.handle(.flowFinished(result)) else { return }
        await perform(next)
    }
}

/// A coordinator presenting on one stack (a navigation coordinator): every request of
/// a screen on its stack comes to `navigate(_:)`, which decides what it means (push the screen,
/// start a child flow, switch tabs) and does it.
@MainActor
public protocol NavigationCoordinator: Coordinator {
    associatedtype Navigator: ScreenStack
    /// The stack this coordinator shows its screens on.
    var navigator: Navigator { get }
    /// A screen on this coordinator's stack asked to go somewhere.
    func navigate(_ navigation: Navigation) async
    /// The stack lost screens, possibly without asking (the person went back): `depth` are left.
    /// A child flow whose screens are gone is over.
    func screensWereRemoved(leaving depth: Int)
}

extension NavigationCoordinator {
    public func screensWereRemoved(leaving depth: Int) {}
}

/// A child coordinator (a parent's entry in `childCoordinators`): a flow a parent starts on the
/// parent's own stack, whose screens' requests come to it, and which finishes once, handing a
/// result to its parent through `onFinish`. The parent knows flows only by this protocol, so any
/// flow can be a child (the ingredient chooser is one) without the parent naming its type.
@MainActor
public protocol FlowCoordinator: NavigationCoordinator {
    /// How many screens were on the stack when the flow started: its own are above them.
    var baseDepth: Int { get }
    /// Set by the parent before `start()`; called once, when the flow finishes, with its result.
    var onFinish: (@MainActor (FlowResult) async -> Void)? { get set }
}

/// Tabs, each with a navigation coordinator of its own (a tab bar coordinator).
@MainActor
public protocol TabCoordinator: Coordinator {
    /// One per tab, in tab order.
    var children: [any NavigationCoordinator] { get }
    var selectedIndex: Int { get }
    func select(tabAt index: Int) async
    /// Shows the screen a deep link names on the tab it belongs to, with a back stack that makes sense.
    func open(_ descriptor: any ScreenDescriptor) async
}

extension TabCoordinator {
    public var selectedChild: (any NavigationCoordinator)? {
        children.indices.contains(selectedIndex) ? children[selectedIndex] : nil
    }
}
