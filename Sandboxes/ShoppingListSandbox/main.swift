import Core
import CoreTesting
import SandboxSupport
import ShoppingList

// ShoppingList alone, on fixtures; every other feature's screen is a labelled placeholder.
let status = await Sandbox.main(
    feature: "ShoppingList",
    scenarios: [.longList],
    link: { $0.register(Screens.ShoppingList.self, ShoppingListFeature.makeScreen) },
    root: Screens.ShoppingList()
)
Sandbox.exit(status)
