import Core
import CoreTesting
import Favorites
import SandboxSupport

// Favorites alone, on fixtures; every other feature's screen is a labelled placeholder.
let status = await Sandbox.main(
    feature: "Favorites",
    scenarios: [.aYearLater],
    link: { $0.register(Screens.Favorites.self, FavoritesFeature.makeScreen) },
    root: Screens.Favorites(),
    // Removing a favorite says so.
    gallery: [.screen(Screens.Favorites(), scripts: [.run(["delete 1"], in: ["default"])])]
)
Sandbox.exit(status)
