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

    func addDraft() async {
        let name = state.draft.trimmingWhitespace
        guard !name.isEmpty else {
            state.notice = "Type what to buy, then press Enter."
            return
        }
        await change("add “\(name)”") {
            try await interactor.add(name: name)
            state.draft = ""
            return "Added “\(name)”."
        }
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

    /// Runs a store change, then shows the list as stored. If the change fails, the list
    /// (and the draft) stay as they were and the notice says what went wrong; if only the
    /// reload fails, the change is reported done and the list offers a retry.
    private func change(_ action: String, _ body: () async throws -> String?) async {
        let notice: String?
        do {
            notice = try await body()
        } catch {
            state.notice = ScreenFailure(error, whileTrying: action).messageWithRecovery
            return
        }
        do {
            state.phase = .loaded(try await interactor.items())
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "reload the shopping list"))
        }
        state.notice = notice
    }
}
