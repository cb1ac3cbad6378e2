import Core

/// Stands in for a screen whose feature is not linked (in a sandbox, in a feature's tests).
/// It is labelled with the descriptor's type and values, so navigation can be checked by eye
/// and by `expect "Screens.RecipeDetails(recipeID: 1)"`.
@MainActor
public final class PlaceholderScreen: Screen {
    /// The descriptor as `Type(field: value, …)`.
    public let label: String
    public var onChange: (@MainActor () -> Void)?

    /// Its two lines of text, which no event names.
    public enum Row: Hashable, Sendable {
        case descriptor
        case explanation
    }

    public init(for descriptor: some Descriptor) {
        label = String(describing: descriptor)
    }

    public var content: ScreenContent<Row> {
        ScreenContent(
            title: "Placeholder",
            sections: [
                ScreenSection(
                    id: "placeholder",
                    rows: [
                        ScreenRow(id: .descriptor, .text(label)),
                        ScreenRow(id: .explanation, .text("This screen belongs to a feature that is not linked here.")),
                    ])
            ]
        )
    }

    public func appear() async {}

    public func handle(_ event: ScreenEvent<Row>) async -> Navigation? { nil }
}
