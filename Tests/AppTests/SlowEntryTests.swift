import Core
import CoreTesting
import Foundation
import TerminalRunner
import Testing

@testable import App

/// The shopping list at the full screen (keys through `SessionController`) on stores that wait
/// until the test lets time pass, as `ShoppingListSandbox --scenario slow` does, or as a database
/// another program holds locked: what is typed after Enter is the next item, whatever the wait.
@MainActor
@Suite("Typing into the shopping list while its store is slow")
struct SlowEntryTests {
    let gate = SleepGate(holding: true)

    /// The shopping list of the `slow` scenario, its store changed by `store` if given, with the
    /// focus in "+ Add item".
    func start(store: ((any Repository<ShoppingItem>, any WallClock) -> any Repository<ShoppingItem>)? = nil) async throws
        -> (SessionController, StubEnvironment)
    {
        let clock = TestClock(sleeping: .custom { [gate] in try await gate.sleep(for: $0) })
        var environment = try await Scenario.slow.makeEnvironment(clock: clock)
        if let store { environment = environment.overriding(\.shoppingList, with: store(environment.shoppingList, clock)) }
        let features = AppResolver(
            exportDirectory: FileManager.default.temporaryDirectory,
            about: LegacyAboutPage.Facts(version: "test", dataDirectory: "", recipeSource: ""))
        environment.stubResolver.register(Screens.ShoppingList.self) { descriptor, environment in
            features.buildShoppingList(descriptor, in: environment)
        }
        let tabBar = TabBar(StackNavigator(title: "Shopping list", environment: environment, root: Screens.ShoppingList()))
        let controller = SessionController(tabBar: tabBar, rows: 30, columns: 80)
        controller.enqueue { await tabBar.start() }
        try await letTimePass(until: controller)
        _ = controller.handle(.character("/"))
        return (controller, environment)
    }

    func type(_ text: String, into controller: SessionController) {
        for character in text { _ = controller.handle(character == "\n" ? .enter : .character(character)) }
    }

    /// Releases held sleeps until the controller's work is done.
    func letTimePass(until controller: SessionController) async throws {
        try await Waiting.until("the screen's work to finish") {
            gate.releaseAll()
            return controller.isSettled
        }
    }

    /// Waits until a store call is being held: an item is being saved.
    func waitForASave() async throws {
        try await Waiting.until("an item to be saved") { gate.heldCount > 0 }
    }

    func stored(_ environment: StubEnvironment) async throws -> [String] {
        let reading = Task { try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)]).map(\.name) }
        try await Waiting.until("the store to be read") { gate.heldCount > 0 }
        gate.releaseAll()
        return try await reading.value
    }

    func lines(_ controller: SessionController) -> [String] { controller.render().frame.text }

    @Test("“tea⏎jam⏎” typed while “tea” is saved: the field shows “jam”, and tea and jam are stored")
    func typingDuringASave() async throws {
        let (controller, environment) = try await start()
        let before = try await stored(environment)

        type("tea\n", into: controller)
        try await waitForASave()
        #expect(lines(controller).contains { $0.hasPrefix(">[✎] + Add item: ▏") }, "\(lines(controller))")
        #expect(lines(controller).contains("* Adding “tea”…"))
        type("jam", into: controller)
        #expect(lines(controller).contains { $0.hasPrefix(">[✎] + Add item: jam▏") })
        type("\n", into: controller)
        try await letTimePass(until: controller)

        #expect(try await stored(environment) == before + ["tea", "jam"])
        #expect(lines(controller).contains("* Added “jam”."))
    }

    @Test("a paste of four lines on the slow store: four items, each whole")
    func pastedLines() async throws {
        let (controller, environment) = try await start()
        let before = try await stored(environment)

        type("milk\ndates\nbread\nquinoa\n", into: controller)
        try await letTimePass(until: controller)

        #expect(try await stored(environment) == before + ["milk", "dates", "bread", "quinoa"])
    }

    @Test("a save that fails while the next item is typed: the next item stays in the field, the failed one in a row to try again")
    func failureWhileTyping() async throws {
        let flaky = FlakyRepository<ShoppingItem>(failsWrites: true)
        let (controller, _) = try await start { _, clock in SlowRepository(flaky, delay: .milliseconds(500), clock: clock) }

        type("tea\n", into: controller)
        try await waitForASave()
        type("jam", into: controller)
        try await letTimePass(until: controller)
        #expect(lines(controller).contains { $0.hasPrefix(">[✎] + Add item: jam▏") }, "\(lines(controller))")
        #expect(lines(controller).contains { $0.contains("<Add “tea” again> · not saved yet") })
        #expect(await flaky.stored().isEmpty)

        await flaky.setFailing(reads: false, writes: false)
        type("\n", into: controller)
        try await letTimePass(until: controller)
        _ = controller.handle(.up)
        _ = controller.handle(.enter)
        try await letTimePass(until: controller)

        #expect(await flaky.stored(sort: [.ascending(.position)]).map(\.name) == ["jam", "tea"])
        #expect(!lines(controller).contains { $0.contains("again") })
    }
}
