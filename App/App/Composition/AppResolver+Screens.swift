// Generated from the features of Package.swift by `Tools/workspace new-feature` and
// `Tools/workspace spec`: edit Package.swift, not this file (`spec --check` says when it is
// stale). One line a screen, in the order of `features`, so that two branches each adding a
// feature merge without a conflict (`merge=union` in .gitattributes).
// swift-format-ignore-file
import Core
import EntriesPart01
import EntriesPart02
import EntriesPart03
import EntriesPart04
import EntriesPart05
import EntriesPart06
import EntriesPart07
import EntriesPart08
import EntriesPart09
import EntriesPart10
import EntriesPart11
import EntriesPart12
import EntriesPart13
import EntriesPart14
import EntriesPart15
import EntriesPart16
import EntriesPart17
import EntriesPart18
import EntriesPart19
import EntriesPart20

/// The builders of the screens `workspace new-feature` made: each calls its feature's entry,
/// in the module App imports instead of the feature (docs/architecture.md, "Entries"). Without one
/// of them, the app's resolver does not conform to its part's `Builders` and nothing compiles.
extension AppResolver {
}
