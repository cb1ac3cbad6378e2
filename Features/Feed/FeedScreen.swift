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
        case .activate(FeedRow.about):
            return viewModel.openAbout()
        case .activate(let row):
            guard let id = FeedRow.recipeID(in: row) else { return nil }
            return viewModel.open(recipeID: id, section: row.hasPrefix(FeedRow.popularPrefix) ? "popular" : "new")
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}
