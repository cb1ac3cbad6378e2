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

    func handle(_ event: ScreenEvent<FeedRow>) async -> Navigation? {
        switch event {
        case .activate(let row):
            switch row {
            case .popular(let id): return viewModel.open(recipeID: id, section: "popular")
            case .new(let id): return viewModel.open(recipeID: id, section: "new")
            case .about: return viewModel.openAbout()
            }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}

/// The screen's rows, which its events name. The same recipe can be in both sections, so its two
/// rows differ by section.
enum FeedRow: Hashable, Sendable {
    case popular(Recipe.ID)
    case new(Recipe.ID)
    case about
}
