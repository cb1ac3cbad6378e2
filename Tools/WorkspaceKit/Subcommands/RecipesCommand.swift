import DataFormats
import Foundation
import WorkspaceBase
import WorkspaceData

/// `workspace recipes [--check]`: App/App/Services/BundledRecipes.swift from App/bundled-recipes.json.
struct RecipesCommand: Subcommand {
    static let name = "recipes"
    static let summary = """
        write App/App/Services/BundledRecipes.swift (the recipes the app compiles in) from
        App/bundled-recipes.json (the shape --dataset FILE reads); --check writes nothing
        and fails with a unified diff when the Swift file differs from what the JSON gives
        """
    enum Option {
        static let check = CommandLineOption.flag(
            "--check", help: "write nothing; fail with a unified diff when the Swift file differs\nfrom what the JSON gives")
    }
    static let options = CommandLineSyntax(options: [Option.check])

    var check: Bool
    var package: PackageOptions

    init(_ arguments: ParsedArguments) {
        check = arguments.has(Option.check)
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let workspace = try environment.workspace(package)
        let writeError = environment.writeError
        let json = BundledRecipesSource.jsonPath
        let swift = BundledRecipesSource.swiftPath
        let data: Data
        do {
            data = try FileContents.read(atPath: workspace.files.url(json).path)
        } catch {
            writeError("workspace recipes: \(json) cannot be read (\(error.localizedDescription)); nothing written")
            return .failure
        }
        let expected: String
        do {
            expected = try BundledRecipesSource.swift(fromJSON: data, file: json)
        } catch {
            writeError("workspace recipes: \(error); nothing written")
            return .failure
        }
        let file = GeneratedFile(
            path: swift, source: json, command: Self.name, remedy: "edit \(json), not the Swift file, and run `Tools/workspace recipes`")
        return try file.update(to: expected, check: check, in: workspace.files, environment)
    }
}
