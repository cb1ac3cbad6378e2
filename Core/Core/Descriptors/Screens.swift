/// The screen descriptors added after the first seven: `workspace new-feature Pantry` declares
/// `Screens.PantryDescriptor` here, inside this enum's body.
///
/// Why not at Core's top level, beside `RecipeSearchDescriptor` and the others: the Swift driver
/// tracks dependencies across modules per declaration. A new top-level name in Core recompiles
/// nearly every file of every feature; so does a new `extension Screens { … }`, which is a
/// top-level declaration too. A new member of an existing type recompiles only the files that
/// use that type. See docs/benchmarks.md, section 3.
public enum Screens {}
