import Core

/// A coordinator that starts child flows (its `childCoordinators`) and hands each one's
/// result to the screen that was on top when it started. It knows its children only as
/// `FlowCoordinator`s: the ingredient chooser or any other flow, with no check of a type.
@MainActor
protocol FlowParent: NavigationCoordinator {
    /// The child flows started and not finished yet, oldest first.
    var childCoordinators: [any FlowCoordinator] { get set }
}

extension FlowParent {
    /// The flow the screen on top belongs to: requests from its screens are the flow's. The
    /// newest flow whose screens are still on the stack, so a flow started inside another wins.
    var activeFlow: (any FlowCoordinator)? {
        childCoordinators.last { navigator.depth > $0.baseDepth }
    }

    /// Starts `flow` for the screen now on top; when the flow finishes, that screen gets its
    /// result, if it is the one shown again, and what it asks next is carried out here.
    func startFlow(_ flow: any FlowCoordinator) async {
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
        childCoordinators.removeAll { $0.baseDepth >= depth }
    }
}
