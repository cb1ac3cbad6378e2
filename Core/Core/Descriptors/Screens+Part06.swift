// Generated from the features of Package.swift by `Tools/workspace new-feature` and
// `Tools/workspace spec`: edit Package.swift, not this file (`spec --check` says when it is
// stale). One line a screen, in the order of `features`, so that two branches each adding a
// feature merge without a conflict (`merge=union` in .gitattributes).
// swift-format-ignore-file

/// Screens made by `workspace new-feature` whose names hash to this part, one of 20, with
/// all they need: their names in `Screens`, their kinds, their builders, their descriptors. Adding
/// a screen changes this file alone, which no other part reads (docs/architecture.md, "Screens in parts").
extension Screens {
}

/// This part's screens (`Screens.X` names each one).
public enum ScreensPart06 {
    /// The part's kinds of screen: `ScreenKind.part(ScreensPart06.Kind.x)`.
    public enum Kind: ScreenKind.PartKind, CaseIterable {

        /// Each kind's descriptor type, one `return` statement an arm: the compiler checks
        /// statements one by one, and the arms of one `switch` expression all together.
        public var descriptorType: any ScreenDescriptor.Type {
            switch self {
            }
        }
    }

    /// One builder per screen of the part: every resolver has them (`Resolver.part06`).
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

/// How a resolver hands out this part's builders (`resolver.part06.builders`): a
/// declaration that never changes, so a screen added here changes nothing `Resolver` names.
public struct ScreensPart06Slot {
    public let builders: any ScreensPart06.Builders

    public init(_ builders: any ScreensPart06.Builders) {
        self.builders = builders
    }
}

extension ScreensPart06.Builders where Self: Resolver {
    @MainActor public var part06: ScreensPart06Slot { ScreensPart06Slot(self) }
}

extension PlaceholderBuilding where Self: Resolver {
    @MainActor public var part06: ScreensPart06Slot { ScreensPart06Slot(ScreensPart06.Placeholders(self)) }
}
