import Core
import TerminalRunner

/// The child flow that chooses which of a recipe's ingredients go on the shopping list: a child
/// coordinator, so the recipe that asks knows nothing of the chooser's screens, only of the
/// result it gets back. It shows the chooser on its parent's stack, and the chooser's
/// requests come to it. When the chooser finishes, it closes its screens and returns the result
/// to its parent (`onFinish`), which hands it to the recipe that asked.
@MainActor
final class ChooseIngredientsCoordinator: FlowCoordinator {
    let navigator: StackNavigator
    let descriptor: Screens.ChooseIngredients
    /// How many screens were on the stack when the flow started: its own are above them.
    private(set) var baseDepth: Int
    /// Called once, when the flow finishes.
    var onFinish: (@MainActor (FlowResult) async -> Void)?

    init(navigator: StackNavigator, descriptor: Screens.ChooseIngredients) {
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
