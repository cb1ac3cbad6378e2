import Core

/// A screen stack that keeps a log: the `ScreenStack` double, for testing coordinators and the
/// transitions they share without a runner. Screens are resolved through its environment (a
/// `StubEnvironment` answers with labelled placeholders unless a builder is set) and appear at once.
@MainActor
public final class RecordingScreenStack: ScreenStack {
    /// One thing done to the stack, with screens named by their descriptors.
    public enum Change: Hashable, Sendable {
        case show(String)
        case pop
        case close(toDepth: Int)
    }

    public let environment: any Environment
    public private(set) var stack: [any Screen] = []
    public private(set) var descriptors: [any ScreenDescriptor] = []
    /// What was done to the stack since it was made, oldest first.
    public private(set) var changes: [Change] = []
    /// Told when screens are removed, as the runner's stack tells its coordinator.
    public weak var coordinator: (any NavigationCoordinator)?

    /// - Parameter root: placed at the bottom at once, without appearing and without a `Change`,
    ///   so `changes` holds only what happened after.
    public init(environment: any Environment, root: (any ScreenDescriptor)? = nil) {
        self.environment = environment
        if let root { place(root) }
    }

    /// The stack's screens by descriptor, bottom first: `["Screens.Feed()", "Screens.RecipeDetails(recipeID: 1)"]`.
    public var path: [String] { descriptors.map(\.description) }

    public func show(_ descriptor: any ScreenDescriptor) async {
        changes.append(.show(descriptor.description))
        await place(descriptor).appear()
    }

    public func pop() async {
        changes.append(.pop)
        guard stack.count > 1 else { return }
        stack.removeLast()
        descriptors.removeLast()
        coordinator?.screensWereRemoved(leaving: stack.count)
        await stack.last?.appear()
    }

    public func close(toDepth depth: Int) {
        changes.append(.close(toDepth: depth))
        let kept = max(1, depth)
        guard stack.count > kept else { return }
        stack.removeLast(stack.count - kept)
        descriptors.removeLast(descriptors.count - kept)
        coordinator?.screensWereRemoved(leaving: stack.count)
    }

    @discardableResult
    private func place(_ descriptor: any ScreenDescriptor) -> any Screen {
        let screen = environment.resolve(descriptor)
        stack.append(screen)
        descriptors.append(descriptor)
        return screen
    }
}

/// A navigation coordinator that records what it is asked: the `Coordinator` double. It carries
/// requests out on its `RecordingScreenStack` as a stack does by itself (`perform`), and holds
/// child coordinators as a parent coordinator does, so a test can make it the parent of a flow.
@MainActor
public final class RecordingCoordinator: NavigationCoordinator {
    /// A request a screen made, with screens named by their descriptors.
    public enum Request: Hashable, Sendable {
        case show(String)
        case pop
        case finish(FlowResult)
    }

    public let navigator: RecordingScreenStack
    /// Child coordinators it started and has not seen finish.
    public var childCoordinators: [any FlowCoordinator] = []
    public private(set) var startCount = 0
    /// Every request `navigate` was given, oldest first.
    public private(set) var requests: [Request] = []
    /// The depths the stack was left at each time it told this coordinator it lost screens.
    public private(set) var removals: [Int] = []

    public init(navigator: RecordingScreenStack) {
        self.navigator = navigator
        navigator.coordinator = self
    }

    /// A coordinator over a new recording stack rooted at `root`.
    public convenience init(environment: any Environment, root: (any ScreenDescriptor)? = nil) {
        self.init(navigator: RecordingScreenStack(environment: environment, root: root))
    }

    public func start() async {
        startCount += 1
    }

    public func navigate(_ navigation: Navigation) async {
        switch navigation {
        case .show(let descriptor): requests.append(.show(descriptor.description))
        case .pop: requests.append(.pop)
        case .finish(let result): requests.append(.finish(result))
        }
        await navigator.perform(navigation)
    }

    public func screensWereRemoved(leaving depth: Int) {
        removals.append(depth)
    }
}
