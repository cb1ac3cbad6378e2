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
    /// to this process's variables, in `folder` (else this process's folder). Stops it and throws,
    /// saying what it printed, after `timeout` or as soon as it says it waits on a build folder's
    /// lock (`BuildFolderLock`). It waits for a slot first (`ProcessSlots`); `timeout` counts from
    /// the start.
    func run(
        _ arguments: [String] = [], input: String = "", environment: [String: String] = [:], in folder: URL? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> Result {
        let workingFolder = folder
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: a pipe that fills up while the other is read would block the child.
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
        await ProcessSlots.shared.take()
        defer { ProcessSlots.shared.release() }
        try process.run()

        func printed(_ file: URL) -> String { String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self) }
        let command = "`\(([name] + arguments).joined(separator: " "))`"
        let deadline = ContinuousClock.now + timeout
        var looks = 0
        while process.isRunning {
            looks += 1
            if looks.isMultiple(of: 25), BuildFolderLock.isWaiting(in: printed(errorFile)) {
                await process.stop()
                throw Failure(description: BuildFolderLock.explanation(of: command, errorOutput: printed(errorFile)))
            }
            if ContinuousClock.now >= deadline || Task.isCancelled {
                await process.stop()
                throw Failure(
                    description: """
                        \(command) did not finish within \(timeout)\(Task.isCancelled ? " (the test was cancelled)" : ""); \
                        it printed:
                        \(printed(outputFile).suffix(1_500))
                        and on standard error:
                        \(printed(errorFile).suffix(1_000))
                        """)
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return Result(status: process.terminationStatus, output: printed(outputFile), errorOutput: printed(errorFile))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}

/// A fresh, empty data directory for one test.
func temporaryDataDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("cookbook-e2e-\(UUID().uuidString)").path
}
