/// A feature's view model: it owns the screen's state and says when it changed.
@MainActor
public protocol ScreenViewModel: AnyObject {
    associatedtype State
    var state: State { get }
    /// Called after every change of `state`; the screen passes it on to the runner.
    var onChange: (@MainActor () -> Void)? { get set }
}

/// The shape every feature's screen shares: its content is its translator's rendering of
/// its view model's state (the Translator pattern), and change notices come from the view model.
/// A conforming screen writes only `appear()` and `handle(_:)`.
@MainActor
public protocol TranslatedScreen: Screen {
    associatedtype ViewModel: ScreenViewModel
    associatedtype ContentTranslator: Translator<ViewModel.State, ScreenContent<Row>>
    var viewModel: ViewModel { get }
    var translator: ContentTranslator { get }
}

extension TranslatedScreen {
    public var content: ScreenContent<Row> { translator.translate(viewModel.state) }

    public var onChange: (@MainActor () -> Void)? {
        get { viewModel.onChange }
        set { viewModel.onChange = newValue }
    }
}
