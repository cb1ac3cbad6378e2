import Foundation
import Testing

@testable import WorkspaceInsights

/// The reader against what Swift 6.3's driver printed on this kind of machine
/// (Tests/Fixtures/swift-6.3-driver, whose README says how each build was made).
@Suite("reading a build's output: what compiled, and why")
struct BuildOutputReaderTests {
    static let fixtures = RepositoryFiles(reading: "Tests/Fixtures/swift-6.3-driver")

    static func fixture(_ name: String) throws -> String {
        try fixtures.text("Tests/Fixtures/swift-6.3-driver/\(name).txt")
    }

    static func read(_ name: String, replacing: (String) -> String = { $0 }) throws -> BuildOutputReader {
        let text = try fixture(name)
        var reader = BuildOutputReader { module, file in "Sources/\(module)/\(file)" }
        for (index, line) in text.split(separator: "\n").enumerated() { reader.read(replacing(String(line)), at: Double(index) / 10) }
        return reader
    }

    static func causes(_ explanation: BuildRecord.Explanation) -> [String: [String: [String]]] {
        guard case .explained(let causes) = explanation else { return [:] }
        return Dictionary(
            uniqueKeysWithValues: causes.map { ("\($0.causeModule ?? "?").\($0.cause)", $0.recompiled.mapValues { $0.sorted() }) })
    }

    @Test("a clean build: every module and file compiled, nothing to explain")
    func clean() throws {
        let reader = try Self.read("clean")
        #expect(reader.kind(succeeded: true) == .clean)
        #expect(reader.explanation { nil } == .notNeeded)
        #expect(reader.modules.map(\.name) == ["Base", "FeatA", "FeatB", "app"])
        #expect(
            reader.modules.first?.files.sorted() == [
                "Sources/Base/Other.swift", "Sources/Base/Screens.swift", "Sources/Base/UsesScreens.swift",
            ])
        #expect(reader.modules.allSatisfy { ($0.seconds ?? -1) >= 0 })
    }

    @Test("nothing changed: up to date, no module")
    func upToDate() throws {
        let reader = try Self.read("up-to-date")
        #expect(reader.kind(succeeded: true) == .upToDate)
        #expect(reader.modules.isEmpty)
        #expect(reader.explanation { nil } == .notNeeded)
    }

    @Test("a member added to Screens: the edited file, and every file naming Screens in its own module and the two that import it")
    func memberAdded() throws {
        let reader = try Self.read("member-added")
        #expect(reader.kind(succeeded: true) == .incremental)
        #expect(
            Self.causes(reader.explanation { nil }) == [
                "Base.Sources/Base/Screens.swift": ["Base": ["Sources/Base/Screens.swift"]],
                "Base.Screens": [
                    "Base": ["Sources/Base/UsesScreens.swift"], "FeatA": ["Sources/FeatA/A1.swift"], "FeatB": ["Sources/FeatB/B1.swift"],
                ],
            ])
    }

    @Test("a file recompiled for an imported module's change without a trace: that module is its cause, not none")
    func invalidatedWithoutATrace() throws {
        // The driver's line for FeatB's file, as it prints it, with no `Traced:` line before it.
        let untraced = "remark: Incremental compilation: Invalidated externally; will queue  {compile: B1.swift.o <= B1.swift}"
        let reader = try Self.read("member-added") { line in
            line.hasPrefix("remark: Incremental compilation: Traced:") && line.hasSuffix("in B1.swift") ? "" : line
        }
        let causes = Self.causes(reader.explanation { nil })
        #expect(causes["Base.Base"] == ["FeatB": ["Sources/FeatB/B1.swift"]], "\(causes)")
        #expect(causes["Base.Screens"] == ["Base": ["Sources/Base/UsesScreens.swift"], "FeatA": ["Sources/FeatA/A1.swift"]])
        #expect(try Self.fixture("member-added").contains(untraced))
    }

    @Test("the lines a build printed about one module, picked from drivers speaking at once")
    func remarksOfOneModule() throws {
        let output = try Self.fixture("member-added")
            .split(separator: "\n").map(String.init)
        let featB = BuildExplanationEndToEndTests.driverRemarks(of: "FeatB", files: ["B1.swift", "B2.swift"], in: output)
        #expect(featB.contains("Invalidated externally; will queue  {compile: B1.swift.o <= B1.swift}"))
        #expect(featB.contains("FeatB.build/primary.priors"))
        #expect(featB.contains("[8/12] Compiling FeatB B1.swift"))
        #expect(!featB.contains("A1.swift") && !featB.contains("FeatA.build"))
    }

    @Test("a changed signature: each importing file is traced to the declaration it uses")
    func signatureChanged() throws {
        let reader = try Self.read("signature-changed")
        let causes = Self.causes(reader.explanation { nil })
        #expect(causes["Base.Sources/Base/Other.swift"] == ["Base": ["Sources/Base/Other.swift"]])
        #expect(causes["Base.helper"] == ["FeatA": ["Sources/FeatA/A2.swift"]])
        #expect(causes["Base.Screens.Feed"] == ["FeatA": ["Sources/FeatA/A1.swift"]])
        #expect(reader.modules.map(\.name) == ["Base", "FeatB", "FeatA"])
    }

    @Test("a body edited: the one file, its module alone")
    func bodyEdited() throws {
        let reader = try Self.read("body-edited")
        #expect(Self.causes(reader.explanation { nil }) == ["FeatA.Sources/FeatA/A3.swift": ["FeatA": ["Sources/FeatA/A3.swift"]]])
        #expect(reader.modules.map(\.name) == ["FeatA"])
    }

    @Test("a build that fails still says what it compiled")
    func failed() throws {
        let reader = try Self.read("failed")
        #expect(reader.kind(succeeded: false) == .incremental)
        #expect(reader.modules.map(\.name) == ["FeatA"])
    }

    @Test("output without the driver's remarks, or with remarks of an unknown shape, is recorded unexplained, and says so")
    func unknownDriver() throws {
        let plain = try Self.read("member-added") { $0.hasPrefix("remark:") ? "" : $0 }
        #expect(plain.explanation { "Swift version 9.9" } == .unknownDriverOutput(driverVersion: "Swift version 9.9"))
        #expect(plain.kind(succeeded: true) == .unknown)
        #expect(plain.modules.map(\.name) == ["Base", "FeatA", "FeatB"])

        let reworded = try Self.read("member-added") {
            $0.replacingOccurrences(of: "Incremental compilation: ", with: "Incremental compilation: v2 ")
        }
        #expect(reworded.explanation { nil } == .unknownDriverOutput(driverVersion: nil))
    }

    @Test("a build that did not ask for the driver's remarks records what compiled, and that the why was not asked")
    func remarksNotAsked() throws {
        var plain = try Self.read("member-added") { $0.hasPrefix("remark:") ? "" : $0 }
        plain.remarksAsked = false
        #expect(plain.explanation { "Swift version 9.9" } == .notAsked)
        #expect(plain.modules.map(\.name) == ["Base", "FeatA", "FeatB"])
    }

    @Test("declarations in the driver's words, as a person names them")
    func declarationNames() {
        #expect(DeclarationName(node: "interface of type '4Core7ScreensO6PantryV'") == .init(name: "Screens.Pantry", module: "Core"))
        #expect(DeclarationName(node: "interface of top-level name 'Screens' in Screens.swift") == .init(name: "Screens", module: nil))
        #expect(DeclarationName(node: "interface of member 'feed' of '4Core7ScreensO'") == .init(name: "Screens.feed", module: "Core"))
        #expect(DeclarationName(node: "interface of potential members of '4Core7ScreensO'") == .init(name: "Screens", module: "Core"))
        #expect(DeclarationName(node: "interface of source file from Core") == .init(name: "Core", module: "Core", isWholeFile: true))
        #expect(DeclarationName(node: "interface of type 'Sa'")?.name == "Sa")
        // Identifiers that reuse words of earlier ones, as `swift demangle` reads them.
        #expect(
            DeclarationName(node: "interface of type '12WorkspaceKit0A7CommandV'")
                == .init(name: "WorkspaceCommand", module: "WorkspaceKit"))
        #expect(
            DeclarationName(node: "interface of type '12WorkspaceKit16WorkspaceCommandV0B7OptionsV'")
                == .init(name: "WorkspaceCommand.KitOptions", module: "WorkspaceKit"))
        #expect(DeclarationName(node: "interface of type 's5ErrorP'") == .init(name: "Error", module: "Swift"))
        #expect(DeclarationName(node: "interface of type '4Core0Z7ThingsV'")?.name == "4Core0Z7ThingsV", "a word never spelt stays mangled")
        #expect(DeclarationName(node: "something else entirely") == nil)
    }

    @Test("the driver's remarks are kept out of what a person sees")
    func remarksAreNotShown() {
        #expect(BuildOutputReader.isDriverRemark("remark: Incremental compilation: Skipping input:  {compile: A.swift.o <= A.swift}"))
        #expect(!BuildOutputReader.isDriverRemark("[3/5] Compiling FeatA A3.swift"))
        #expect(!BuildOutputReader.isDriverRemark("/w/Features/Feed/Feed.swift:1:1: error: expected declaration"))
    }
}
