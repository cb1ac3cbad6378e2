import Foundation
import Testing

@testable import WorkspaceKit

@Suite("new-feature: screens go into parts of Screens")
struct ScreensPartsTests {
    func command(_ files: InMemoryFileSystem = Fixtures.files()) throws -> NewFeature {
        NewFeature(manifest: try Fixtures.manifest(), files: files)
    }

    @Test func theDescriptorGoesIntoAPartOfScreensAndAFullPartStartsTheNext() throws {
        let files = Fixtures.files()
        let first = try command(files).plan("Pantry")
        let part = try #require(first.changes.first { $0.path == "Core/Core/Descriptors/Screens+Part01.swift" })

        #expect(part.kind == .create)
        #expect(part.summary == "Screens.Pantry (link pantry), in a new part of Screens")
        #expect(
            part.text.hasSuffix(
                """
                extension Screens {
                    /// The Pantry screen (made by `workspace new-feature`).
                    public struct Pantry: PlainScreenDescriptor {
                        public static let kind = ScreenKind.pantry
                        public static let linkPath = "pantry"

                        public init() {}

                        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
                            resolver.buildPantry(self, in: environment)
                        }
                    }
                }

                """))
        // The enum's own body is left alone: adding to it would recompile every screen's code.
        #expect(!first.changes.contains { $0.path == "Core/Core/Descriptors/Screens.swift" })

        // The next screen joins the part; a part holding its capacity starts the next one.
        try command(files).apply(first)
        let manifest = try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry"]))
        let second = try NewFeature(manifest: manifest, files: files).plan("MealPlan")
        #expect(
            second.changes.first { $0.path == "Core/Core/Descriptors/Screens+Part01.swift" }?.summary
                == "Screens.MealPlan (link meal-plan), the part's 2 of \(ScreensParts.capacity)")
        #expect(!second.changes.contains { $0.path == "Core/top-level-declarations.txt" })
        let full = try files.read("Core/Core/Descriptors/Screens+Part01.swift").replacingOccurrences(
            of: "public struct Pantry: PlainScreenDescriptor {", with: "public struct Filler: PlainScreenDescriptor {")
        var filled = full
        for index in 0..<ScreensParts.capacity {
            filled = try SourceEdits.addingMember(
                "public struct Filler\(index): PlainScreenDescriptor {}", toEnumNamed: "Screens", in: filled, path: "p", kind: "extension")
        }
        try files.write(filled, to: "Core/Core/Descriptors/Screens+Part01.swift")
        let third = try NewFeature(manifest: manifest, files: files).plan("MealPlan")
        #expect(third.changes.first { $0.path == "Core/Core/Descriptors/Screens+Part02.swift" }?.kind == .create)
        #expect(
            third.changes.first { $0.path == "Core/top-level-declarations.txt" }?.text.hasSuffix(
                "# Descriptors/Screens+Part02.swift\nextension Screens\n") == true)
    }
}
