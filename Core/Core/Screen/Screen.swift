/// A feature's screen, seen from outside: content to show, events to handle.
/// Screens never draw; a runner renders `content` and calls `handle(_:)`.
/// `Row` names the screen's rows (an enum of the feature's): its content's rows carry it and its
/// events name rows by it, so a screen switches over cases and never parses an id back.
@MainActor
public protocol Screen<Row>: AnyObject {
    associatedtype Row: Hashable & Sendable
    var content: ScreenContent<Row> { get }
    /// Called whenever `content` changes outside `handle(_:)`, e.g. when loading ends.
    /// The runner sets it to redraw.
    var onChange: (@MainActor () -> Void)? { get set }
    /// The screen became visible: load data, log the page view. Returns when loading ends.
    func appear() async
    /// Handles one user event. Returns when its work is done, with where to go, if anywhere.
    func handle(_ event: ScreenEvent<Row>) async -> Navigation?
    /// The person changed the text of a field: the screen keeps it as its own at once, so
    /// `content` shows it, whatever events are still being handled. It may start work from it
    /// (a search as you type); Enter sends the text on with `.submit(row:text:)`.
    func edit(_ field: Row, text: String)
}

extension Screen {
    /// A screen without a text field takes no text.
    public func edit(_ field: Row, text: String) {}
}

/// A typed user event. Rows are named by their `ScreenRow.id`, the screen's own `Row`.
public enum ScreenEvent<Row: Hashable & Sendable>: Hashable, Sendable {
    /// Enter on a link or a button.
    case activate(row: Row)
    case toggle(row: Row)
    /// Enter in a text field, with the field's text at that moment (keys typed after Enter
    /// change the field, not what this submits).
    case submit(row: Row, text: String)
    case choose(row: Row, option: Int)
    /// Remove the row's item (rows marked `isDeletable`).
    case delete(row: Row)
    /// Try the failed operation again.
    case retry
    /// A flow this screen started has ended with this result (see `Navigation.finish`).
    case flowFinished(FlowResult)
}

/// What a flow hands back to the screen that started it: a chooser's choice, or nothing.
/// One case per kind of result, so the screen switches over types, not strings.
public enum FlowResult: Hashable, Sendable {
    /// The ingredients chosen on `Screens.ChooseIngredients`, in the recipe's order.
    case ingredients(recipeID: Recipe.ID, [Ingredient])
    /// The person left the flow without choosing.
    case cancelled
}

/// Where a screen asks to go. The runner's navigation coordinator carries it out.
@MainActor
public enum Navigation {
    /// Open the screen a descriptor names. The coordinator resolves it through
    /// `environment.resolve` and decides where it goes, so it always knows which screen (and
    /// which deep link) each entry of its stacks is.
    case show(any ScreenDescriptor)
    /// Go back one screen.
    case pop
    /// End the flow this screen belongs to, handing `result` to the screen that started it:
    /// the flow's screens close and that screen gets `.flowFinished(result)`.
    case finish(FlowResult)

    /// The descriptor a `.show` carries; nil otherwise.
    public var descriptor: (any ScreenDescriptor)? {
        if case .show(let descriptor) = self { descriptor } else { nil }
    }
}
