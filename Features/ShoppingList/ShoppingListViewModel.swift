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

    /// Saves `typed` (what Enter handed over) as the next item. The field is the UI's to empty
    /// at Enter (the row clears on submit), so keys typed while it is saved, the next item, stay
    /// in it. An entry that cannot be saved is kept as a row of its own to try again, so it never
    /// mixes with what is typed next.
    func add(typed: String) async {
        let name = typed.trimmingWhitespace
        guard !name.isEmpty else {
            state.notice = "Type what to buy, then press Enter."
            return
        }
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

    /// Adds what was typed to the list (`Environment.addToShoppingList(typed:)`) and says what
    /// the row of that ingredient holds now; an entry that fails is kept to try again.
    private func add(_ name: String, tryingAgain id: UUID?) async {
        state.notice = "Adding “\(name)”…"
        let added = await change("add “\(name)”") {
            let (addition, rows) = try await environment.addToShoppingList(typed: name)
            state.notAdded.removeAll { $0.id == id }
            guard let row = rows.first, row.id != addition.id, !row.amount.isEmpty else { return "Added “\(name)”." }
            return "Added “\(name)”: \(row.amount) \(row.displayName) on the list now."
        }
        guard !added else { return }
        if id == nil { state.notAdded.append(ShoppingListState.NotAdded(id: environment.ids.next(), name: name)) }
        state.notice = (state.notice ?? "") + " “\(name)” is kept below: press Enter on it to try again."
    }

    /// Checks or unchecks the item as it is stored now: another program may have changed it
    /// since this screen showed it (its other fields keep their stored values) or removed it
    /// (then nothing is stored, and the screen says so).
    func toggle(_ id: UUID) async {
        guard let shown = state.items.first(where: { $0.id == id }) else { return }
        let isChecked = !shown.isChecked
        await change("\(isChecked ? "check" : "uncheck") “\(shown.name)”") {
            try await environment.setChecked(id, to: isChecked)
            return nil
        }
    }

    /// Takes off the list what a recipe added, and says how many rows changed.
    func takeOff(_ recipeID: Recipe.ID) async {
        let title = ShoppingListItemsTranslator.recipes(of: state.items).first { $0.id == recipeID }?.title ?? "recipe \(recipeID)"
        await change("take “\(title)” off the list") {
            let changed = try await environment.takeOffShoppingList(recipeID, titled: title)
            return "Took “\(title)” off the list: \(changed) \(changed == 1 ? "row" : "rows") changed."
        }
    }

    func delete(_ id: UUID) async {
        guard let item = state.items.first(where: { $0.id == id }) else { return }
        await change("remove “\(item.name)”") {
            let deleted = try await environment.deleteFromShoppingList([item.id])
            return deleted.isEmpty
                ? "“\(item.name)” was already removed elsewhere (by another program or screen)." : "Removed “\(item.name)”."
        }
    }

    /// Removes the items this screen shows checked that are still checked in the store: one
    /// another program unchecked meanwhile stays on the list.
    func clearChecked() async {
        let checked = state.items.filter(\.isChecked)
        guard !checked.isEmpty else { return }
        await change("clear the checked items") {
            let cleared = try await environment.deleteFromShoppingList(checked.map(\.id), onlyIfChecked: true).count
            let notice = "Cleared \(cleared) checked \(cleared == 1 ? "item" : "items")."
            let elsewhere = checked.count - cleared
            guard elsewhere > 0 else { return notice }
            return notice
                + " \(elsewhere) \(elsewhere == 1 ? "was" : "were") already removed or unchecked elsewhere (by another program or screen)."
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
        } catch RepositoryError.removedElsewhere {
            // The list shows what is stored: the item this screen still showed goes.
            await reload()
            state.notice = ScreenFailure(RepositoryError.removedElsewhere, whileTrying: action).messageWithRecovery
            return false
        } catch {
            state.notice = ScreenFailure(error, whileTrying: action).messageWithRecovery
            return false
        }
        await reload()
        state.notice = notice
        return true
    }

    private func reload() async {
        do {
            state.phase = .loaded(try await storedItems())
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "reload the shopping list"))
        }
    }

    /// In list order.
    private func storedItems() async throws -> [ShoppingItem] {
        try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)])
    }
}
