import Core
import CoreTesting
import SandboxSupport
import ShoppingList

// ShoppingList alone, on fixtures; every other feature's screen is a labelled placeholder.
let status = await Sandbox.main(
    feature: "ShoppingList",
    scenarios: [.longList, .failingDisk],
    link: { $0.register(Screens.ShoppingList.self, ShoppingListFeature.makeScreen) },
    root: Screens.ShoppingList(),
    // Adding an item says so while it is saved, and the same ingredient adds up; removing the last
    // one says so too; a removal saved when the list cannot be read again says so above the error.
    gallery: [
        .screen(
            Screens.ShoppingList(),
            scripts: [
                .run(["type tea"], in: ["default"]), .run(["type \"1 l milk\""], in: ["default"]),
                .run(["delete 1", "delete 1", "delete 1"], in: ["default"]), .run(["delete 1"], in: ["failing-disk"]),
            ])
    ]
)
Sandbox.exit(status)
