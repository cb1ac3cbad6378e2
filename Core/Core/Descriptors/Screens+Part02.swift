// Generated from the features of Package.swift by `Tools/workspace new-feature` and
// `Tools/workspace spec`: edit Package.swift, not this file (`spec --check` says when it is
// stale). One line a screen, in the order of `features`, so that two branches each adding a
// feature merge without a conflict (`merge=union` in .gitattributes).
// swift-format-ignore-file

/// Screens made by `workspace new-feature` whose names hash to this part, one of 20, with
/// all they need: their names in `Screens`, their builders, their descriptors, the list of them. Adding
/// a screen changes this file alone, which no other part reads (docs/architecture.md, "Screens in parts").
extension Screens {
}

/// This part's screens (`Screens.X` names each one).
public enum ScreensPart02 {
    /// One builder per screen of the part: every resolver has them (`Resolver.part02`).
    public protocol Builders: AnyObject {
    }

    // The descriptors: screens without values, each opened by its link path alone. Each is
    // one line, as everything per screen in this file, and lines of the screens apart are
    // at least four lines apart, so that git's union merge never runs two places together.
}

/// How a resolver builds this part's screens (`resolver.part02`): with the part's builders, or
/// each as a placeholder (a `PlaceholderBuilding` resolver, CoreTesting's StubResolver), and the
/// part's screens. Declarations that never change, so a screen added here changes nothing
/// `Resolver` or `ScreenKind` names, and no other file of Core compiles again for it.
public enum ScreensPart02Slot {
    /// A resolver that has the part's builders (the app's).
    case builders(any ScreensPart02.Builders)
    /// A resolver whose every screen of the part is `placeholder(for:in:)`: it needs nothing per screen.
    case placeholders(any PlaceholderBuilding)

    /// The part's screens by their tags, which are their kinds (`ScreenKind.allCases`). A
    /// getter's body, which is no part of the slot's declaration.
    public static var tags: [any ScreenTag.Type] {
        [
        ]
    }
}

extension ScreensPart02.Builders where Self: Resolver {
    @MainActor public var part02: ScreensPart02Slot { .builders(self) }
}

extension PlaceholderBuilding where Self: Resolver {
    @MainActor public var part02: ScreensPart02Slot { .placeholders(self) }
}
