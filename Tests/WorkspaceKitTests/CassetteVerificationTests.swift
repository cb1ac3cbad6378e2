import DataFormats
import Foundation
import Testing

@testable import WorkspaceData
@testable import WorkspaceKit

@Suite("workspace cassette verify")
struct CassetteVerificationTests {
    func response(_ status: Int = 200, _ body: String, type: String = "application/json") -> RecordedResponse {
        RecordedResponse(status: status, headers: ["Content-Type": type], body: Data(body.utf8))
    }

    @Test("the same shape with other data is no difference; a changed field is named with its path")
    func compare() {
        let recorded = response(200, #"{"recipes": [{"id": 1, "title": "A"}], "total": 1}"#)
        #expect(CassetteVerification.compare(recorded: recorded, live: response(200, #"{"recipes": [], "total": 9}"#)).isEmpty)
        let changed = CassetteVerification.compare(
            recorded: recorded, live: response(200, #"{"recipes": [{"id": 1, "name": "A"}], "total": 1}"#))
        #expect(changed.fields.map(\.description) == ["+ .recipes[].name (string): added", "- .recipes[].title (string): removed"])
    }

    @Test("another status or content type is said first; bodies are not compared then")
    func headline() {
        let recorded = response(200, "{}")
        #expect(CassetteVerification.compare(recorded: recorded, live: response(404, "{}")).headline == "status 200 → 404")
        #expect(
            CassetteVerification.compare(recorded: recorded, live: response(200, "<p>", type: "text/html; charset=utf-8")).headline
                == "content type application/json → text/html")
        #expect(
            CassetteVerification.compare(recorded: recorded, live: response(200, "{}", type: "Application/JSON; charset=utf-8")).isEmpty)
    }

    @Test("each recorded request is asked again under --api-url, with its recorded headers, and reported")
    func run() async throws {
        let cassette = Cassette(
            server: "http://recorded.test",
            interactions: [
                Cassette.Interaction(
                    call: .feed, request: RecordedRequest(method: "GET", path: "/feed", headers: ["Accept": "application/json"]),
                    response: response(200, #"{"popular": [], "new": []}"#)),
                Cassette.Interaction(
                    call: .recipe(id: 2), request: RecordedRequest(method: "GET", path: "/recipes/2", query: ["x=a b"]),
                    response: response(200, #"{"id": 2}"#)),
            ])
        let asked = Asked()
        let verification = CassetteVerification(
            cassette: cassette, baseURL: try #require(URL(string: "http://live.test/api")), timeout: 5,
            exchange: { method, url, headers, _, _ in
                asked.append("\(method) \(url.absoluteString) \(headers)")
                if url.path.hasSuffix("/feed") {
                    return (200, ["Content-Type": "application/json"], Data(#"{"popular": [], "new": []}"#.utf8))
                }
                throw URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "the connection was refused"])
            })

        let findings = await verification.run()

        #expect(
            asked.lines == [
                "GET http://live.test/api/feed [\"Accept\": \"application/json\"]", "GET http://live.test/api/recipes/2?x=a%20b [:]",
            ])
        let (lines, outcome) = CassetteVerification.report(
            findings, file: "c.json", server: try #require(URL(string: "http://live.test/api")))
        #expect(outcome == .unanswered)
        #expect(
            lines == [
                "cassette verify: c.json, 2 recorded answers, asked again at http://live.test/api",
                "  GET /feed: same shape",
                "  GET /recipes/2?x=a b: no answer: the connection was refused",
                "1 of 2 requests got no answer from http://live.test/api, so nothing was compared for it: is the web API running there? "
                    + "Start it, or give its address with --api-url, and verify again; the cassette need not be recorded again for what did answer.",
            ])
    }

    @Test("a changed answer asks for a new recording; a down server as well is said besides")
    func changedAndDown() throws {
        let server = try #require(URL(string: "http://live.test"))
        let changed = CassetteVerification.Difference(headline: "status 200 → 404")
        let down = CassetteVerification.Difference(noAnswer: "the connection was refused")
        let (onlyChanged, changedOutcome) = CassetteVerification.report([("GET /feed", changed)], file: "c.json", server: server)
        #expect(changedOutcome == .differs)
        #expect(onlyChanged.last == "1 of 1 answers differ: record the cassette again (cookbook --api-url URL --record c.json).")
        let (both, bothOutcome) = CassetteVerification.report(
            [("GET /feed", changed), ("GET /recipes/1", down)], file: "c.json", server: server)
        #expect(bothOutcome == .differs)
        #expect(
            both.last?.hasSuffix(
                "Besides, 1 of 2 requests got no answer from http://live.test, so nothing was compared for it: is the web API running there? Start it, or give its address with --api-url, and verify again."
            ) == true)
        let (none, noneOutcome) = CassetteVerification.report([("GET /feed", .init())], file: "c.json", server: server)
        #expect(noneOutcome == .matches)
        #expect(none.last == "Every answer has the recorded shape.")
    }

    @Test("with the server down, the command exits 3 and does not ask for a new recording, from a folder with no package")
    func serverDown() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-anywhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cassette = Cassette(
            server: "http://recorded.test",
            interactions: [
                Cassette.Interaction(
                    call: .feed, request: RecordedRequest(method: "GET", path: "/feed"),
                    response: response(200, #"{"popular": [], "new": []}"#))
            ])
        try cassette.encoded().write(to: folder.appendingPathComponent("feed.json"))
        var output: [String] = []
        var errors: [String] = []
        // Port 9 (discard) on the loopback: nothing listens there, so the connection is refused at once.
        let status = WorkspaceCommand(
            runner: ScriptedRunner([:]), currentDirectory: folder.path, write: { output.append($0) }, writeError: { errors.append($0) }
        ).run(["cassette", "verify", "feed.json", "--api-url", "http://127.0.0.1:9", "--timeout", "5"])
        #expect(status == 3, "\(output) \(errors)")
        #expect(errors.isEmpty, "no Package.swift is needed: \(errors)")
        #expect(output.last?.contains("got no answer from http://127.0.0.1:9") == true, "\(output)")
        #expect(!output.joined().contains("record the cassette again"))
    }

    @Test(
        "the command line is checked before anything is asked",
        arguments: [
            (["cassette"], "cassette needs: verify FILE --api-url URL"),
            (["cassette", "check", "c.json"], "cassette needs: verify FILE --api-url URL"),
            (["cassette", "verify", "c.json"], "cassette verify needs --api-url URL: the live web API to ask"),
            (["cassette", "verify", "c.json", "--api-url", "localhost"], "--api-url needs an http:// or https:// URL"),
            (["cassette", "verify", "c.json", "--api-url", "http://h", "--timeout", "soon"], "--timeout needs a number of seconds"),
        ])
    func usage(_ arguments: [String], message: String) throws {
        let result = try WorkspaceCommandTests().run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test("an unusable cassette fails with what is wrong with it")
    func unusable() throws {
        let result = try WorkspaceCommandTests().run(
            ["cassette", "verify", "c.json", "--api-url", "http://127.0.0.1:9"], files: ["Features/c.json": "[1, 2]"])
        #expect(result.status == 1)
        #expect(result.errors.contains("is not a Cookbook cassette"), "\(result.errors)")
    }
}

/// What the fake exchange was asked, in order.
private final class Asked: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [String] = []

    func append(_ line: String) {
        lock.withLock { asked.append(line) }
    }

    var lines: [String] { lock.withLock { asked } }
}
