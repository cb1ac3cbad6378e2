// Generated from the features of Package.swift by `Tools/workspace new-feature` and
// `Tools/workspace spec`: edit Package.swift, not this file (`spec --check` says when it is
// stale). One line a screen, in the order of `features`, so that two branches each adding a
// feature merge without a conflict (`merge=union` in .gitattributes).
// swift-format-ignore-file
import Core

/// The builders of the screens `workspace new-feature` made: each is its feature's entry,
/// which App imports instead of the feature (docs/architecture.md, "Entries"). Without one
/// of them, the app's resolver does not conform to its part's `Builders` and nothing compiles.
extension AppResolver {
}
