/// A marker naming something that lives in a module the caller cannot see: a screen of
/// another feature, or a service only the app provides. Get it with `environment.resolve(_:)`.
///
/// Type safety comes from double dispatch: each descriptor's `resolve(with:in:)` calls the
/// `Resolver` requirement written for exactly its type (`buildFeed(_:in:)` takes a `Screens.Feed`). An app whose resolver lacks that
/// requirement does not conform to `Resolver`, so it does not compile; nothing is looked
/// up at run time, nothing is cast.
public protocol Descriptor: Sendable {
    associatedtype Output
    @MainActor func resolve(with resolver: any Resolver, in environment: any Environment) -> Output
}

/// A descriptor whose output is a screen: one of the `Screens` namespace
/// (`Screens.RecipeDetails(recipeID: 42)`).
///
/// Every screen can be opened by a deep link, and this protocol is what makes that true by
/// construction: a screen names its `kind`, and `ScreenKind` maps every kind back to its
/// descriptor type in an exhaustive `switch`. A screen without a kind does not conform; a kind
/// without a descriptor does not compile. Links are read by walking `ScreenKind.allCases`.
public protocol ScreenDescriptor: Descriptor, Hashable, CustomStringConvertible where Output == any Screen {
    /// Which screen this is. Adding a screen adds a `ScreenKind` case.
    static var kind: ScreenKind { get }
    /// The link's path: literal segments and `{name}` placeholders, e.g. `recipes/{recipeID}`.
    /// Values that are not placeholders travel as query items (`search?query=curry`).
    static var linkPath: String { get }
    /// Reads the descriptor from a link's values; throws when one is missing or malformed.
    init(linkValues: [String: String]) throws(DeepLinkError)
    /// The values to write into the link. Empty values are left out.
    var linkValues: [String: String] { get }
    /// What the link's values mean, for `--help` and for refusals: the `{placeholder}`s of
    /// `linkPath` and every query item `init(linkValues:)` reads (`query` of `search?query=curry`).
    /// A query item not listed here is refused, naming it, so a misspelt one is never silently
    /// dropped. Empty by default: a screen whose link is its path alone.
    static var linkParameters: [DeepLinks.Parameter] { get }
    /// The screen's name inside `Screens` (`RecipeDetails`), as its kind, placeholders, recordings
    /// and the gallery print it: its type's name by default.
    static var screenName: String { get }
}

extension ScreenDescriptor {
    /// `Screens.RecipeDetails(recipeID: 42)`: how placeholders, recordings and test failures name a
    /// screen. An optional value is written when it is set (`servings: 2`), as its initializer takes it.
    public var description: String {
        let fields = Mirror(reflecting: self).children.compactMap { child -> String? in
            let value = Mirror(reflecting: child.value)
            guard value.displayStyle == .optional else { return "\(child.label ?? "_"): \(String(reflecting: child.value))" }
            return value.children.first.map { "\(child.label ?? "_"): \(String(reflecting: $0.value))" }
        }
        return "Screens.\(Self.kind.name)(\(fields.joined(separator: ", ")))"
    }

    public static var linkParameters: [DeepLinks.Parameter] { [] }

    public static var screenName: String { String(describing: Self.self) }

    /// Equality across existentials: same type and equal values.
    public func isEqual(to other: any ScreenDescriptor) -> Bool {
        (other as? Self) == self
    }
}

/// A screen descriptor with no values, such as `Screens.Feed()`: its link is its path alone.
public protocol PlainScreenDescriptor: ScreenDescriptor {
    init()
}

extension PlainScreenDescriptor {
    public init(linkValues: [String: String]) throws(DeepLinkError) {
        self.init()
    }

    public var linkValues: [String: String] { [:] }
}

/// What tells one screen `workspace new-feature` made from another: its builder. The screen's
/// descriptor is `TaggedScreenDescriptor<PantryTag>`, named `Screens.Pantry`; the tag type itself is
/// its kind (`ScreenKind.part(PantryTag.self)`) and its name gives its link path (`pantry`).
///
/// Why a tag and not a struct per screen: each struct conforming to `ScreenDescriptor` brings its
/// own conformances to seven protocols (`Descriptor`, `Hashable`, `CustomStringConvertible`, …),
/// which the compiler checks and lowers again whenever Core's module is emitted, after any change of
/// Core, for every screen of the workspace. The generic descriptor conforms once; a tag conforms to
/// this protocol alone, with one requirement. At 305 features, emitting Core's module took 30% fewer
/// instructions than with structs.
///
/// Why the kind and the link path are not requirements: each requirement is a witness the compiler
/// writes and lowers per tag whenever Core's module is emitted. At a thousand screens the two, with a
/// kind enum a part, took a quarter of that job (2.0 s against 1.5 s without them), for values that
/// follow from the tag alone.
public protocol ScreenTag: Sendable {
    /// The screen from the resolver's builder of it, found through the part's slot (`resolver.part01`:
    /// its builders' `buildPantry`, or a placeholder).
    @MainActor static func build(_ descriptor: TaggedScreenDescriptor<Self>, with resolver: any Resolver, in environment: any Environment)
        -> any Screen
}

/// The descriptor of a screen `workspace new-feature` made: plain (no values), told apart by its
/// `Tag` (`Screens.Pantry` is `TaggedScreenDescriptor<ScreensPart01.PantryTag>`).
public struct TaggedScreenDescriptor<Tag: ScreenTag>: PlainScreenDescriptor {
    /// The tag is the kind: every tag is listed by its part (`ScreensPart01Slot.tags`), which
    /// `ScreenKind.allCases` reads.
    public static var kind: ScreenKind { .part(Tag.self) }
    /// The screen's name in kebab case, as `new-feature` checks it against the other screens' paths:
    /// `PullRequests` links to `pull-requests`.
    public static var linkPath: String { DeepLinks.kebabCase(screenName) }
    /// The tag's name without `Tag`: `Pantry`, not the generic type's name.
    public static var screenName: String {
        let tag = String(describing: Tag.self)
        return tag.hasSuffix("Tag") ? String(tag.dropLast("Tag".count)) : tag
    }

    public init() {}

    // Inlined into the conformance's witness: one call fewer on every `resolve` of such a screen
    // (10 of its 195 instructions, counted by callgrind in the resolve benchmark).
    @inline(__always)
    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        Tag.build(self, with: resolver, in: environment)
    }
}

/// One builder per descriptor, named after it (`buildFeed`), so the compiler never sorts through a
/// thousand overloads of one name. The app implements it with the real features; CoreTesting
/// implements it with labelled placeholders. The app's own screens (the structs of `Screens.swift`)
/// have their requirements in `Screens.Builders`, generated from those structs, which this
/// refines; the screens `workspace new-feature` makes have theirs in their part of `Screens`
/// (`ScreensPart01.Builders`), which a resolver reaches through the part's slot
/// (`resolver.part01`). Either way, a resolver without a screen's builder does not
/// compile. Builders run on the main actor because screens live there.
///
/// Why slots and not `Resolver: ScreensPart01.Builders, …`: every file that calls a member of
/// `any Resolver` depends on every declaration `Resolver` names. A slot's declaration never
/// changes, so a screen added to a part recompiles that part's file, not every part's.
///
/// Class-bound, like `Environment`: an `any Resolver` is then a reference and a witness table,
/// passed in registers; a struct resolver would be boxed or copied on every `resolve`.
public protocol Resolver: Screens.Builders, Sendable {
    @MainActor func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter
    /// The builders of each part of `Screens`, given by the part to a resolver that has them.
    @MainActor var part01: ScreensPart01Slot { get }
    @MainActor var part02: ScreensPart02Slot { get }
    @MainActor var part03: ScreensPart03Slot { get }
    @MainActor var part04: ScreensPart04Slot { get }
    @MainActor var part05: ScreensPart05Slot { get }
    @MainActor var part06: ScreensPart06Slot { get }
    @MainActor var part07: ScreensPart07Slot { get }
    @MainActor var part08: ScreensPart08Slot { get }
    @MainActor var part09: ScreensPart09Slot { get }
    @MainActor var part10: ScreensPart10Slot { get }
    @MainActor var part11: ScreensPart11Slot { get }
    @MainActor var part12: ScreensPart12Slot { get }
    @MainActor var part13: ScreensPart13Slot { get }
    @MainActor var part14: ScreensPart14Slot { get }
    @MainActor var part15: ScreensPart15Slot { get }
    @MainActor var part16: ScreensPart16Slot { get }
    @MainActor var part17: ScreensPart17Slot { get }
    @MainActor var part18: ScreensPart18Slot { get }
    @MainActor var part19: ScreensPart19Slot { get }
    @MainActor var part20: ScreensPart20Slot { get }
}

/// A resolver whose screens of every part are `placeholder(for:in:)` (CoreTesting's `StubResolver`):
/// each part gives it the part's slot `.placeholders(self)`, which the part's tags build with. It has
/// no part's `Builders` and needs nothing per screen; a resolver that is both would not compile.
public protocol PlaceholderBuilding: AnyObject {
    @MainActor func placeholder<D: ScreenDescriptor>(for descriptor: D, in environment: any Environment) -> any Screen
}
