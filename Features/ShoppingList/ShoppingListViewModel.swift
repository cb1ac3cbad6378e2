import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shopping list's logic. Every change is saved first and shown after, so the screen
/// never shows an item the store does not have.
@MainActor
final class ShoppingListViewModel: ScreenViewModel {
    private(set) var state = ShoppingListState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let interactor: ShoppingListInteractor

    init(interactor: ShoppingListInteractor) {
        self.interactor = interactor
    }

    func load() async {
        interactor.logPageView()
        do {
            state.phase = .loaded(try await interactor.items())
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
            try await interactor.add(name: name)
            state.notAdded.removeAll { $0.id == id }
            return "Added “\(name)”."
        }
        guard !added else { return }
        if id == nil { state.notAdded.append(ShoppingListState.NotAdded(id: interactor.newID(), name: name)) }
        state.notice = (state.notice ?? "") + " “\(name)” is kept below: press Enter on it to try again."
    }

    func toggle(_ id: UUID) async {
        guard var item = state.items.first(where: { $0.id == id }) else { return }
        item.isChecked.toggle()
        await change("update “\(item.name)”") {
            try await interactor.save(item)
            return nil
        }
    }

    func delete(_ id: UUID) async {
        guard let item = state.items.first(where: { $0.id == id }) else { return }
        await change("remove “\(item.name)”") {
            try await interactor.delete([item])
            return "Removed “\(item.name)”."
        }
    }

    func clearChecked() async {
        let checked = state.items.filter(\.isChecked)
        guard !checked.isEmpty else { return }
        await change("clear the checked items") {
            try await interactor.delete(checked)
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
            state.phase = .loaded(try await interactor.items())
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "reload the shopping list"))
        }
        state.notice = notice
        return true
    }
}
