import Testing

@testable import WorkspaceBase
@testable import WorkspaceScaffolding

@Suite("Reading Swift sources")
struct SwiftSourceTests {
    @Test func commentsAndStringContentsAreBlankedKeepingOffsetsAndLines() {
        let text = """
            let a = "x { y }" // a { comment
            /* block /* nested */ } */ let b = #"raw "quoted" }"#
            let c = \"\"\"
                import Fake }
                \\(value.map { $0 })
                \"\"\"
            let d = "interpolated \\(call("inner { string }")) end"
            """
        let source = SwiftSource(text)

        #expect(source.code.utf8.count == text.utf8.count)
        #expect(source.code.split(separator: "\n", omittingEmptySubsequences: false).count == 7)
        #expect(!source.code.contains("comment"))
        #expect(!source.code.contains("Fake"))
        #expect(!source.code.contains("inner"))
        #expect(source.code.contains("let b"))
        #expect(source.code.contains("call("))
        // Braces left in code: only the closure's, inside the interpolation.
        #expect(source.code.filter { $0 == "{" }.count == 1)
        #expect(source.code.filter { $0 == "}" }.count == 1)
    }

    @Test func importsAreFoundWithTheirLinesButNotInsideStringsOrComments() {
        let source = SwiftSource(
            """
            import Core
            @testable import Feed
            public import Foundation
            @preconcurrency import Dispatch
            import struct App.Thing
            // import Commented
            let template = \"\"\"
            import Generated
            \"\"\"
            #if canImport(Glibc)
            import Glibc
            #endif
            """)

        #expect(source.imports.map(\.module) == ["Core", "Feed", "Foundation", "Dispatch", "App", "Glibc"])
        #expect(source.imports.map(\.line) == [1, 2, 3, 4, 5, 11])
    }

    @Test func typeDeclarationsAndTheirInheritance() {
        let source = SwiftSource(
            Fixtures.testDoublesSwift + """

                protocol Special: Resolver {}
                extension StubResolver: Equatable where Self: Sendable {
                    func x() {}
                }
                struct Box<T: Hashable>: Resolver, @unchecked Sendable {}
                extension ScreensPart01.Builders where Self: Resolver {}
                """)
        let declarations = source.typeDeclarations

        #expect(declarations.map(\.name) == ["RecordingResolver", "Special", "StubResolver", "Box", "ScreensPart01.Builders"])
        #expect(declarations[0].kind == "class")
        #expect(declarations[0].inheritance == ["Sendable", "Core.Resolver"])
        #expect(declarations[0].inherits("Resolver"))
        #expect(declarations[0].line == 5)
        #expect(declarations[2].inheritance == ["Equatable"])
        #expect(declarations[3].inheritance == ["Resolver", "Sendable"])
        // A constraint is not a conformance: the part's extension is no resolver.
        #expect(declarations[4].inheritance == [])
    }

    @Test func qualifiedNamesOfIdentifiersAndDeclarations() throws {
        let source = SwiftSource(
            "func build(_ d: Core.Screens.Pantry, x: A.) {}\nenum Screens {\n    struct Pantry {\n        enum Row {}\n    }\n}\nextension Screens.Pantry {\n    struct Shelf {}\n}\n"
        )
        let text = source.text
        let offset = { (needle: String) throws -> Int in
            text.utf8.distance(from: text.utf8.startIndex, to: try #require(text.range(of: needle)).lowerBound)
        }
        #expect(source.qualifiedIdentifier(at: try offset("Core.")) == "Core.Screens.Pantry")
        #expect(source.qualifiedIdentifier(at: try offset("A.)")) == "A")
        let declarations = source.typeDeclarations
        #expect(
            declarations.map { $0.qualifiedName(among: declarations) } == [
                "Screens", "Screens.Pantry", "Screens.Pantry.Row", "Screens.Pantry", "Screens.Pantry.Shelf",
            ])
    }

    @Test func matchingBracketsSkipStrings() throws {
        let source = SwiftSource(#"let x = [ "]", "[" , f(")") ]"#)
        let open = try #require(source.firstOffset(of: UInt8(ascii: "["), from: 0))
        let close = try #require(source.matchingClose(ofOpenAt: open))
        #expect(close == source.text.utf8.count - 1)
    }

    @Test func resolverConformersAreFoundByDeclarationNotByName() {
        let found = ResolverConformers.find(
            in: Fixtures.testDoublesSwift + "\nprotocol Refined: Resolver {}\nstruct Other: Resolver {}\n", path: "T.swift")
        #expect(
            found == [
                .init(path: "T.swift", typeName: "RecordingResolver", line: 5),
                .init(path: "T.swift", typeName: "Other", line: 21),
            ])
    }

    @Test func theLinesHoldingAWordAreTheCodeLinesThatHoldIt() {
        for text in [
            "import Core\nlet s = \"import Fake\" // import Nope\n\n/* import X */ let a = 1; import Feed\n  @testable import App",
            "import Core\n\nlet é = 1; import Feed\n",
            "",
        ] {
            let source = SwiftSource(text)
            func described(_ lines: [(number: Int, offset: Int, text: String)]) -> [String] {
                lines.map { "\($0.number)@\($0.offset): \($0.text)" }
            }
            for needle in ["import", "let", "Feed", "zzz", ""] {
                #expect(
                    described(source.codeLines(containing: needle)) == described(source.codeLines.filter { $0.text.containsText(needle) }),
                    "\(needle) in \(text)")
            }
            for line in source.codeLines { #expect(source.codeLine(line.number) == line.text) }
            #expect(source.codeLine(0) == "")
            #expect(source.codeLine(source.codeLines.count + 1) == "")
        }
        #expect(SwiftSource("let x = 1\nimport A; import B\n").imports.map { "\($0.module)@\($0.line)" } == ["A@2", "B@2"])
    }
}

@Suite("Source index")
struct SourceIndexTests {
    @Test func publicTypesAreTopLevelOnes() throws {
        let files = Fixtures.files()
        try files.write(
            "public struct Outer {\n    public enum Format {}\n}\nstruct Internal {}\nimport struct Foundation.URL\npublic final class Shown<T>: Sendable where T == Int {}\n",
            to: "Core/Core/Types.swift")
        let index = SourceIndex(manifest: try Fixtures.manifest(), files: files)

        let types = index.publicTypes(in: ["Core"])
        #expect(types.isSuperset(of: ["Outer", "Shown", "Screen", "Recipe", "Screens", "ScreenKind", "Resolver"]))
        #expect(!types.contains("Format"))
        #expect(!types.contains("Internal"))
        #expect(!types.contains("Foundation.URL"))
    }

    @Test func screenDescriptorsAreReadFromCore() throws {
        let index = SourceIndex(manifest: try Fixtures.manifest(), files: Fixtures.files())
        #expect(index.screenDescriptors.map(\.name) == ["Feed", "Favorites"])
        #expect(index.screenDescriptors.map(\.qualifiedName) == ["Screens.Feed", "Screens.Favorites"])
        #expect(index.screensNamespaceFile == "Core/Core/Descriptors/Screens.swift")
        #expect(index.screenDescriptors.map(\.linkPath) == ["feed", "favorites"])
        #expect(index.screenDescriptors.map(\.hasEmptyInit) == [true, true])
        #expect(index.resolverConformers.map(\.typeName) == ["StubResolver", "AppResolver", "RecordingResolver"])
    }

    @Test func nestedScreenDescriptorsHaveTheirQualifiedNames() throws {
        let files = Fixtures.files()
        try files.write(
            """
            public enum Screens {
                /// `struct Fake: ScreenDescriptor {}` in a comment is not one.
                public struct Pantry: ScreenDescriptor {
                    public init(shelf: String) {}
                    public static let linkPath = "pantry/{shelf}"
                }
            }

            extension Core.Screens {
                public struct MealPlan: Hashable, ScreenDescriptor {
                    public init() {}
                }
            }

            """, to: "Core/Core/Descriptors/Screens.swift")
        let index = SourceIndex(manifest: try Fixtures.manifest(), files: files)
        let nested = index.screenDescriptors.filter { $0.path == "Core/Core/Descriptors/Screens.swift" }

        #expect(nested.map(\.qualifiedName) == ["Screens.Pantry", "Screens.MealPlan"])
        #expect(nested.map(\.name) == ["Pantry", "MealPlan"])
        #expect(nested.map(\.featureName) == ["Pantry", "MealPlan"])
        #expect(nested.map(\.line) == [3, 10])
        #expect(nested.map(\.linkPath) == ["pantry/{shelf}", nil])
        #expect(nested.map(\.hasEmptyInit) == [false, true])
        #expect(index.screensNamespaceFile == "Core/Core/Descriptors/Screens.swift")
    }

    @Test func aNewFileInATargetsFolderIsListedOnceTheIndexIsToldOfIt() throws {
        let files = Fixtures.files()
        let index = SourceIndex(manifest: try Fixtures.manifest(), files: files)
        let before = index.swiftFiles(ofTargetNamed: "Feed")
        try files.write("import Core\n", to: "Features/Feed/Deep/Added.swift")
        #expect(index.swiftFiles(ofTargetNamed: "Feed") == before, "listed once, not at every question")
        index.update(manifest: try Fixtures.manifest(), changed: ["Features/Feed/Deep/Added.swift"])
        #expect(index.swiftFiles(ofTargetNamed: "Feed") == (before + ["Features/Feed/Deep/Added.swift"]).sorted())
        #expect(SourceIndex.folders(holding: "Features/Feed/A.swift").contains("Features/Feed/"))
    }
}
