/// A file the workspace writes from a source of its own (`recipes`, `folding`): written whole when
/// it differs, or, with `--check`, compared and shown as a unified diff, writing nothing.
package struct GeneratedFile {
    /// The file, relative to the package.
    var path: String
    /// What it is written from, in words: "App/bundled-recipes.json".
    var source: String
    /// The subcommand that writes it: "recipes".
    var command: String
    /// What to do when `--check` finds it stale, after "differs from what SOURCE gives (diff above); ".
    var remedy: String

    package init(path: String, source: String, command: String, remedy: String) {
        self.path = path
        self.source = source
        self.command = command
        self.remedy = remedy
    }

    /// Writes `expected` (or, when `check`, compares it) and says what happened.
    package func update(to expected: String, check: Bool, in files: any FileSystem, _ environment: CommandEnvironment) throws -> ExitStatus
    {
        let current = try? files.read(path)
        if check {
            guard let current, current == expected else {
                environment.write(
                    UnifiedDiff.diff(from: current ?? "", to: expected, oldName: "\(path) (as it is)", newName: "\(path) (from \(source))"))
                environment.writeError("\(command) --check: \(path) differs from what \(source) gives (diff above); \(remedy)")
                return .failure
            }
            environment.write("\(path) is current with \(source)")
            return .success
        }
        if current == expected {
            environment.write("\(path) is current with \(source); nothing to write")
        } else {
            // Written whole to a temporary file and renamed over the old one, so a build never sees half.
            try files.write(expected, to: path)
            environment.write("wrote \(path) from \(source)")
        }
        return .success
    }
}
