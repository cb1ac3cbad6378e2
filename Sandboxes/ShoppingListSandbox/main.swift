import Core
import CoreTesting
import SandboxSupport
import ShoppingList

// ShoppingList alone, on fixtures; every other feature's screen is a labelled placeholder.
let status = await Sandbox.main(
    feature: "ShoppingList",
    scenarios: [.longList],
    link: { $0.register(Screens.ShoppingList.self, ShoppingListFeature.makeScreen) },
    root: Screens.ShoppingList(),
    // Adding an item says so while it is saved.
    gallery: [.screen(Screens.ShoppingList(), scripts: [.run(["type tea"], in: ["default"])])]
)
Sandbox.exit(status)
