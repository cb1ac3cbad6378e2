import Core
import TerminalRunner

/// The app's root (the app coordinator, which owns the window and a root coordinator):
/// it owns the main tabs, gives the runner their tab bar to show, starts them, and routes
/// `--open` links into them. The runner holds it for the whole run.
@MainActor
final class AppCoordinator: RootCoordinator {
    let root: MainTabCoordinator

    init(root: MainTabCoordinator) {
        self.root = root
    }

    convenience init(environment: any Environment) {
        self.init(root: MainTabCoordinator(environment: environment))
    }

    /// What the runner shows: the tabs' tab bar (UIKit's `window.rootViewController`).
    var tabBar: TabBar { root.tabBar }

    func start() async {
        await root.start()
    }

    func open(_ descriptor: any ScreenDescriptor) async {
        await root.open(descriptor)
    }
}
