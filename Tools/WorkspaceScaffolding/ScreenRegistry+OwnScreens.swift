import WorkspaceBase

/// The registries of the app's own screens, the structs written by hand in `enum Screens`
/// (Screens.swift), generated from that one declaration as the parts' are from `features`:
/// - `ScreenKind.swift`: their cases, then the parts', with `allCases` and every `switch` over them;
/// - `Screens+Builders.swift`: `Screens.Builders`, one builder requirement each (`Resolver` refines
///   it), with a placeholder for each that a `PlaceholderBuilding` resolver (CoreTesting's
///   StubResolver) builds them with;
/// - beside the app's resolver (`AppResolver+Screens.swift`): the builder of each screen a feature's
///   entry makes (an entry with `makeScreen(_ descriptor: Screens.Feed, …)`). A screen no entry
///   makes (About, built from the app's legacy page) has its builder written in the resolver's file.
///
/// A descriptor names its kind (`static let kind = ScreenKind.feed`) and calls its builder
/// (`resolver.buildFeed(self, in: environment)`): the compiler checks both against these files.
extension ScreenRegistry {
    /// One of the app's own screens: its descriptor's name in `Screens`, and the entry that makes it.
    package struct OwnScreen: Equatable, Sendable {
        /// `RecipeDetails`, for `Screens.RecipeDetails`.
        package var name: String
        /// The app's entry with a `makeScreen` for it (`RecipeDetailsEntry`), if one has.
        package var entry: String?

        package init(name: String, entry: String? = nil) {
            self.name = name
            self.entry = entry
        }

        /// Its names as a new feature's screen has them: the case `recipeDetails`, the builder
        /// `buildRecipeDetails`, its requirement and its builder in a resolver.
        var templates: FeatureTemplates { FeatureTemplates(name: name) }
    }

    /// The app's own screens of the workspace read through `index`: the structs of `screensFile`,
    /// in its order, each with the entry whose `makeScreen` takes its descriptor.
    static func ownScreens(in screensFile: String, index: SourceIndex) -> [OwnScreen] {
        let names = index.screenDescriptors.filter { $0.path == screensFile }.map(\.name)
        var entries: [String: String] = [:]
        for part in 1...Conventions.partCount {
            for path in index.swiftFiles(ofTargetNamed: Conventions.entriesModule(ofPart: part)) {
                guard let source = index.source(path) else { continue }
                for declaration in index.typeDeclarations(path) where declaration.kind == "enum" && declaration.name.hasSuffix("Entry") {
                    let body = SwiftSource.slice(source.code, declaration.open..<(declaration.close + 1))
                    for name in madeScreens(in: body) where entries[name] == nil {
                        entries[name] = declaration.name
                    }
                }
            }
        }
        return names.map { OwnScreen(name: $0, entry: entries[$0]) }
    }

    /// The descriptors an entry's `makeScreen` overloads take: `Feed` for
    /// `static func makeScreen(_ descriptor: Screens.Feed, environment: …)`.
    static func madeScreens(in code: String) -> [String] {
        let marker = "makeScreen(_ descriptor: \(Conventions.screensNamespace)."
        return code.components(separatedBy: marker).dropFirst().compactMap { rest in
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
    }

    /// `Core/Core/Descriptors/ScreenKind.swift`.
    var screenKindPath: String { partsFolder + "/ScreenKind.swift" }

    /// `Core/Core/Descriptors/Screens+Builders.swift`.
    var ownBuildersPath: String { partsFolder + "/\(Conventions.screensNamespace)+Builders.swift" }

    static let ownHeader = """
        // Generated from the structs of `enum Screens` (Screens.swift) and the parts of `Screens` by
        // `Tools/workspace spec` and `new-feature`: declare a screen in Screens.swift, not here
        // (`spec --check` says when this file is stale).
        // swift-format-ignore-file

        """

    /// Every kind of screen: the app's own, then each part's.
    func screenKindText() -> String {
        let screens = Conventions.screensNamespace
        func lines(_ indent: Int, _ line: (OwnScreen) -> String) -> String {
            ownScreens.map { String(repeating: " ", count: indent) + line($0) + "\n" }.joined()
        }
        let parts = (1...partCount).map { number in
            "        + \(ScreensParts.part(number, in: partsFolder).slotType).tags.map(ScreenKind.part)\n"
        }
        let identities = ownScreens.enumerated().map { "        case .\($1.templates.kindCase): return \($0)\n" }
        return Self.ownHeader + """

            /// Every screen of the workspace: the list deep links are read from and the gallery walks. The
            /// app's own screens (the structs of `\(screens)`) have a case each, and an exhaustive `switch`
            /// maps each case to its descriptor type, so a case without a descriptor does not compile; a
            /// descriptor must name its kind to be a `ScreenDescriptor`. A screen of a part of `\(screens)`
            /// (`\(screens)+PartNN.swift`) is `.part(ScreensPart01.PantryTag.self)`: its tag is its kind, and
            /// its part lists its tag (`ScreensPart01Slot.tags`).
            ///
            /// Why the parts' screens are not cases: a case added here changes a type every descriptor's
            /// file reads (its `kind`), and a thousand screens' descriptors would compile again for each new
            /// screen. Their tags change their part alone.
            ///
            /// No raw values: a `String` raw type makes the compiler write `init(rawValue:)` and `rawValue`
            /// over every case, more than half of this file's compile time at a thousand screens.
            public enum ScreenKind: CaseIterable, Hashable, Sendable {
            \(lines(4) { "case \($0.templates.kindCase)" })    /// A screen of a part of `\(screens)`, by its tag.
                case part(any ScreenTag.Type)

                /// The app's screens, then each part's in order.
                public static let allCases: [ScreenKind] =
                    [\(ownScreens.map { ".\($0.templates.kindCase)" }.joined(separator: ", "))]
            \(parts.joined())
                /// The descriptor type of this kind of screen. Each arm is a `return` statement: as one
                /// `switch` expression the compiler joins the types of every arm, about a second of
                /// type-checking at a thousand screens, where statements are checked one by one.
                public var descriptorType: any ScreenDescriptor.Type {
                    switch self {
            \(lines(8) { "case .\($0.templates.kindCase): return \($0.templates.descriptorType).self" })        case .part(let tag): return Self.descriptorType(of: tag)
                    }
                }

                /// `Screens.Pantry`, the descriptor a part's tag tells apart.
                private static func descriptorType<Tag: ScreenTag>(of tag: Tag.Type) -> any ScreenDescriptor.Type {
                    TaggedScreenDescriptor<Tag>.self
                }

                /// The same case, or the same tag.
                public static func == (lhs: ScreenKind, rhs: ScreenKind) -> Bool {
                    lhs.identity == rhs.identity
                }

                public func hash(into hasher: inout Hasher) {
                    hasher.combine(identity)
                }

                /// What tells kinds apart: the app's own case, or a part's tag.
                private var identity: AnyHashable {
                    switch self {
            \(identities.joined())        case .part(let tag): return AnyHashable(ObjectIdentifier(tag))
                    }
                }
            }

            """
    }

    /// `Screens.Builders`: the builder requirement of each of the app's own screens, and their placeholders.
    func ownBuildersText() -> String {
        let screens = Conventions.screensNamespace
        func lines(_ line: (OwnScreen) -> String) -> String {
            ownScreens.map { "    " + line($0) + "\n" }.joined()
        }
        return Self.ownHeader + """

            extension \(screens) {
                /// One builder per screen of the app's own, named after it (`buildFeed`): every `Resolver`
                /// has them, so a resolver without one does not compile. Each descriptor's `resolve` calls its own.
                public protocol Builders: AnyObject {
            \(lines { "    \($0.templates.requirement)" })    }
            }

            /// A placeholder for each of the app's own screens, what a `PlaceholderBuilding` resolver
            /// (CoreTesting's StubResolver) builds them with: such a resolver needs nothing per screen.
            extension \(screens).Builders where Self: PlaceholderBuilding {
            \(lines { "@MainActor public func \($0.templates.builderName)(_ descriptor: \($0.templates.descriptorType), in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }" })}

            """
    }

    /// The app's builders of its own screens that an entry makes: each calls the entry.
    func ownAppBuildersText(_ resolver: ResolverConformer) -> String {
        let made = ownScreens.compactMap { screen in screen.entry.map { (screen, $0) } }
        return """

            /// The builders of the app's own screens (\(Conventions.screensNamespace).swift) that a feature's entry makes, found by
            /// its `makeScreen(_ descriptor: \(Conventions.screensNamespace).X, …)`. A screen no entry makes has its
            /// builder in the resolver's own file; without one, the resolver does not conform to `Resolver`.
            extension \(resolver.typeName) {
            \(made.map { screen, entry in "    \(screen.templates.resolverBuilder) { \(entry).makeScreen(descriptor, environment: environment) }\n" }.joined())}

            """
    }
}
