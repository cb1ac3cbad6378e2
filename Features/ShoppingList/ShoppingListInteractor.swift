import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every side effect of the shopping list, all through the environment.
struct ShoppingListInteractor {
    let environment: any Environment

    /// In list order.
    func items() async throws -> [ShoppingItem] {
        try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)])
    }

    /// Adds an item at the end of the list; the store numbers it, so adds made meanwhile elsewhere
    /// (another tab, another program) never take the same place.
    func add(name: String) async throws {
        let item = ShoppingItem(id: environment.ids.next(), name: name, position: 0)
        _ = try await environment.shoppingList.append([item], numbering: .position) { $0.position = $1 }
        environment.activityLogger.log(ActivityEvent("shopping_item_add", payload: ["name": name]))
    }

    /// An id for an entry kept on screen.
    func newID() -> UUID {
        environment.ids.next()
    }

    func save(_ item: ShoppingItem) async throws {
        try await environment.shoppingList.save(item)
        environment.activityLogger.log(
            ActivityEvent(item.isChecked ? "shopping_item_check" : "shopping_item_uncheck", payload: ["name": item.name]))
    }

    func delete(_ items: [ShoppingItem]) async throws {
        try await environment.shoppingList.delete(ids: items.map(\.id))
        environment.activityLogger.log(ActivityEvent("shopping_item_delete", payload: ["count": String(items.count)]))
    }

    func logPageView() {
        environment.pageViewLogger.log(PageView("shopping_list"))
    }
}
