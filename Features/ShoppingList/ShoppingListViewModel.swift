import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shopping list's logic. Every change is saved first and shown after, so the screen
/// never shows an item the store does not have. Its side effects (the shopping-list store, ids,
/// the logs) go through the environment.
@MainActor
final class ShoppingListViewModel: ScreenViewModel {
    private(set) var state = ShoppingListState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let environment: any Environment

    init(environment: any Environment) {
        self.environment = environment
    }

    func load() async {
        environment.pageViewLogger.log(PageView("shopping_list"))
        do {
            state.phase = .loaded(try await storedItems())
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load the shopping list"))
        }
    }

    func edit(draft: String) {
        state.draft = draft
    }

    /// Saves what was typed as the next item. The field is emptied at once: keys typed while
    /// it is saved belong to the next item. An entry that cannot be saved is kept as a row of
    /// its own to try again, so it never mixes with what is typed next.
    func addDraft() async {
        let name = state.draft.trimmingWhitespace
        guard !name.isEmpty else {
            state.notice = "Type what to buy, then press Enter."
            return
        }
        state.draft = ""
        await add(name, tryingAgain: nil)
    }

    /// Tries an entry that was not added once more; it stays listed until it is saved.
    func addAgain(_ id: UUID) async {
        guard let entry = state.notAdded.first(where: { $0.id == id }) else { return }
        await add(entry.name, tryingAgain: id)
    }

    /// Gives up an entry that was not added.
    func dropNotAdded(_ id: UUID) {
        guard let entry = state.notAdded.first(where: { $0.id == id }) else { return }
        state.notAdded.removeAll { $0.id == id }
        state.notice = "Dropped “\(entry.name)”: it was not added."
    }

    private func add(_ name: String, tryingAgain id: UUID?) async {
        state.notice = "Adding “\(name)”…"
        let added = await change("add “\(name)”") {
            // At the end of the list: the store numbers it, so adds made meanwhile elsewhere
            // (another tab, another program) never take the same place.
            let item = ShoppingItem(id: environment.ids.next(), name: name, position: 0)
            _ = try await environment.shoppingList.append([item], numbering: .position) { $0.position = $1 }
            environment.activityLogger.log(ActivityEvent("shopping_item_add", payload: ["name": name]))
            state.notAdded.removeAll { $0.id == id }
            return "Added “\(name)”."
        }
        guard !added else { return }
        if id == nil { state.notAdded.append(ShoppingListState.NotAdded(id: environment.ids.next(), name: name)) }
        state.notice = (state.notice ?? "") + " “\(name)” is kept below: press Enter on it to try again."
    }

    func toggle(_ id: UUID) async {
        guard var item = state.items.first(where: { $0.id == id }) else { return }
        item.isChecked.toggle()
        await change("update “\(item.name)”") {
            try await environment.shoppingList.save(item)
            environment.activityLogger.log(
                ActivityEvent(item.isChecked ? "shopping_item_check" : "shopping_item_uncheck", payload: ["name": item.name]))
            return nil
        }
    }

    func delete(_ id: UUID) async {
        guard let item = state.items.first(where: { $0.id == id }) else { return }
        await change("remove “\(item.name)”") {
            try await delete([item])
            return "Removed “\(item.name)”."
        }
    }

    func clearChecked() async {
        let checked = state.items.filter(\.isChecked)
        guard !checked.isEmpty else { return }
        await change("clear the checked items") {
            try await delete(checked)
            return "Cleared \(checked.count) checked \(checked.count == 1 ? "item" : "items")."
        }
    }

    /// Runs a store change, then shows the list as stored. If the change fails, the list stays
    /// as it was and the notice says what went wrong; if only the reload fails, the change is
    /// reported done and the list offers a retry. Returns whether the change was saved.
    @discardableResult
    private func change(_ action: String, _ body: () async throws -> String?) async -> Bool {
        let notice: String?
        do {
            notice = try await body()
        } catch {
            state.notice = ScreenFailure(error, whileTrying: action).messageWithRecovery
            return false
        }
        do {
            state.phase = .loaded(try await storedItems())
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "reload the shopping list"))
        }
        state.notice = notice
        return true
    }

    /// In list order.
    private func storedItems() async throws -> [ShoppingItem] {
        try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)])
    }

    private func delete(_ items: [ShoppingItem]) async throws {
        try await environment.shoppingList.delete(ids: items.map(\.id))
        environment.activityLogger.log(ActivityEvent("shopping_item_delete", payload: ["count": String(items.count)]))
    }
}
