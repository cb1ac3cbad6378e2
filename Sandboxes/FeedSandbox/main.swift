import Core
import CoreTesting
import Feed
import SandboxSupport

// Feed alone, on fixtures; every other feature's screen is a labelled placeholder.
let status = await Sandbox.main(
    feature: "Feed",
    scenarios: [.nothingNew, .offlineEmpty],
    link: { $0.register(Screens.Feed.self, FeedFeature.makeScreen) },
    root: Screens.Feed()
)
Sandbox.exit(status)
