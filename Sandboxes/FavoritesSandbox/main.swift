import Core
import CoreTesting
import Favorites
import SandboxSupport

// Favorites alone, on fixtures; every other feature's screen is a labelled placeholder.
let status = await Sandbox.main(
    feature: "Favorites",
    scenarios: [.aYearLater, .failingDisk],
    link: { $0.register(Screens.Favorites.self, FavoritesFeature.makeScreen) },
    root: Screens.Favorites(),
    // Removing a favorite says so, and so does removing the last one, and one the store refuses,
    // also above the error when the list cannot be read again after that.
    gallery: [
        .screen(
            Screens.Favorites(),
            scripts: [
                .run(["delete 1"], in: ["default", "failing-disk"]), .run(["delete 1", "delete 1"], in: ["default"]),
                .run(["delete 1", "select 1", "back"], in: ["failing-disk"]),
            ])
    ]
)
Sandbox.exit(status)
