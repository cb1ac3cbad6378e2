import Foundation

/// Reads `swift-build-tool`'s output, line by line, in a direct build (`Focus.directBuild`): what to
/// show, and what to tell the build insights, in SwiftPM's words.
///
/// The output is llbuild's description of each command it starts (`Compiling Swift Module 'Feed'
/// (5 sources)`) and, for the Swift driver's commands, the driver's parseable output: JSON messages
/// (`"kind" : "began"`, `"name" : "compile"`, the files in `"inputs"`) as SwiftPM reads them. The
/// descriptions are shown; each compile that began is handed on as SwiftPM's line for it
/// (`[0/0] Compiling Feed FeedTranslator.swift`), naming the module whose folder holds the file; and
/// what a finished job printed (a warning) is shown as the compiler printed it. The driver's
/// remarks go to the insights alone.
struct DirectBuildOutput {
    /// A file's path → the module it belongs to (`Features/Feed/X.swift` → Feed), or nil.
    let module: (String) -> String?

    private var message: [String] = []

    init(module: @escaping (String) -> String?) {
        self.module = module
    }

    /// The lines `line` stands for: to show, and to hand to the build insights.
    mutating func read(_ line: String) -> (shown: [String], recorded: [String]) {
        if !message.isEmpty || line == "{" {
            message.append(line)
            guard line == "}" else { return ([], []) }
            defer { message = [] }
            return readMessage(message.joined(separator: "\n"))
        }
        // A message's length comes on the line before it.
        if !line.isEmpty, line.allSatisfy(\.isNumber) { return ([], []) }
        // The driver's remarks (`-driver-show-incremental`) are the insights' to read, as in SwiftPM's output.
        if line.hasPrefix("remark: ") { return ([], [line]) }
        return ([line], [])
    }

    private func readMessage(_ text: String) -> (shown: [String], recorded: [String]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return ([], []) }
        let kind = object["kind"] as? String
        if kind == "began", object["name"] as? String == "compile", let inputs = object["inputs"] as? [String] {
            let compiled = inputs.filter { $0.hasSuffix(".swift") }.compactMap { path -> String? in
                module(path).map { "[0/0] Compiling \($0) \(URL(fileURLWithPath: path).lastPathComponent)" }
            }
            return ([], compiled)
        }
        if kind == "finished" || kind == "signalled", let output = object["output"] as? String, !output.isEmpty {
            return (output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }, [])
        }
        return ([], [])
    }
}
