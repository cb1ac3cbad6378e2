/// The workspace's conventions, in one place: what the rules, the generator and the change
/// analysis assume about names and folders. docs/architecture.md explains them.
public enum Conventions {
    /// The module every feature imports, and the only one it may.
    public static let core = "Core"
    /// The enum of Core whose body holds the screen descriptors `new-feature` adds: a new member
    /// of an existing type recompiles no feature, a new top-level name recompiles them all
    /// (docs/benchmarks.md, "Core fan-out").
    public static let screensNamespace = "Screens"
    /// How a generated screen's tag ends (`PantryTag`, the tag of `Screens.Pantry`), and the protocol tags conform to.
    public static let screenTagSuffix = "Tag"
    public static let screenTagProtocol = "ScreenTag"
    /// The stub environment of tests and sandboxes.
    public static let coreTesting = "CoreTesting"
    /// What every sandbox shares.
    public static let sandboxSupport = "SandboxSupport"
    /// The composition root, and who may depend on it.
    public static let app = "App"
    public static let appDependents: Set<String> = [appProgram, "AppTests"]
    /// The app's executable: what `swift run cookbook` builds and starts.
    public static let appProgram = "cookbook"

    /// What a sandbox may depend on besides its own feature.
    public static let sandboxDependencies: Set<String> = [core, coreTesting, sandboxSupport]

    /// Files outside every target whose change can affect anything.
    public static let manifestFiles: Set<String> = ["Package.swift", "Package.resolved"]

    /// The one module that may import FoundationNetworking; on Linux the programs load it only
    /// when a web API is used (docs/web-api.md), so none may link it.
    public static let networkingModule = "URLSessionHTTP"

    /// Modules every target may import without declaring them: the platform's.
    public static let systemModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "FoundationXML", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "Testing", "XCTest",
    ]

    /// Test targets that run the package's built executables rather than importing modules:
    /// they depend on the executables they name (every one, if they name none), although the
    /// manifest cannot say so. Besides these, any test target that starts processes and names
    /// an executable in a string literal counts.
    public static let endToEndTestTargets: Set<String> = ["EndToEndTests"]

    /// The allowed top-level declarations of Core, one `kind name` a line (`struct Recipe`,
    /// `extension Recipe`): every feature recompiles when Core's top-level names change, so a new
    /// one is a decision recorded here, beside Core's folders and outside every target's.
    public static let coreTopLevelAllowList = "Core/top-level-declarations.txt"

    /// The spec XcodeGen reads.
    public static let specPath = "project-spec.yml"

    /// The layers, top folders of the modules, in the order the docs show them: what features
    /// import, the runtime the app injects, the features, the sandboxes and what they share, the
    /// composition root, the tests' support and the tooling.
    public static let layers = ["Core", "Platform", "Features", "Sandboxes", "App", "Tests", "Tools"]

    /// The documents whose module graph and table `workspace spec` writes from the manifest,
    /// between the markers of `ModuleDocs`.
    public static let moduleDocuments = ["README.md", "docs/architecture.md"]

    /// The workspace tool's own package (`Tools/Package.swift`), which `Tools/workspace` builds so
    /// that starting the tool never plans the workspace; and the tool's program in it.
    public static let toolPackageFolder = "Tools"
    public static let toolProgram = "workspace"

    /// Where the app's entries to the features are: `App/Entries/EntriesPart07/PantryEntry.swift`,
    /// in the module of the feature's part.
    public static let entriesFolder = "App/Entries"

    /// How the app builds a feature's screens: `enum PantryEntry`, the one file of App's side that
    /// imports the feature. App imports the entries' modules, never a feature, so an edit inside
    /// the feature recompiles the entry's one file and not App's.
    public static func entry(of feature: String) -> String { "\(feature)Entry" }

    /// How many parts the screens of `Screens` and the modules of entries are split into, all of
    /// them from the start (docs/architecture.md, "Screens in parts").
    public static let partCount = 20

    /// The part a feature's screen and its entry go into, 1 through `partCount`: FNV-1a of the
    /// name's UTF-8 bytes, the same on every machine and every run (Swift's own `hashValue` is
    /// seeded per process). Package.swift's `part(of:)` computes the same.
    public static func part(of name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash % UInt32(partCount)) + 1
    }

    /// A part's number as its names write it: `07`.
    public static func partDigits(_ part: Int) -> String {
        let digits = String(part)
        return String(repeating: "0", count: max(0, 2 - digits.count)) + digits
    }

    /// The module holding the entries of the features in part `part`: `EntriesPart07`. Twenty
    /// modules, not one a feature, so that the app's build plans and checks a twentieth of the
    /// entries' targets.
    public static func entriesModule(ofPart part: Int) -> String { "EntriesPart\(partDigits(part))" }

    /// The module holding a feature's entry.
    public static func entriesModule(of feature: String) -> String { entriesModule(ofPart: part(of: feature)) }

    /// A feature's entry file: `App/Entries/EntriesPart07/PantryEntry.swift`.
    public static func entryFile(of feature: String) -> String {
        "\(entriesFolder)/\(entriesModule(of: feature))/\(entry(of: feature)).swift"
    }

    /// The test target of a module.
    public static func testTarget(of module: String) -> String { "\(module)Tests" }

    /// The sandbox of a feature.
    public static func sandbox(of feature: String) -> String { "\(feature)Sandbox" }

    /// A `Screens.X` of a part (`ScreensPart01.Pantry`) as other modules write it: `Screens.Pantry`.
    static func publicScreenName(of qualifiedName: String) -> String {
        let components = qualifiedName.split(separator: ".")
        guard components.count == 2, let namespace = components.first, namespace.hasPrefix("\(Conventions.screensNamespace)Part"),
            namespace.dropFirst("\(Conventions.screensNamespace)Part".count).allSatisfy(\.isNumber)
        else { return qualifiedName }
        return "\(Conventions.screensNamespace).\(components[1])"
    }
}
