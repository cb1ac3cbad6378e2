import WorkspaceBase

/// Where `new-feature` declares a screen: the parts of `Screens`, files beside the one declaring
/// `enum Screens` (`Screens+Part01.swift`, …), each holding at most `capacity` screens and
/// everything they need: their names in `Screens` (`typealias Pantry = ScreensPart01.Pantry`),
/// their kinds (`ScreensPart01.Kind`), their builders (`ScreensPart01.Builders`), placeholders for
/// a `PlaceholderBuilding` resolver (`ScreensPart01.Placeholders`) and their descriptors.
///
/// Why a part holds all of it: inside a module, the Swift driver recompiles every file that reads a
/// declaration whose body changed. When each descriptor named a `ScreenKind` case and a `Resolver`
/// requirement, a new screen changed both, and every part compiled again (at 305 features, 13
/// files of Core against 2). Now a screen changes its own part's declarations, which no other part
/// reads. A new part changes what lists the parts (`Resolver`'s slots, `PartBuilders`,
/// `ScreenKind.allCases`) and is a new top-level declaration, so parts are few and kept full.
package enum ScreensParts {
    static let capacity = 50
    static let prefix = "Screens+Part"

    /// One part's names: `Screens+Part07.swift` declares `enum ScreensPart07`, its slot type
    /// `ScreensPart07Slot` and `Resolver`'s requirement `part07`.
    struct Part: Equatable {
        var number: Int
        var path: String

        var digits: String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, 2 - digits.count)) + digits
        }

        var namespace: String { "\(Conventions.screensNamespace)Part\(digits)" }
        var slotType: String { "\(namespace)Slot" }
        var slot: String { "part\(digits)" }
    }

    enum Placement: Equatable {
        /// Add to this part, which holds `count` descriptors.
        case existing(Part, count: Int)
        /// Create this part.
        case new(Part)
    }

    /// The part the next screen goes into, beside `namespaceFile` (the file declaring `enum Screens`).
    static func placement(in index: SourceIndex, namespaceFile: String) -> Placement {
        let folder = namespaceFile.split(separator: "/").dropLast().joined(separator: "/")
        let parts = index.swiftFiles(ofTargetNamed: Conventions.core).compactMap { path -> Part? in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard path == (folder.isEmpty ? name : "\(folder)/\(name)"), name.hasPrefix(prefix), name.hasSuffix(".swift") else {
                return nil
            }
            return Int(name.dropFirst(prefix.count).dropLast(".swift".count)).map { Part(number: $0, path: path) }
        }
        guard let last = parts.max(by: { $0.number < $1.number }) else {
            return .new(part(1, in: folder))
        }
        let count = index.screenDescriptors.filter { $0.path == last.path }.count
        return count < capacity ? .existing(last, count: count) : .new(part(last.number + 1, in: folder))
    }

    static func part(_ number: Int, in folder: String) -> Part {
        let digits = String(number)
        let name = "\(prefix)\(String(repeating: "0", count: max(0, 2 - digits.count)))\(digits).swift"
        return Part(number: number, path: folder.isEmpty ? name : "\(folder)/\(name)")
    }

    /// A part with no screens yet: what a full part is followed by, and what the repository starts with.
    static func emptyText(_ part: Part) -> String {
        let screens = Conventions.screensNamespace
        return """
            /// Screens made by `workspace new-feature`, at most \(capacity) a part, with all they need: their names
            /// in `\(screens)`, their kinds, their builders, their descriptors. Adding a screen changes this
            /// file alone, which no other part reads (docs/architecture.md, "Screens in parts").
            extension \(screens) {
            }

            /// This part's screens (`\(screens).X` names each one).
            public enum \(part.namespace) {
                /// The part's kinds of screen: `ScreenKind.part(\(part.namespace).Kind.x)`.
                public enum Kind: ScreenKind.PartKind, CaseIterable {
                    public var descriptorType: any ScreenDescriptor.Type {
                        switch self {
                        }
                    }
                }

                /// One builder per screen of the part: every resolver has them (`Resolver.\(part.slot)`).
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

            /// How a resolver hands out this part's builders (`resolver.\(part.slot).builders`): a
            /// declaration that never changes, so a screen added here changes nothing `Resolver` names.
            public struct \(part.slotType) {
                public let builders: any \(part.namespace).Builders

                public init(_ builders: any \(part.namespace).Builders) {
                    self.builders = builders
                }
            }

            extension \(part.namespace).Builders where Self: Resolver {
                @MainActor public var \(part.slot): \(part.slotType) { \(part.slotType)(self) }
            }

            extension PlaceholderBuilding where Self: Resolver {
                @MainActor public var \(part.slot): \(part.slotType) { \(part.slotType)(\(part.namespace).Placeholders(self)) }
            }

            """
    }

    /// The top-level declarations a part adds to Core (its lines in `Core/top-level-declarations.txt`).
    static func topLevelDeclarations(_ part: Part) -> [String] {
        [
            "extension \(Conventions.screensNamespace)", "enum \(part.namespace)", "struct \(part.slotType)",
            "extension \(part.namespace).Builders", "extension PlaceholderBuilding",
        ]
    }
}
