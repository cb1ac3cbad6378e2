/// Screens made by `workspace new-feature`, at most 50 a part, with all they need: their names
/// in `Screens`, their kinds, their builders, their descriptors. Adding a screen changes this
/// file alone, which no other part reads (docs/architecture.md, "Screens in parts").
extension Screens {
}

/// This part's screens (`Screens.X` names each one).
public enum ScreensPart01 {
    /// The part's kinds of screen: `ScreenKind.part(ScreensPart01.Kind.x)`.
    public enum Kind: ScreenKind.PartKind, CaseIterable {
        public var descriptorType: any ScreenDescriptor.Type {
            switch self {
            }
        }
    }

    /// One builder per screen of the part: every resolver has them (`Resolver.part01`).
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
}

/// How a resolver hands out this part's builders (`resolver.part01.builders`): a
/// declaration that never changes, so a screen added here changes nothing `Resolver` names.
public struct ScreensPart01Slot {
    public let builders: any ScreensPart01.Builders

    public init(_ builders: any ScreensPart01.Builders) {
        self.builders = builders
    }
}

extension ScreensPart01.Builders where Self: Resolver {
    @MainActor public var part01: ScreensPart01Slot { ScreensPart01Slot(self) }
}

extension PlaceholderBuilding where Self: Resolver {
    @MainActor public var part01: ScreensPart01Slot { ScreensPart01Slot(ScreensPart01.Placeholders(self)) }
}
