import Core

/// The screen as runners see it: content from the translator (see `TranslatedScreen`), events to the view model.
@MainActor
final class FeedScreen: TranslatedScreen {
    let viewModel: FeedViewModel
    let translator = FeedTranslator()

    init(viewModel: FeedViewModel) {
        self.viewModel = viewModel
    }

    func appear() async {
        await viewModel.appear()
    }

    func handle(_ event: ScreenEvent) async -> Navigation? {
        switch event {
        case .activate(let row):
            switch FeedRow(rowID: row) {
            case .popular(let id): return viewModel.open(recipeID: id, section: "popular")
            case .new(let id): return viewModel.open(recipeID: id, section: "new")
            case .about: return viewModel.openAbout()
            case nil: return nil
            }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}

/// The rows the screen's events name: the translator writes `rowID`, the screen reads it back.
/// The same recipe can be in both sections, so its two rows differ by section.
enum FeedRow: Hashable {
    case popular(Recipe.ID)
    case new(Recipe.ID)
    case about

    var rowID: String {
        switch self {
        case .popular(let id): "popular-\(id)"
        case .new(let id): "new-\(id)"
        case .about: "about"
        }
    }

    /// The row whose `rowID` is exactly this; nil for any other text.
    init?(rowID: String) {
        // The recipe id is what follows the first dash; which row it is, the one that writes the same id.
        let id = Recipe.ID(String(rowID.drop { $0 != "-" }.dropFirst()))
        let rows: [FeedRow] = [.about] + (id.map { [.popular($0), .new($0)] } ?? [])
        guard let row = rows.first(where: { $0.rowID == rowID }) else { return nil }
        self = row
    }
}
