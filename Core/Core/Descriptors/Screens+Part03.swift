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
public enum ScreensPart03 {
    /// One builder per screen of the part: every resolver has them (`Resolver.part03`).
    public protocol Builders: AnyObject {
    }

    /// A placeholder for each screen of the part, what a `PlaceholderBuilding` resolver
    /// (CoreTesting's StubResolver) builds them with: such a resolver needs nothing per screen.
    @MainActor public final class Placeholders: Builders {
        let resolver: any PlaceholderBuilding

        public init(_ resolver: any PlaceholderBuilding) {
            self.resolver = resolver
        }
    }

    // The descriptors: screens without values, each opened by its link path alone. Each is
    // one line, as everything per screen in this file, and lines of the screens apart are
    // at least four lines apart, so that git's union merge never runs two places together.
}

/// How a resolver hands out this part's builders (`resolver.part03.builders`), and the part's
/// screens: declarations that never change, so a screen added here changes nothing `Resolver`
/// or `ScreenKind` names, and no other file of Core compiles again for it.
public struct ScreensPart03Slot {
    public let builders: any ScreensPart03.Builders

    public init(_ builders: any ScreensPart03.Builders) {
        self.builders = builders
    }

    /// The part's screens by their tags, which are their kinds (`ScreenKind.allCases`). A
    /// getter's body, which is no part of the slot's declaration.
    public static var tags: [any ScreenTag.Type] {
        [
        ]
    }
}

extension ScreensPart03.Builders where Self: Resolver {
    @MainActor public var part03: ScreensPart03Slot { ScreensPart03Slot(self) }
}

extension PlaceholderBuilding where Self: Resolver {
    @MainActor public var part03: ScreensPart03Slot { ScreensPart03Slot(ScreensPart03.Placeholders(self)) }
}
