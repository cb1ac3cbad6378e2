import Foundation

/// Runs one of the package's built executables as a child process, with piped input,
/// and collects what it printed. `swift test` builds every product first.
struct ProductProcess {
    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// The folder holding the built products (next to the test bundle).
    static let productsDirectory: URL = {
        #if os(macOS)
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }()

    let name: String
    /// A program that runs the product, e.g. `setpriv` with its options, to run it as another user.
    var launcher: [String] = []

    var executable: URL { Self.productsDirectory.appendingPathComponent(name) }

    /// Runs the product with `arguments`, feeding `input` to its stdin, with `environment` added
    /// to this process's variables, in `folder` (else this process's folder); kills it after `timeout`.
    func run(
        _ arguments: [String] = [], input: String = "", environment: [String: String] = [:], in folder: URL? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> Result {
        let workingFolder = folder
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("stdin")
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inputFile)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let workingFolder { process.currentDirectoryURL = workingFolder }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw TimedOut(name: name, arguments: arguments)
        }
        return Result(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            errorOutput: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        )
    }

    struct TimedOut: Error, CustomStringConvertible {
        let name: String
        let arguments: [String]
        var description: String { "\(name) \(arguments.joined(separator: " ")) did not finish in time" }
    }
}

/// A fresh, empty data directory for one test.
func temporaryDataDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("cookbook-e2e-\(UUID().uuidString)").path
}
