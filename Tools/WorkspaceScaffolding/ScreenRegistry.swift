import WorkspaceBase

/// The registries of the screens `new-feature` makes, generated from their one declaration: the
/// names in `let features = """ … """` of Package.swift whose descriptor is not written by hand in
/// `enum Screens` (the app's own screens are). For each, in that order:
/// - in its part of `Screens` (`Screens+Part01.swift` to `Part20`, by its name's hash): its name in `Screens`, its
///   builder's requirement, its descriptor (its tag) and its tag in the part's list;
/// - beside the app's resolver (`AppResolver+Screens.swift`): its builder, which calls its entry
///   (`PantryEntry`, in the module of its part's entries, `EntriesPart07`).
///
/// And one file a part in each module of entries (`App/Entries/EntriesPart07/EntriesPart07.swift`),
/// so that all twenty modules exist from the start, as the parts of `Screens` do. The app's own
/// screens' kinds and builders are generated from their structs (ScreenRegistry+OwnScreens).
///
/// Every one of those is one line, appended in the declaration's order, and the files are
/// `merge=union` in `.gitattributes` (as Package.swift is): two branches that each add a feature
/// append a line at the same places, git keeps both, and the result is what this generator writes
/// from the merged `features`. `workspace spec --check` says when a file differs from it.
/// Still compiler-checked: a descriptor's `resolve` calls its part's requirement, which a resolver
/// without the builder does not have.
package struct ScreenRegistry: Equatable {
    /// The screens, in the order `features` declares them.
    package var screens: [String]
    /// The folder of the parts: the one holding the file that declares `enum Screens`.
    package var partsFolder: String
    /// The app's resolver, whose builders of these screens are generated, if the workspace has one.
    package var appResolver: ResolverConformer?
    /// The app's own screens, declared by hand in `enum Screens` (ScreenRegistry+OwnScreens).
    package var ownScreens: [OwnScreen]

    package init(screens: [String], partsFolder: String, appResolver: ResolverConformer?, ownScreens: [OwnScreen] = []) {
        self.screens = screens
        self.partsFolder = partsFolder
        self.appResolver = appResolver
        self.ownScreens = ownScreens
    }

    package struct Failure: Error, CustomStringConvertible, Equatable {
        package var description: String
    }

    /// The registry of the workspace whose Package.swift reads `manifestText`, its sources read
    /// through `index`.
    package static func of(manifestText: String, index: SourceIndex) throws(Failure) -> ScreenRegistry {
        guard let screensFile = index.screensNamespaceFile else {
            throw Failure(
                description:
                    "found no `public enum \(Conventions.screensNamespace) { … }` in \(Conventions.core) (see docs/architecture.md)")
        }
        let names = try declaredFeatures(in: manifestText)
        var seen: Set<String> = []
        if let duplicate = names.first(where: { !seen.insert($0).inserted }) {
            throw Failure(
                description:
                    "Package.swift names the feature \(duplicate) more than once in `features` (two branches that each added it?); keep one of its lines"
            )
        }
        let own = ownScreens(in: screensFile, index: index)
        let handWritten = Set(own.map(\.name))
        let app = index.manifest.target(named: Conventions.app)
        let resolver = index.resolverConformers.first { conformer in
            guard let app, conformer.path.hasPrefix(app.path + "/") else { return false }
            return
                !(index.typeDeclarations(conformer.path).first { $0.name == conformer.typeName }?.inherits("PlaceholderBuilding") ?? false)
        }
        return ScreenRegistry(
            screens: names.filter { !handWritten.contains($0) },
            partsFolder: screensFile.split(separator: "/").dropLast().joined(separator: "/"),
            appResolver: resolver, ownScreens: own)
    }

    /// The names of `let features = """ … """`, in order (or the string literals of an older
    /// manifest's `let features = [ … ]`).
    package static func declaredFeatures(in manifestText: String) throws(Failure) -> [String] {
        let source = SwiftSource(manifestText)
        if let list = FeatureList(in: source) { return list.names }
        guard let open = SourceEdits.arrayLiteral(named: "features", in: source), let close = source.matchingClose(ofOpenAt: open) else {
            throw Failure(description: "Package.swift: found no `let features = \"\"\" … \"\"\"` list naming the features")
        }
        let body = SwiftSource.slice(manifestText, (open + 1)..<close)
        return body.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }

    /// How many parts there are: all of them, whatever the number of screens (`ScreensParts`).
    package var partCount: Int { ScreensParts.count }

    /// The part holding the screen `name`.
    func part(of name: String) -> ScreensParts.Part {
        ScreensParts.part(ScreensParts.number(of: name), in: partsFolder)
    }

    /// The part whose file is `path`; nil for any other file.
    func part(atPath path: String) -> ScreensParts.Part? {
        (1...partCount).lazy.map { ScreensParts.part($0, in: partsFolder) }.first { $0.path == path }
    }

    /// Every generated file, by path: the parts, the app's builders, then the modules of entries' own files.
    package var files: [(path: String, text: String)] {
        files(parts: Array(1...partCount)) + (appResolver == nil ? [] : (1...partCount).map(entriesPartFile))
    }

    /// The parts numbered `numbers`, the app's builders, then the kinds and builders of the app's own
    /// screens: a new screen changes its own part only.
    func files(parts numbers: [Int]) -> [(path: String, text: String)] {
        var result = numbers.map { number in
            let part = ScreensParts.part(number, in: partsFolder)
            return (part.path, partText(part, screens: screens.filter { ScreensParts.number(of: $0) == number }))
        }
        if let appResolver { result.append((appBuildersPath(appResolver), appBuildersText(appResolver))) }
        result.append((screenKindPath, screenKindText()))
        result.append((ownBuildersPath, ownBuildersText()))
        return result
    }

    /// The file that keeps a module of entries whole while its part has no feature:
    /// `App/Entries/EntriesPart07/EntriesPart07.swift`. The features' entries are files beside it.
    func entriesPartFile(_ number: Int) -> (path: String, text: String) {
        let module = Conventions.entriesModule(ofPart: number)
        let text = """
            // Generated by `Tools/workspace new-feature` and `Tools/workspace spec`: every one of the \(partCount)
            // modules of entries exists from the start, as every part of `Screens` does, so that no feature
            // ever adds a module App imports.
            // swift-format-ignore-file

            // \(module): how the app builds the screens of the features whose names hash to part \(Conventions.partDigits(number)) of
            // \(partCount) (Package.swift's `part(of:)`), one `<Name>Entry.swift` each, beside this file
            // (docs/architecture.md, "Entries").

            """
        return ("\(Conventions.entriesFolder)/\(module)/\(module).swift", text)
    }

    /// `App/App/Composition/AppResolver+Screens.swift`, beside the resolver's own file.
    func appBuildersPath(_ resolver: ResolverConformer) -> String {
        let folder = resolver.path.split(separator: "/").dropLast().joined(separator: "/")
        return (folder.isEmpty ? "" : folder + "/") + "\(resolver.typeName)+Screens.swift"
    }

    static let header = """
        // Generated from the features of Package.swift by `Tools/workspace new-feature` and
        // `Tools/workspace spec`: edit Package.swift, not this file (`spec --check` says when it is
        // stale). One line a screen, in the order of `features`, so that two branches each adding a
        // feature merge without a conflict (`merge=union` in .gitattributes).
        // swift-format-ignore-file

        """

    /// One part of `Screens` holding `screens`.
    func partText(_ part: ScreensParts.Part, screens: [String]) -> String {
        let screensName = Conventions.screensNamespace
        let all = screens.map(FeatureTemplates.init(name:))
        func lines(_ indent: Int, _ line: (FeatureTemplates) -> String) -> String {
            all.map { String(repeating: " ", count: indent) + line($0) + "\n" }.joined()
        }
        return Self.header + """

            /// Screens made by `workspace new-feature` whose names hash to this part, one of \(ScreensParts.count), with
            /// all they need: their names in `\(screensName)`, their builders, their descriptors, the list of them. Adding
            /// a screen changes this file alone, which no other part reads (docs/architecture.md, "Screens in parts").
            extension \(screensName) {
            \(lines(4) { $0.name(part: part) })}

            /// This part's screens (`\(screensName).X` names each one).
            public enum \(part.namespace) {
                /// One builder per screen of the part: every resolver has them (`Resolver.\(part.slot)`).
                public protocol Builders: AnyObject {
            \(lines(8) { $0.requirement })    }

                // The descriptors: screens without values, each opened by its link path alone. Each is
                // one line, as everything per screen in this file, and lines of the screens apart are
                // at least four lines apart, so that git's union merge never runs two places together.
            \(lines(4) { $0.descriptor(part: part) })}

            /// How a resolver builds this part's screens (`resolver.\(part.slot)`): with the part's builders, or
            /// each as a placeholder (a `PlaceholderBuilding` resolver, CoreTesting's StubResolver), and the
            /// part's screens. Declarations that never change, so a screen added here changes nothing
            /// `Resolver` or `ScreenKind` names, and no other file of Core compiles again for it.
            public enum \(part.slotType) {
                /// A resolver that has the part's builders (the app's).
                case builders(any \(part.namespace).Builders)
                /// A resolver whose every screen of the part is `placeholder(for:in:)`: it needs nothing per screen.
                case placeholders(any PlaceholderBuilding)

                /// The part's screens by their tags, which are their kinds (`ScreenKind.allCases`). A
                /// getter's body, which is no part of the slot's declaration.
                public static var tags: [any ScreenTag.Type] {
                    [
            \(lines(12) { "\(part.namespace).\($0.tagName).self," })        ]
                }
            }

            extension \(part.namespace).Builders where Self: Resolver {
                @MainActor public var \(part.slot): \(part.slotType) { .builders(self) }
            }

            extension PlaceholderBuilding where Self: Resolver {
                @MainActor public var \(part.slot): \(part.slotType) { .placeholders(self) }
            }

            """
    }

    /// The app's builders of every part's screens: each calls its entry.
    func appBuildersText(_ resolver: ResolverConformer) -> String {
        let all = screens.map(FeatureTemplates.init(name:))
        let modules = (1...partCount).map { "import \(Conventions.entriesModule(ofPart: $0))\n" }
        let header = """
            // Generated from the features of Package.swift and the structs of Screens.swift by
            // `Tools/workspace new-feature` and `Tools/workspace spec`: edit those, not this file
            // (`spec --check` says when it is stale). One line a screen, in the order of `features`,
            // so that two branches each adding a feature merge without a conflict (`merge=union` in
            // .gitattributes).
            // swift-format-ignore-file

            """
        let parts = (1...partCount).map { "    \(ScreensParts.part($0, in: partsFolder).namespace).Builders" }
        return header + "import \(Conventions.core)\n" + modules.joined() + ownAppBuildersText(resolver) + """

            /// Every part's builders: each part gives a resolver that has its builders the part's slot
            /// (`\(ScreensParts.part(1, in: partsFolder).slot)`), so without one of them the resolver does not conform to `Resolver`.
            /// Declared here, not in Core, so that no file of Core reads every part's `Builders`: a screen
            /// added to a part then compiles that part's file of Core alone.
            extension \(resolver.typeName):
            \(parts.joined(separator: ",\n"))
            {}

            /// The builders of the screens `workspace new-feature` made: each calls its feature's entry,
            /// in the module App imports instead of the feature (docs/architecture.md, "Entries"). Without one
            /// of them, the app's resolver does not conform to its part's `Builders` and nothing compiles.
            extension \(resolver.typeName) {
            \(all.map { "    \($0.resolverBuilder) { \($0.entryName).makeScreen(descriptor, environment: environment) }\n" }.joined())}

            """
    }
}
