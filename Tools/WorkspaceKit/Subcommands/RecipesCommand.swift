import DataFormats
import Foundation

extension WorkspaceCommand {
    /// `workspace recipes [--check]`: App/App/Services/BundledRecipes.swift from App/bundled-recipes.json.
    func recipes(check: Bool, context: Context) throws -> ExitStatus {
        let json = BundledRecipesSource.jsonPath
        let swift = BundledRecipesSource.swiftPath
        let data: Data
        do {
            data = try FileContents.read(atPath: context.files.url(json).path)
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
        let current = try? context.files.read(swift)
        if check {
            guard let current, current == expected else {
                write(
                    UnifiedDiff.diff(from: current ?? "", to: expected, oldName: "\(swift) (as it is)", newName: "\(swift) (from \(json))"))
                writeError(
                    "recipes --check: \(swift) differs from what \(json) generates (diff above); edit \(json), not the Swift file, "
                        + "and run `Tools/workspace recipes`")
                return .failure
            }
            write("\(swift) is current with \(json)")
            return .success
        }
        if current == expected {
            write("\(swift) is current with \(json); nothing to write")
        } else {
            // Written whole to a temporary file and renamed over the old one, so a build never sees half.
            try context.files.write(expected, to: swift)
            write("wrote \(swift) from \(json)")
        }
        return .success
    }
}
