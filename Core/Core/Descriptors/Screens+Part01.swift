/// Screens made by `workspace new-feature`, at most 50 a part: adding one to an existing
/// `extension Screens` recompiles this file rather than one file of every screen, and no other
/// module's files but those naming it (docs/architecture.md, "Screens in parts").
///
/// The first part is here before any feature needs it: a new part is a new top-level
/// declaration, which recompiles every file that imports Core, so the workspace's first new
/// feature adds a member to this one instead.
extension Screens {
}
