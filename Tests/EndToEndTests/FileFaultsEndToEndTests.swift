import Core
import CoreTesting
import Foundation
import HTTPTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files the built `cookbook` writes, when the disk is full, when a path is a link, a named
/// pipe or a device, and after a write was killed.
@Suite("files: full disks, links, pipes and leftovers")
struct FileFaultsEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// `cookbook` run with `mountPoint` on a disk of `size` bytes (a tmpfs, in a mount namespace of
    /// its own, so the machine's disk is never filled), `fill` bytes of it taken first (nil: all
    /// of it). `keep` is copied off that disk to `to` once the run ends, for the test to read.
    func onASmallDisk(_ mountPoint: String, size: Int, fill: Int?, keep: (file: String, to: String)? = nil) async throws -> ProductProcess {
        guard let unshare = ["/usr/bin/unshare", "/bin/unshare"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            try Test.cancel("a full disk is made with unshare (util-linux) and a tmpfs, and unshare is not there")
        }
        let filling = fill.map { "head -c \($0) /dev/zero > \"$MP/fill\";" } ?? "cat /dev/zero > \"$MP/fill\" 2>/dev/null;"
        let copying = keep.map { "cp \"\($0.file)\" \"\($0.to)\" 2>/dev/null;" } ?? ""
        let script = "mount -t tmpfs -o size=\(size) tmpfs \"$MP\" || exit 97; \(filling) \"$0\" \"$@\"; status=$?; \(copying) exit $status"
        let program = ProductProcess(
            name: "cookbook", launcher: [unshare, "--user", "--map-root-user", "--mount", "env", "MP=\(mountPoint)", "sh", "-c", script])
        let probe = try await program.run(["--version"])
        guard probe.status == 0 else {
            try Test.cancel(
                Comment(rawValue: "this system does not let the tests mount a small disk (\(probe.status): \(probe.errorOutput))"))
        }
        return program
    }

    @Test("a database that cannot start on a full disk says the disk is full, not “disk I/O error”, and the run goes on in memory")
    func fullDiskAtStart() async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let program = try await onASmallDisk(directory, size: 64 << 10, fill: nil)

        let run = try await program.run(["--data-dir", directory], input: "tab \"Shopping list\"\ntype milk\nquit\n")

        #expect(run.status == 4, "stderr: \(run.errorOutput)")
        #expect(run.errorOutput.contains("The disk holding \(directory)/cookbook.sqlite is full. Free some disk space, then try again."))
        #expect(run.errorOutput.contains("cannot write the event log \(directory)/logs/events.jsonl: the disk is full."))
        #expect(run.output.contains("! Not saving: the disk is full"))
        #expect(!run.errorOutput.contains("disk I/O error"))
    }

    @Test("the event log on a disk that fills up mid-line: every line in the file is whole, and the reason is said once")
    func fullDiskEventLog() async throws {
        let directory = temporaryDataDirectory()
        let copy = temporaryDataDirectory() + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.createDirectory(atPath: directory + "/logs", withIntermediateDirectories: true)
        let log = directory + "/logs/events.jsonl"
        let program = try await onASmallDisk(directory + "/logs", size: 8 << 10, fill: 0, keep: (log, copy))
        let script = String(repeating: "tab Search\ntab Feed\n", count: 60) + "quit\n"

        let run = try await program.run(["--data-dir", directory], input: script)

        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(run.errorOutput == "cookbook: cannot write the event log \(log): the disk is full. Events are not recorded for this run.\n")
        let text = try String(contentsOfFile: copy, encoding: .utf8)
        #expect(text.utf8.count > 4096, "the disk filled up: \(text.utf8.count) bytes")
        #expect(text.hasSuffix("\n"), "the last line is whole")
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
    }

    @Test("a named pipe where the database or the event log goes: said in words at once, no wait")
    func namedPipes() async throws {
        for name in ["cookbook.sqlite", "logs/events.jsonl"] {
            let directory = temporaryDataDirectory()
            try FileManager.default.createDirectory(atPath: directory + "/logs", withIntermediateDirectories: true)
            #expect(mkfifo(directory + "/" + name, 0o644) == 0)

            let run = try await cookbook.run(["--data-dir", directory], input: "quit\n", timeout: .seconds(20))

            #expect(
                run.errorOutput.contains("\(directory)/\(name)") && run.errorOutput.contains("is a named pipe (FIFO), not a regular file"),
                "\(run.errorOutput)")
        }
    }

    @Test(
        "--record through a link to a private cassette writes the cassette, keeps the link and the mode, and removes a killed recording's leftover"
    )
    func recordThroughALink() async throws {
        let folder = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cassette = folder + "/search.json"
        let link = folder + "/link.json"
        let server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: Fixtures.recipes))
        let first = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString, "--record", cassette], input: "quit\n")
        #expect(first.status == 0, "stderr: \(first.errorOutput)")
        #expect(chmod(cassette, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "search.json")
        // What a recording killed while writing left: its process is long gone.
        let leftover = folder + "/.search.json.cookbook-2147483646-3.tmp"
        try Data(count: 864 << 10).write(to: URL(fileURLWithPath: leftover))

        let again = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString, "--record", link],
            input: "tab Search\ntype curry\nexpect \"Curry Rice\"\nquit\n")

        #expect(again.status == 0, "stderr: \(again.errorOutput)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "search.json")
        #expect(try String(contentsOfFile: cassette, encoding: .utf8).contains("q=curry"))
        #expect(try FileManager.default.attributesOfItem(atPath: cassette)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["link.json", "search.json"])
    }

    @Test("a named pipe as a cassette, to record or replay: refused at once, exit 3")
    func cassettePipe() async throws {
        let pipe = temporaryDataDirectory() + ".json"
        #expect(mkfifo(pipe, 0o644) == 0)
        defer { unlink(pipe) }
        let server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: Fixtures.recipes))
        for arguments in [["--api-url", server.baseURL.absoluteString, "--record", pipe], ["--replay", pipe]] {
            let run = try await cookbook.run(["--data-dir", temporaryDataDirectory()] + arguments, input: "quit\n", timeout: .seconds(20))
            #expect(run.status == 3)
            #expect(
                run.errorOutput.contains("the cassette \(pipe) cannot be used: it is a named pipe (FIFO), not a regular file"),
                "\(run.errorOutput)")
        }
    }
}
