import Core

/// The child flow that chooses which of a recipe's ingredients go on the shopping list (seed
/// 002's child coordinator). It shows the chooser on its parent's stack, and the chooser's
/// requests come to it. When the chooser finishes, it closes its screens and returns the result
/// to its parent (`onFinish`), which hands it to the recipe that asked.
@MainActor
final class ChooseIngredientsCoordinator<Navigator: ScreenStack>: NavigationCoordinator {
    let navigator: Navigator
    let descriptor: Screens.ChooseIngredients
    /// How many screens were on the stack when the flow started: its own are above them.
    private(set) var baseDepth: Int
    /// Called once, when the flow finishes.
    var onFinish: (@MainActor (FlowResult) async -> Void)?

    init(navigator: Navigator, descriptor: Screens.ChooseIngredients) {
        self.navigator = navigator
        self.descriptor = descriptor
        baseDepth = navigator.depth
    }

    func start() async {
        baseDepth = navigator.depth
        await navigator.show(descriptor)
    }

    func navigate(_ navigation: Navigation) async {
        switch navigation {
        case .finish(let result):
            navigator.close(toDepth: baseDepth)
            let onFinish = self.onFinish
            self.onFinish = nil
            await onFinish?(result)
        case .show, .pop:
            // A further step of the flow, or back within it (back past its first screen ends it:
            // the parent sees the screens go).
            await navigator.perform(navigation)
        }
    }
}

/// A coordinator that starts child flows (seed 002's `childCoordinators`) and hands each one's
/// result to the screen that was on top when it started.
@MainActor
protocol FlowParent: NavigationCoordinator {
    /// The child coordinators started and not finished yet.
    var childCoordinators: [any Coordinator] { get set }
}

extension FlowParent {
    /// The flows started here, oldest first.
    var flows: [ChooseIngredientsCoordinator<Navigator>] {
        childCoordinators.compactMap { $0 as? ChooseIngredientsCoordinator<Navigator> }
    }

    /// The flow the screen on top belongs to: requests from its screens are the flow's.
    var activeFlow: ChooseIngredientsCoordinator<Navigator>? {
        flows.last { navigator.depth > $0.baseDepth }
    }

    /// Starts `flow` for the screen now on top; when the flow finishes, that screen gets its
    /// result, if it is the one shown again, and what it asks next is carried out here.
    func startFlow(_ flow: ChooseIngredientsCoordinator<Navigator>) async {
        let requester = navigator.topScreen
        let id = ObjectIdentifier(flow)
        flow.onFinish = { [weak self] result in
            guard let self else { return }
            childCoordinators.removeAll { ObjectIdentifier($0) == id }
            guard let requester, requester === navigator.topScreen, let next = await requester.handle(.flowFinished(result)) else {
                return
            }
            await navigate(next)
        }
        childCoordinators.append(flow)
        await flow.start()
    }

    /// Flows whose screens are gone (the person went back past them) are over, with no result.
    func endFlows(leaving depth: Int) {
        let ended = flows.filter { $0.baseDepth >= depth }.map(ObjectIdentifier.init)
        childCoordinators.removeAll { ended.contains(ObjectIdentifier($0)) }
    }
}
