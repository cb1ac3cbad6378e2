import Core
import CoreTesting
import Foundation
import Testing

@testable import ShoppingList

/// A screen shows the list as it was when it loaded; another screen or program may change the
/// store after that. A change made on the older screen applies to what is stored now and never
/// brings back an item removed elsewhere.
@MainActor
@Suite("Shopping list changes from a screen that is out of date")
struct StaleScreenTests {
    let environment = StubEnvironment()
    var store: any Repository<ShoppingItem> { environment.shoppingList }
    let apple = ShoppingItem(id: UUID(), name: "apples", amount: "2", position: 0)
    let bread = ShoppingItem(id: UUID(), name: "bread", isChecked: true, position: 1)

    func screenShowing(_ items: [ShoppingItem]) async throws -> any Screen<ShoppingListRow> {
        try await store.save(items)
        let screen = ShoppingListFeature.makeScreen(Screens.ShoppingList(), environment: environment) as! any Screen<ShoppingListRow>
        await screen.appear()
        #expect(screen.content.itemLabels == items.map(\.name))
        return screen
    }

    @Test("checking or unchecking an item removed elsewhere stores nothing, says so and shows the list as stored")
    func toggleRemovedItem() async throws {
        for item in [apple, bread] {
            let screen = try await screenShowing([apple, bread])
            try await store.delete(id: item.id)

            _ = await screen.handle(.toggle(row: .item(item.id)))

            #expect(try await store.find(id: item.id) == nil, "\(item.name) stays removed")
            #expect(screen.content.notice?.contains("this item was removed elsewhere") == true, "\(screen.content.notice ?? "no notice")")
            #expect(screen.content.notice?.hasPrefix("Couldn't \(item.isChecked ? "uncheck" : "check") “\(item.name)”") == true)
            #expect(!screen.content.itemLabels.contains(item.name))
            #expect(environment.recorder.events.isEmpty, "nothing was changed, so nothing is logged as changed")
            try await store.delete(ids: [apple.id, bread.id])
        }
    }

    @Test("checking an item changed elsewhere keeps the other program's changes and checks it")
    func toggleChangedItem() async throws {
        let screen = try await screenShowing([apple])
        var changed = apple
        changed.amount = "5"
        changed.name = "green apples"
        try await store.save(changed)

        _ = await screen.handle(.toggle(row: .item(apple.id)))

        let stored = try #require(try await store.find(id: apple.id))
        #expect(stored.isChecked)
        #expect(stored.amount == "5")
        #expect(stored.name == "green apples")
        #expect(screen.content.row(id: .item(apple.id))?.plainText == "[x] green apples · 5")
    }

    @Test("a toggle sets what the screen shows after it: an item checked elsewhere and checked here stays checked")
    func toggleSetsWhatTheScreenShows() async throws {
        let screen = try await screenShowing([apple])
        _ = try await store.update(id: apple.id) { $0.isChecked = true }

        _ = await screen.handle(.toggle(row: .item(apple.id)))

        #expect(try await store.find(id: apple.id)?.isChecked == true)
    }

    @Test("removing an item removed elsewhere says it was already removed")
    func deleteRemovedItem() async throws {
        let screen = try await screenShowing([apple, bread])
        try await store.delete(id: apple.id)

        _ = await screen.handle(.delete(row: .item(apple.id)))

        #expect(screen.content.notice == "“apples” was already removed elsewhere (by another program or screen).")
        #expect(screen.content.itemLabels == ["bread"])
    }

    @Test("clearing the checked items leaves one unchecked elsewhere, and says so")
    func clearCheckedKeepsWhatIsNoLongerChecked() async throws {
        var cheese = ShoppingItem(id: UUID(), name: "cheese", isChecked: true, position: 2)
        let screen = try await screenShowing([apple, bread, cheese])
        cheese.isChecked = false
        try await store.save(cheese)

        _ = await screen.handle(.activate(row: .clearChecked))

        let names = try await store.findAll(.all, sort: [.ascending(.position)]).map(\.name)
        #expect(names == ["apples", "cheese"])
        #expect(
            screen.content.notice
                == "Cleared 1 checked item. 1 was already removed or unchecked elsewhere (by another program or screen).")
        #expect(screen.content.itemLabels == ["apples", "cheese"])
    }
}
