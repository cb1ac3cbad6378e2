import Core

/// A navigation stack of screens (UIKit's `UINavigationController`): the presenter a navigation
/// coordinator shows its screens on. Its root is a screen descriptor, resolved like any other.
/// Every entry keeps the descriptor it was resolved from, so the stack can say which screen
/// (and deep link) is shown. It never becomes empty once started: popping the root is refused.
///
/// What its screens ask for goes to its `coordinator` (the app's tab coordinators); a stack
/// without one (a sandbox) carries the requests out itself (`perform`).
@MainActor
public final class StackNavigator {
    /// One screen on the stack and the descriptor it was resolved from.
    public struct Entry {
        public let descriptor: any ScreenDescriptor
        public let screen: AnyScreen
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
    var appearance: (@MainActor (AnyScreen) -> Void)?

    public init(title: String, environment: any Environment, root: any ScreenDescriptor) {
        self.title = title
        self.environment = environment
        self.root = root
    }

    /// Bottom first; never empty once started.
    public var stack: [AnyScreen] { entries.map(\.screen) }
    /// The descriptor of each screen on the stack, bottom first: what a deep link to it says.
    public var descriptors: [any ScreenDescriptor] { entries.map(\.descriptor) }
    public var topScreen: AnyScreen? { entries.last?.screen }
    /// How many screens are on the stack.
    public var depth: Int { entries.count }
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

    /// Removes every screen above the first `depth` (the bottom one always stays) without making
    /// the new top appear: a coordinator ending a flow hands the new top the flow's result instead.
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
            guard let requester = topScreen, let next = await requester.handle(.flowFinished(result)) else { return }
            await perform(next)
        }
    }

    // The halves of start, show and pop that happen at once, for the full-screen UI: it
    // changes the stack as soon as a key asks, and lets the screen appear (load) meanwhile.

    /// Puts the root screen on the empty stack and returns it, to appear; nil once started.
    func placeRoot() -> AnyScreen? {
        guard entries.isEmpty else { return nil }
        return place(root)
    }

    /// Resolves a descriptor through the environment and puts its screen on top, as the runner
    /// holds it (`AnyScreen`), watching its changes, and tells the runner. Returns the screen, to appear.
    @discardableResult
    func place(_ descriptor: any ScreenDescriptor) -> AnyScreen {
        let screen = environment.resolve(descriptor).erased
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

    private func appear(_ screen: AnyScreen) async {
        if let appearance {
            appearance(screen)
        } else {
            await screen.appear()
        }
    }

    /// The titles of the stack's screens, root first: the breadcrumb.
    public var path: [String] { stack.map { $0.content.title } }
}

/// What decides where a stack's screens go (a navigation coordinator): every request of a screen
/// on the stack comes to `navigate(_:)`, which decides what it means (push the screen, start a
/// child flow, switch tabs) and does it. Screens never see it: they answer events with a
/// `Navigation`.
@MainActor
public protocol NavigationCoordinator: AnyObject {
    /// A screen on this coordinator's stack asked to go somewhere.
    func navigate(_ navigation: Navigation) async
    /// The stack lost screens, possibly without asking (the person went back): `depth` are left.
    /// A child flow whose screens are gone is over.
    func screensWereRemoved(leaving depth: Int)
}
