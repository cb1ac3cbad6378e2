import Core

/// Kitchen preferences: the filters search starts with, saved as they change. The same filter
/// items as the search screen, through the same generic field view model; premium items are
/// locked for free users here as there.
@MainActor
final class KitchenPreferencesScreen: TranslatedScreen {
    let viewModel: KitchenPreferencesViewModel
    let translator = KitchenPreferencesTranslator()

    init(viewModel: KitchenPreferencesViewModel) {
        self.viewModel = viewModel
    }

    func appear() async {
        await viewModel.appear()
    }

    func handle(_ event: ScreenEvent<KitchenPreferencesRow>) async -> Navigation? {
        switch event {
        case .toggle(let row), .choose(let row, _):
            if case .preference(let key) = row { await viewModel.change(event, key: key) }
        case .activate(let row):
            switch row {
            case .preference(let key): await viewModel.change(event, key: key)
            case .reset: await viewModel.reset()
            case .about: break
            }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}

/// Everything the preferences screen knows. The translator turns it into content.
struct KitchenPreferencesState: Equatable {
    enum Phase: Equatable {
        case loading
        case loaded
        case failed(ScreenFailure)
    }

    var phase = Phase.loading
    /// The preference rows, as their generic view models draw them.
    var rows: [ScreenRow<KitchenPreferencesRow>] = []
    /// How many preferences differ from "no preference".
    var setCount = 0
    var notice: String?
}

/// The screen's rows, which its events name, and the word on what the preferences do.
enum KitchenPreferencesRow: Hashable, Sendable {
    /// A preference, by its item's key.
    case preference(key: String)
    case reset
    case about
}

/// The preferences to content: one row per item, a word on what they do, and Reset.
struct KitchenPreferencesTranslator: Translator {
    static let title = "Kitchen preferences"

    func translate(_ state: KitchenPreferencesState) -> ScreenContent<KitchenPreferencesRow> {
        switch state.phase {
        case .loading:
            return ScreenContent(title: Self.title, status: .loading("Loading your kitchen preferences…"))
        case .failed(let failure):
            return ScreenContent(title: Self.title, status: .failed(failure), notice: state.notice)
        case .loaded:
            let reset: ScreenRow<KitchenPreferencesRow> =
                state.setCount == 0
                ? ScreenRow(id: .reset, .button("Reset all"), isEnabled: false, note: "nothing set")
                : ScreenRow(id: .reset, .button("Reset all (\(state.setCount) set)"))
            return ScreenContent(
                title: Self.title,
                sections: [
                    ScreenSection(
                        id: "about",
                        rows: [ScreenRow(id: .about, .text("Search starts with these filters; change them there for one search."))]),
                    ScreenSection(id: "preferences", title: "Your kitchen", rows: state.rows),
                    ScreenSection(id: "actions", rows: [reset]),
                ],
                notice: state.notice)
        }
    }
}

/// The preferences' logic: read them, save each change at once, reset.
@MainActor
final class KitchenPreferencesViewModel: ScreenViewModel {
    private(set) var state = KitchenPreferencesState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    /// Every preference in one array, whatever its item type.
    private let fields = FilterFields.kitchenPreferences()
    private let environment: any Environment

    /// Premium filters are offered to premium users only.
    private var isPremium: Bool { environment.userFeatures.isPremium }

    init(environment: any Environment) {
        self.environment = environment
    }

    func appear() async {
        environment.pageViewLogger.log(PageView("kitchen_preferences"))
        await load()
    }

    /// Reads the saved preferences. A saved value that cannot be read is said, and shown as no preference.
    func load() async {
        state.phase = .loading
        do {
            let saved = try await environment.savedKitchenPreferences()
            let unreadable = fields.filter { !$0.restore(stored: saved[$0.key], isPremium: isPremium) }.map(\.title)
            if !unreadable.isEmpty {
                state.notice =
                    "Your saved \(unreadable.map { "“\($0)”" }.joined(separator: ", ")) could not be read and "
                    + (unreadable.count == 1 ? "shows" : "show") + " as no preference; choose again to save it."
            }
            refresh()
            state.phase = .loaded
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load your kitchen preferences"))
        }
    }

    /// A preference changed: save it (no preference deletes it), or put it back and say why not.
    func change(_ event: ScreenEvent<KitchenPreferencesRow>, key: String) async {
        guard let field = fields.first(where: { $0.key == key }) else { return }
        let before = field.storedValue
        guard field.handle(event, isPremium: isPremium) else {
            if field.isLocked(isPremium: isPremium) {
                state.notice = "“\(field.title)” is a premium preference."
            }
            return
        }
        do {
            try await environment.saveKitchenPreference(
                key: field.key, value: field.isActive ? field.storedValue : nil, description: field.valueDescription)
            state.notice =
                "Saved: \(field.title) \(field.isActive ? "is \(field.valueDescription)" : "has no preference"). Search starts there."
        } catch {
            field.restore(stored: before, isPremium: isPremium)
            state.notice = ScreenFailure(error, whileTrying: "save “\(field.title)”").messageWithRecovery
        }
        refresh()
    }

    /// Back to no preferences at all.
    func reset() async {
        let set = fields.filter(\.isActive)
        guard !set.isEmpty else { return }
        do {
            try await environment.resetKitchenPreferences(keys: set.map(\.key))
            for field in set { field.restore(stored: nil, isPremium: isPremium) }
            state.notice = "No preferences now: search starts with every filter off."
        } catch {
            state.notice = ScreenFailure(error, whileTrying: "reset your kitchen preferences").messageWithRecovery
        }
        refresh()
    }

    private func refresh() {
        state.rows = fields.map { $0.row(id: .preference(key: $0.key), isPremium: isPremium) }
        state.setCount = fields.filter(\.isActive).count
    }
}
