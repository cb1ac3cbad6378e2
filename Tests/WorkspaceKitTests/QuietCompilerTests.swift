import Foundation
import Testing

@testable import WorkspaceBase

@Suite("the focus's compiler without the driver's fingerprint remarks")
struct QuietCompilerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiet-compiler-\(UUID().uuidString)")

    /// Runs `script` with `arguments` under bash; its standard output, standard error and status.
    func run(_ script: String, _ arguments: [String]) throws -> (output: String, errors: String, status: Int32) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("quiet")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [file.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self), process.terminationStatus)
    }

    @Test("fingerprint remarks are left out; the other remarks, SwiftPM's framed messages, the arguments and the status pass")
    func filters() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A stand-in for swiftc that speaks as the driver does: everything on standard error.
        let compiler = folder.appendingPathComponent("swiftc's driver").path
        try """
        #!/bin/bash
        echo "arguments: $*"
        {
          echo 17
          echo '{"kind":"began"}'
          echo "remark: Incremental compilation: Fingerprint missing for existing interface of member 'Pantry' of '4Core7ScreensO' in Modules"
          echo "remark: Incremental compilation: Scheduling changed input  {compile: A.swift.o <= A.swift}"
          echo "remark: Incremental compilation: Fingerprint missing for existing implementation of member 'Pantry' of '4Core7ScreensO' in Modules"
          echo "A.swift:1:1: error: expected declaration"
        } >&2
        exit 3
        """.write(toFile: compiler, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: compiler)

        let result = try run(Focus.quietCompilerScript(running: compiler), ["-module-name", "Feed", "a file.swift"])
        #expect(result.status == 3, "the compiler's status")
        #expect(result.output == "arguments: -module-name Feed a file.swift\n")
        #expect(
            result.errors == """
                17
                {"kind":"began"}
                remark: Incremental compilation: Scheduling changed input  {compile: A.swift.o <= A.swift}
                A.swift:1:1: error: expected declaration

                """)
    }

    @Test("written once into the focus, runnable, running the swiftc the path finds by its name; none without one")
    func written() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let focus = Focus(packageRoot: folder.path, folder: folder.appendingPathComponent(".build/focus").path)
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        #expect(focus.quietCompiler(path: bin.path) == nil, "no swiftc on the path")
        try "#!/bin/bash\n".write(to: bin.appendingPathComponent("swift-driver"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("swift-driver").path)
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("swiftc").path, withDestinationPath: bin.appendingPathComponent("swift-driver").path)
        #if os(Linux)
            let quiet = try #require(focus.quietCompiler(path: "relative/bin:" + bin.path))
            #expect(quiet == focus.quietCompilerFile)
            #expect(FileManager.default.isExecutableFile(atPath: quiet))
            let script = try String(contentsOfFile: quiet, encoding: .utf8)
            #expect(
                script == Focus.quietCompilerScript(running: bin.appendingPathComponent("swiftc").path), "the link's name, not swift-driver"
            )
        #else
            #expect(focus.quietCompiler(path: bin.path) == nil, "not on macOS")
        #endif
    }
}
