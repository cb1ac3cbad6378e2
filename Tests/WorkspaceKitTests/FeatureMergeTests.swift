import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceScaffolding

/// Two branches that each run `new-feature` merge with git as the repository's `.gitattributes`
/// says: without a conflict, and with registries equal to what the merged `features` generate.
@Suite("two branches that each add a feature merge")
struct FeatureMergeTests {
    static let repository = RepositoryFiles(reading: ".gitattributes")

    /// A copy of the fixture workspace on disk, a git repository with one commit on `main`.
    final class Repository {
        let root: URL
        let files: DiskFileSystem

        init(screens: [String] = []) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)")
            files = DiskFileSystem(root: root)
            let contents = Fixtures.files()
            // The fixture's test resolver builds every part's screen as a placeholder, as the repository's do.
            try contents.write(
                Fixtures.testDoublesSwift.replacingOccurrences(
                    of: "Core.Resolver {", with: "Core.Resolver, PlaceholderBuilding {"),
                to: "Tests/CoreTests/TestDoubles.swift")
            for path in contents.files(under: "") {
                try files.write(try contents.read(path), to: path)
            }
            try files.write(try FeatureMergeTests.repository.text(".gitattributes"), to: ".gitattributes")
            // Screens already there: named in Package.swift, their registries generated.
            for name in screens {
                try files.write(try SourceEdits.addingFeature(name, toManifest: try files.read("Package.swift")), to: "Package.swift")
            }
            for change in try NewFeature(manifest: try Self.manifest(adding: screens), files: files).registryChanges() {
                try files.write(change.text, to: change.path)
            }
            try git("init", "--quiet", "--initial-branch=main")
            try git("add", "--all")
            try git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "--quiet", "-m", "base")
        }

        static func manifest(adding features: [String]) throws -> Manifest {
            try Manifest.decode(json: Fixtures.manifestJSON(adding: features))
        }

        /// Runs git here; throws with its words if it fails, unless `allowingFailure`.
        @discardableResult
        func git(_ arguments: String..., allowingFailure: Bool = false) throws -> CommandResult {
            let result = try ProcessRunner(tell: { _ in }).capture("git", arguments, in: root.path)
            if result.status != 0, !allowingFailure {
                throw CommandError("git \(arguments.joined(separator: " ")) failed: \(result.output)\(result.errorOutput)")
            }
            return result
        }

        /// A branch from `main` on which `new-feature name` ran, committed.
        func branch(_ branch: String, adding name: String, to screens: [String]) throws {
            try git("checkout", "--quiet", "-b", branch, "main")
            let command = NewFeature(manifest: try Self.manifest(adding: screens), files: files)
            try command.apply(try command.plan(name))
            try git("add", "--all")
            try git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "--quiet", "-m", "new-feature \(name)")
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    @Test(
        "the merge has both features, and its registries are what the merged features generate",
        arguments: [("Pantry", "Pasta"), ("Pasta", "Pantry"), ("Almanac", "Zest"), ("Zest", "Almanac")])
    func twoFeatures(_ first: String, _ second: String) async throws {
        let (merge, conflicts, package, stale) = try await onItsOwnThread {
            let repository = try Repository()
            try repository.branch("first", adding: first, to: [])
            try repository.branch("second", adding: second, to: [])
            try repository.git("checkout", "--quiet", "first")
            let merge = try repository.git(
                "-c", "user.name=Test", "-c", "user.email=test@example.com", "merge", "--no-edit", "second", allowingFailure: true)
            let conflicts = try repository.git("diff", "--name-only", "--diff-filter=U").output
            let package = try repository.files.read("Package.swift")
            let stale = try NewFeature(manifest: try Repository.manifest(adding: [first, second]), files: repository.files)
                .registryChanges()
            return (merge, conflicts, package, stale.map(\.path))
        }
        #expect(merge.status == 0, "\(merge.output)\(merge.errorOutput)")
        #expect(conflicts.isEmpty)
        #expect(try ScreenRegistry.declaredFeatures(in: package) == ["Feed", "Favorites", first, second])
        #expect(stale.isEmpty, "stale after the merge: \(stale)")
    }

    @Test("two features whose names fall in one part, beside others there, merge into that part as generated")
    func twoFeaturesInOnePart() async throws {
        let filler = (1...30).map { "Filler\($0)" }
        let partner = try #require(
            (1...200).lazy.map { "Dish\($0)" }.first { ScreensParts.number(of: $0) == ScreensParts.number(of: "Pantry") })
        let (merge, conflicts, stale) = try await onItsOwnThread {
            let repository = try Repository(screens: filler)
            try repository.branch("first", adding: "Pantry", to: filler)
            try repository.branch("second", adding: partner, to: filler)
            try repository.git("checkout", "--quiet", "first")
            let merge = try repository.git(
                "-c", "user.name=Test", "-c", "user.email=test@example.com", "merge", "--no-edit", "second", allowingFailure: true)
            let conflicts = try repository.git("diff", "--name-only", "--diff-filter=U").output
            let stale = try NewFeature(manifest: try Repository.manifest(adding: filler + ["Pantry", partner]), files: repository.files)
                .registryChanges()
            return (merge, conflicts, stale.map(\.path))
        }
        #expect(merge.status == 0, "\(merge.output)\(merge.errorOutput)")
        #expect(conflicts.isEmpty)
        #expect(stale.isEmpty, "stale after the merge: \(stale)")
    }

    @Test("a feature both branches added is named twice after the merge, and the registries refuse it in words")
    func aDuplicatedName() throws {
        let manifest = Fixtures.packageSwift.replacingOccurrences(
            of: "    Favorites\n", with: "    Favorites\n    Pantry\n    Pantry\n")
        let files = Fixtures.files()
        try files.write(manifest, to: "Package.swift")
        let command = NewFeature(manifest: try Fixtures.manifest(), files: files)
        let error = #expect(throws: NewFeature.Failure.self) { try command.registryChanges() }
        #expect(error?.message.contains("names the feature Pantry more than once in `features`") == true)
    }
}
