import Core

/// A child flow (a child coordinator, kept in its parent's `childCoordinators`): it shows its
/// screens on its parent's stack, their requests come to it, and it finishes once, handing a
/// result to its parent through `onFinish`. A parent knows flows only by this protocol, so any
/// flow can be a child (the ingredient chooser is one) without the parent naming its type.
@MainActor
protocol FlowCoordinator: AnyObject {
    /// How many screens were on the stack when the flow started: its own are above them.
    var baseDepth: Int { get }
    /// Set by the parent before `start()`; called once, when the flow finishes, with its result.
    var onFinish: (@MainActor (FlowResult) async -> Void)? { get set }
    /// Shows the flow's first screen.
    func start() async
    /// A screen of the flow asked to go somewhere.
    func navigate(_ navigation: Navigation) async
}
