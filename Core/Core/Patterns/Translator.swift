/// Turns entities into what a screen shows (the Translator pattern), so formatting lives neither in the
/// entity nor in the view. The strongest use: rows as a typed item enum, so a list of
/// "every todo, then an `+ Add` row" is cases, not index arithmetic.
public protocol Translator<Input, Output> {
    associatedtype Input
    associatedtype Output
    func translate(_ input: Input) -> Output
}
