import Core
import CoreTesting
import Foundation
import Testing

@testable import ShoppingList

/// Where added items go when the list is changed from more than one place at once (two tabs,
/// two programs on one database): each item gets a place of its own, in the order added.
@MainActor
@Suite("Shopping list positions")
struct ShoppingListPositionTests {
    let environment = StubEnvironment()

    @Test("two lists on one store add in turn, each from what it last loaded: every item has a place of its own, in the order added")
    func twoListsOneStore() async throws {
        let first = ShoppingListFeature.makeScreen(Screens.ShoppingList(), environment: environment) as! any Screen<ShoppingListRow>
        let second = ShoppingListFeature.makeScreen(Screens.ShoppingList(), environment: environment) as! any Screen<ShoppingListRow>
        await first.appear()
        await second.appear()

        for (index, name) in ["milk", "eggs", "bread", "tea", "jam", "rice"].enumerated() {
            await add(name, on: index.isMultiple(of: 2) ? first : second)
        }

        let stored = try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)])
        #expect(stored.map(\.position) == Array(0..<6))
        #expect(stored.map(\.name) == ["milk", "eggs", "bread", "tea", "jam", "rice"])
    }

    @Test("adds made at the same time on a slow store: distinct places")
    func concurrentAdds() async throws {
        let slow = environment.overriding(
            \.shoppingList, with: SlowRepository(environment.shoppingList, delay: .milliseconds(1), clock: environment.clock))
        let screens = (0..<4).map { _ in
            ShoppingListFeature.makeScreen(Screens.ShoppingList(), environment: slow) as! any Screen<ShoppingListRow>
        }
        for screen in screens { await screen.appear() }

        let adding = screens.enumerated().map { number, screen in
            Task { @MainActor in
                for item in 0..<10 { await add("s\(number)-\(item)", on: screen) }
            }
        }
        for task in adding { await task.value }

        let stored = try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)])
        #expect(Set(stored.map(\.position)).count == 40, "\(stored.map(\.position))")
        for number in 0..<4 {
            let own = stored.filter { $0.name.hasPrefix("s\(number)-") }.map(\.name)
            #expect(own == (0..<10).map { "s\(number)-\($0)" }, "each screen's items in the order it added them")
        }
    }
}
