import DataFormats
import Foundation
import Testing

@Suite("Cassette files")
struct CassetteTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-tests-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    static let sample = Cassette(
        server: "http://127.0.0.1:8080", recordedWith: "cookbook 0.1.0",
        interactions: [
            Cassette.Interaction(
                call: .searchRecipes(
                    query: [.keyword("curry"), .atMost(field: "calories", value: .integer(500))], sort: ["-popularity"], offset: 0,
                    limit: 20),
                request: RecordedRequest(
                    method: "GET", path: "/recipes", query: ["q=curry", "calories.max=500", "sort=-popularity", "offset=0", "limit=20"],
                    headers: ["Accept": "application/json"]),
                response: RecordedResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"recipes": [], "total": 0, "offset": 0, "limit": 20}"#.utf8))
            ),
            Cassette.Interaction(
                call: .recipe(id: 9), request: RecordedRequest(method: "GET", path: "/recipes/9"),
                response: RecordedResponse(status: 502, headers: ["Content-Type": "text/html"], body: Data("<h1>Bad gateway</h1>".utf8))),
            Cassette.Interaction(
                call: .feed, request: RecordedRequest(method: "GET", path: "/feed"),
                response: RecordedResponse(status: 200, body: Data([0xFF, 0x00, 0xFE]))),
        ])

    @Test("written and read back unchanged; JSON bodies stay JSON, one field a line")
    func roundTrip() throws {
        let file = path("c.json")
        try Self.sample.write(to: file)

        #expect(try Cassette.load(from: file) == Self.sample)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#""format" : "cookbook web API cassette""#))
        #expect(text.contains(#""total" : 0"#), "the body is JSON in the file, not an escaped string:\n\(text)")
        #expect(text.contains(#""q=curry","#))
        #expect(text.contains(#""bodyText" : "<h1>Bad gateway</h1>""#))
        #expect(text.contains(#""bodyBase64" : "/wD+""#))
        #expect(Self.sample.interactions[2].response.bodyData == Data([0xFF, 0x00, 0xFE]))
    }

    @Test("a typed call reads as what the client did")
    func callDescription() {
        #expect(
            Self.sample.interactions[0].call?.description
                == "searchRecipes(keyword “curry”, calories ≤ 500; sort -popularity; offset 0, limit 20)")
        #expect(Self.sample.interactions[1].call?.description == "recipe(id: 9)")
        #expect(Self.sample.interactions[0].request.line == "GET /recipes?q=curry&calories.max=500&sort=-popularity&offset=0&limit=20")
    }

    @Test("broken JSON: the file, the line and the column")
    func malformed() throws {
        let file = try write("{\n  \"format\": \"cookbook web API cassette\",\n  \"version\": 1,,\n}", to: "broken.json")
        let error = try #require(throws: CassetteError.self) { try Cassette.load(from: file) }
        #expect(error.problem.hasPrefix("it is not valid JSON at line 3, column 16 (\(file):3:16)"))
        #expect(error.description.hasPrefix("the cassette \(file) cannot be used: it is not valid JSON"))
    }

    @Test("another JSON file is not taken for a cassette", arguments: [#"[{"id": 1}]"#, #"{"recipes": []}"#])
    func notACassette(_ text: String) throws {
        let file = try write(text, to: "other.json")
        let error = try #require(throws: CassetteError.self) { try Cassette.load(from: file) }
        #expect(error.problem == #"it is not a Cookbook cassette (it has no "format": "cookbook web API cassette")"#)
    }

    @Test("a cassette from a newer Cookbook is refused, saying which versions")
    func newerVersion() throws {
        let file = try write(
            #"{"format": "cookbook web API cassette", "version": 2, "server": "http://x", "interactions": []}"#, to: "v2.json")
        let error = try #require(throws: CassetteError.self) { try Cassette.load(from: file) }
        #expect(error.problem == "it was written by a newer Cookbook (cassette version 2; this one reads up to 1)")
        #expect(error.recovery.contains("Update Cookbook"))
    }

    @Test(
        "a server that is not an http(s) address is refused, naming it: it is shown on screens and put into a shell command",
        arguments: ["$(touch pwned)", "`id`", "http://h; rm -rf ~", "ftp://127.0.0.1", "127.0.0.1:8080", "", "http://[::1"])
    func hostileServer(_ server: String) throws {
        let quoted = String(decoding: try JSONEncoder().encode(server), as: UTF8.self)
        let body = #"{"format": "cookbook web API cassette", "version": 1, "server": \#(quoted), "interactions": []}"#
        let file = try write(body, to: "server.json")
        let error = try #require(throws: CassetteError.self) { try Cassette.load(from: file) }
        #expect(error.problem.hasPrefix("its “server” needs an http:// or https:// URL"), "\(error.problem)")
        #expect(error.recovery == "Fix the file, or record it again.")
    }

    @Test("a server with its user info hidden, a path or an IPv6 literal is read")
    func serversRead() throws {
        for server in ["http://***@127.0.0.1:8080", "http://cook:***@h/api", "https://[::1]:8443/v1"] {
            let file = try write(
                #"{"format": "cookbook web API cassette", "version": 1, "server": "\#(server)", "interactions": []}"#, to: "ok.json")
            #expect(try Cassette.load(from: file).server == server)
        }
    }

    @Test("a missing field is named with where it is missing")
    func missingField() throws {
        let file = try write(
            #"{"format": "cookbook web API cassette", "version": 1, "server": "http://x", "interactions": [{"request": {"method": "GET", "path": "/feed", "query": [], "headers": {}}, "response": {"headers": {}}}]}"#,
            to: "nostatus.json")
        let error = try #require(throws: CassetteError.self) { try Cassette.load(from: file) }
        #expect(error.problem == "the field “interactions[0].response.status” is missing")
    }

    @Test("a missing file and an unwritable place are said in words; nothing half-written is left")
    func files() throws {
        #expect(
            throws: CassetteError(
                file: path("none.json"), problem: "there is no such file", recovery: "Check the path; record one with --record FILE.")
        ) {
            try Cassette.load(from: path("none.json"))
        }
        let nowhere = path("missing-folder/c.json")
        let error = try #require(throws: CassetteError.self) { try Self.sample.write(to: nowhere) }
        #expect(error.problem.hasPrefix("it cannot be written ("))
        #expect(!error.problem.contains("NSCocoaErrorDomain"))
        #expect(!FileManager.default.fileExists(atPath: nowhere))
    }

    @Test("only allow-listed headers are kept, whatever their case")
    func headerAllowList() {
        let sent = ["Accept": "application/json", "Authorization": "Bearer secret", "Cookie": "session=1", "X-Api-Key": "k"]
        #expect(CassetteHeaders.kept(sent, allowed: CassetteHeaders.request) == ["Accept": "application/json"])
        let received = ["content-type": "application/json", "Set-Cookie": "s=2", "Retry-After": "3", "X-Request-Id": "abc"]
        #expect(
            CassetteHeaders.kept(received, allowed: CassetteHeaders.response) == ["content-type": "application/json", "Retry-After": "3"])
    }
}

@Suite("JSON shapes")
struct JSONShapeTests {
    func shape(_ text: String) throws -> JSONShape {
        JSONShape(of: try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))
    }

    @Test("the same fields with other data: no difference")
    func sameShape() throws {
        let old = try shape(#"{"recipes": [{"id": 1, "title": "A"}, {"id": 2, "title": "B"}], "total": 2}"#)
        let new = try shape(#"{"recipes": [{"id": 7, "title": "Z"}], "total": 1}"#)
        #expect(old.differences(to: new).isEmpty)
    }

    @Test("fields added, removed and of another type, with their paths")
    func differences() throws {
        let old = try shape(#"{"recipes": [{"id": 1, "calories": 300}], "total": 2}"#)
        let new = try shape(#"{"recipes": [{"id": "1", "rating": 4.5}], "total": 2, "next": null}"#)
        #expect(
            old.differences(to: new).map(\.description) == [
                "+ .next (null): added",
                "- .recipes[].calories (number): removed",
                "~ .recipes[].id: number → string",
                "+ .recipes[].rating (number): added",
            ])
    }

    @Test("elements are merged: a field some elements have, a null beside a value")
    func merged() throws {
        let old = try shape(#"[{"a": 1}, {"a": null, "b": "x"}]"#)
        #expect(old == .array(.object(["a": .number, "b": .string])))
        #expect(try shape("[]").differences(to: try shape(#"[{"a": 1}]"#)).isEmpty, "an empty recording says nothing about elements")
        #expect(try shape("[1, \"x\"]") == .array(.mixed))
    }

    @Test("JSON values round-trip: integers stay integers, doubles doubles")
    func values() throws {
        let text = #"{"a": [1, 2.5, true, null, "s"], "b": {}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(
            value == .object(["a": .array([.integer(1), .double(2.5), .bool(true), .null, .string("s")]), "b": .object([:])]))
        #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)) == value)
    }
}
