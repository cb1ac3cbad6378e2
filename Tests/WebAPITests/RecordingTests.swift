import Core
import CoreTesting
import DataFormats
import Foundation
import Testing
import WebAPI

@Suite("Recording a cassette")
struct RecordingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A live web API that answers the feed, and each recipe with its id, with headers a
    /// cassette must not keep.
    let live = FakeTransport { request in
        let secrets = ["Set-Cookie": "session=s3cret", "X-Api-Key": "k3y", "Retry-After": "1"]
        if request.path == "/feed" {
            return FakeTransport.json(RecipeFeed(popular: Array(Fixtures.recipes.prefix(2)), new: []), headers: secrets)
        }
        return FakeTransport.json(Fixtures.recipes[0], headers: secrets)
    }

    func recordingClient(_ file: String) throws -> HTTPRecipeClient {
        let recorder = try CassetteRecorder(file: file, server: "http://live.test", recordedWith: "cookbook test")
        return HTTPRecipeClient(transport: RecordingTransport(live: live, recorder: recorder))
    }

    @Test("every exchange is written with its typed call; only allow-listed headers are kept")
    func records() async throws {
        let file = folder + "/c.json"
        let client = try recordingClient(file)
        _ = try await client.feed()
        _ = try await client.recipe(id: 1)

        let cassette = try Cassette.load(from: file)
        #expect(cassette.server == "http://live.test")
        #expect(cassette.recordedWith == "cookbook test")
        #expect(cassette.interactions.map(\.call) == [.feed, .recipe(id: 1)])
        #expect(cassette.interactions.map(\.request.line) == ["GET /feed", "GET /recipes/1"])
        #expect(cassette.interactions[0].request.headers == ["Accept": "application/json"])
        #expect(cassette.interactions[0].response.headers == ["Content-Type": "application/json", "Retry-After": "1"])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains("s3cret") && !text.contains("k3y"), "no header outside the allow-list reaches the file")
    }

    @Test("recording again replaces a request's old answers and keeps the others; a run's repeats are kept in order")
    func recordsAgain() async throws {
        let file = folder + "/c.json"
        let first = try recordingClient(file)
        _ = try await first.feed()
        _ = try await first.recipe(id: 1)

        let second = try recordingClient(file)
        _ = try await second.feed()
        _ = try await second.feed()

        let lines = try Cassette.load(from: file).interactions.map(\.request.line)
        #expect(lines == ["GET /recipes/1", "GET /feed", "GET /feed"])
    }

    @Test("a file that is not a cassette is not recorded over")
    func refusesOtherFiles() throws {
        let file = folder + "/recipes.json"
        try Data("[{\"id\": 1}]".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: CassetteError.self) { try CassetteRecorder(file: file, server: "http://live.test", recordedWith: "x") }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "[{\"id\": 1}]")
    }

    @Test("an answer that cannot be recorded fails the call, saying so, rather than pretending it was recorded")
    func cannotWrite() async throws {
        let inner = folder + "/inner"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let client = try recordingClient(inner + "/c.json")
        try FileManager.default.removeItem(atPath: inner)

        let error = try await #require(throws: APIError.self) { try await client.feed() }
        guard case .recordingFailed(let failure) = error else {
            Issue.record("expected recordingFailed, got \(error)")
            return
        }
        #expect(failure.file == inner + "/c.json")
        #expect(error.localizedDescription.contains("the answer came, but the cassette"))
    }
}

@Suite("Web API options")
struct WebAPIOptionsTests {
    func parse(_ pairs: [String: String], recording: Bool = true) throws(WebAPIOptionError) -> WebAPIOptions? {
        try WebAPIOptions.parse({ pairs[$0] }, recording: recording)
    }

    @Test("none given: the program keeps its own recipes")
    func none() throws {
        #expect(try parse([:]) == nil)
    }

    @Test(
        "combinations that cannot work are refused in words",
        arguments: [
            (["--record": "c.json"], "--record FILE needs --api-url URL: the web API to record"),
            (["--api-url": "http://h", "--record": "c.json", "--replay": "d.json"], "--record and --replay cannot be used together"),
            (["--replay-mode": "passthrough"], "--replay-mode passthrough needs --replay FILE"),
            (["--replay": "c.json", "--replay-mode": "lenient"], "--replay-mode is strict or passthrough, not “lenient”"),
            (
                ["--replay": "c.json", "--replay-mode": "passthrough"],
                "--replay-mode passthrough needs --api-url URL: where requests not in the cassette go"
            ),
            (["--api-timeout": "5"], "--api-timeout needs --api-url URL"),
            (
                ["--api-url": "ftp://h"],
                "--api-url needs an http:// or https:// URL with a host, not “ftp://h” (for example http://127.0.0.1:8080)"
            ),
        ])
    func refused(_ pairs: [String: String], message: String) {
        #expect(throws: WebAPIOptionError(message)) { try parse(pairs) }
    }

    @Test("a sandbox has no --record: it is not read there")
    func sandboxHasNoRecord() throws {
        #expect(try parse(["--record": "c.json"], recording: false) == nil)
        #expect(!WebAPIOptions.help(recording: false).contains { $0.name == "--record" })
    }

    @Test("replay reads the cassette before anything starts: a bad one is a startup error naming it")
    func badCassette() throws {
        let options = try #require(try parse(["--replay": "/nonexistent/c.json"]))
        let error = try #require(throws: WebAPIStartupError.self) {
            try options.makeClient(
                recordedWith: "x", networking: { () throws(NetworkingLibraryError) in throw NetworkingLibraryError("not needed") })
        }
        #expect(error.message.hasPrefix("the cassette /nonexistent/c.json cannot be used: there is no such file"))
    }

    @Test("strict replay never loads the network code")
    func strictNeedsNoNetwork() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Cassette(server: "http://h").write(to: file)
        let made = try #require(try parse(["--replay": file])).makeClient(
            recordedWith: "x",
            networking: { () throws(NetworkingLibraryError) in throw NetworkingLibraryError("the network code was loaded") })
        #expect(!made.isLive)
        #expect(made.description == "cassette \(file) (replayed, strict)")
    }
}
