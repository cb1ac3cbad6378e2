/// A marker naming something that lives in a module the caller cannot see: a screen of
/// another feature, or a service only the app provides. Get it with `environment.resolve(_:)`.
///
/// Type safety comes from double dispatch: each descriptor's `resolve(with:in:)` calls the
/// `Resolver` requirement written for exactly its type. An app whose resolver lacks that
/// requirement does not conform to `Resolver`, so it does not compile; nothing is looked
/// up at run time, nothing is cast.
public protocol Descriptor: Sendable {
    associatedtype Output
    @MainActor func resolve(with resolver: any Resolver, in environment: any Environment) -> Output
}

/// A descriptor whose output is a screen. Every screen can be opened by a deep link
/// (`cookbook://recipes/42`), so a screen descriptor also says how to write itself as one
/// and read itself back; list it in `DeepLinks.screens`.
public protocol ScreenDescriptor: Descriptor, Hashable where Output == any Screen {
    /// The link's path: literal segments and `{name}` placeholders, e.g. `recipes/{recipeID}`.
    /// Values that are not placeholders travel as query items (`search?query=curry`).
    static var linkPath: String { get }
    /// Reads the descriptor from a link's values; throws when one is missing or malformed.
    init(linkValues: [String: String]) throws(DeepLinkError)
    /// The values to write into the link. Empty values are left out.
    var linkValues: [String: String] { get }
}

/// One builder per descriptor. The app implements it with the real features; CoreTesting
/// implements it with labelled placeholders. Adding a descriptor adds a requirement here,
/// so every resolver must say how to build it before the workspace compiles again.
/// Builders run on the main actor because screens live there.
public protocol Resolver: Sendable {
    @MainActor func build(_ descriptor: RecipeSearchDescriptor, in environment: any Environment) -> any Screen
    @MainActor func build(_ descriptor: RecipeDetailsDescriptor, in environment: any Environment) -> any Screen
    @MainActor func build(_ descriptor: FeedDescriptor, in environment: any Environment) -> any Screen
    @MainActor func build(_ descriptor: ShoppingListDescriptor, in environment: any Environment) -> any Screen
    @MainActor func build(_ descriptor: FavoritesDescriptor, in environment: any Environment) -> any Screen
    @MainActor func build(_ descriptor: AuthorRecipesDescriptor, in environment: any Environment) -> any Screen
    @MainActor func build(_ descriptor: AboutDescriptor, in environment: any Environment) -> any Screen
    @MainActor func build(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter
}
