import Core
import CoreTesting
import Foundation
import HTTPTestServer
import Testing

/// The built `cookbook` against a web API on loopback, and what its launch loads.
@Suite("web API, end to end")
struct WebAPIEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// A server answering the REST contract with the fixture recipes.
    func server() async throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: Fixtures.recipes))
    }

    @Test("--api-url shows the server's recipes, and a search goes to the server")
    func liveServer() async throws {
        let server = try await server()
        let result = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString],
            input: "expect \"Thai Green Curry\"\ntab Search\ntype miso\nexpect \"Miso Soup\"\nquit\n")

        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        #expect(server.receivedRequests.contains { $0.path == "/feed" })
        #expect(server.receivedRequests.contains { $0.path == "/recipes" && $0.queryItems.contains { $0.value == "miso" } })
    }

    @Test("the server stops: what the app saw before is shown from its cache, saying it is a saved copy and why")
    func savedCopyWhenOffline() async throws {
        let dataDirectory = temporaryDataDirectory()
        let server = try await server()
        let arguments = ["--data-dir", dataDirectory, "--api-url", server.baseURL.absoluteString]
        let online = try await cookbook.run(
            arguments, input: "expect \"Thai Green Curry\"\ntab Search\ntype curry\nselect 1\nexpect \"Ingredients\"\nquit\n")
        #expect(online.status == 0, "stderr: \(online.errorOutput)")
        #expect(!online.output.contains("Saved copy"))
        server.stop()

        // --cache-max-age 0: even the recipe just saved is asked for, so the server's silence shows.
        // How long ago it was saved depends on the machine's speed (RelativeTimeTests cover the words).
        let offline = try await cookbook.run(
            arguments + ["--cache-max-age", "0"],
            input: """
                expect "; offline. Only recipes seen before are shown."
                tab Search
                type curry
                expect "Vegetable Curry"
                select 1
                expect "Ingredients"
                expect "ago; offline."
                quit

                """)
        #expect(offline.status == 0, "stdout: \(offline.output.suffix(2000))\nstderr: \(offline.errorOutput)")
        let events = try String(contentsOfFile: dataDirectory + "/logs/events.jsonl", encoding: .utf8)
        #expect(events.contains("recipe_cache_saved_copy_shown"))

        let bad = try await cookbook.run(arguments + ["--cache-max-age", "soon"], input: "quit\n")
        #expect(bad.status == 2)
        #expect(bad.errorOutput.contains("--cache-max-age needs a duration from 0 to 365d"), "\(bad.errorOutput)")
    }

    @Test("a user name and password in --api-url reach the server, and never the cassette, the event log, the screen or an error")
    func passwordKeptSecret() async throws {
        let dataDirectory = temporaryDataDirectory()
        let cassette = temporaryDataDirectory() + ".json"
        defer { try? FileManager.default.removeItem(atPath: cassette) }
        let server = try await server()
        let address = "http://USERTOKEN:PASSWORD@127.0.0.1:\(server.port)"
        let recorded = try await cookbook.run(
            ["--data-dir", dataDirectory, "--api-url", address, "--record", cassette],
            input: "expect \"Thai Green Curry\"\ntab Search\ntype curry\nselect 1\nexpect \"Ingredients\"\nquit\n")
        #expect(recorded.status == 0, "stderr: \(recorded.errorOutput)")
        let authorization = "Basic " + Data("USERTOKEN:PASSWORD".utf8).base64EncodedString()
        #expect(server.receivedRequests.allSatisfy { $0.headers["Authorization"] == authorization })
        server.stop()

        let offline = try await cookbook.run(
            ["--data-dir", dataDirectory, "--api-url", address, "--cache-max-age", "0"],
            input: "tab Search\ntype pasta\nexpect \"http://***@127.0.0.1\"\nquit\n")
        #expect(offline.status == 0, "stdout: \(offline.output.suffix(1500))")
        let file = try String(contentsOfFile: cassette, encoding: .utf8)
        #expect(file.contains(#""server" : "http://***@127.0.0.1:\#(server.port)""#), "\(file.prefix(400))")
        let events = try String(contentsOfFile: dataDirectory + "/logs/events.jsonl", encoding: .utf8)
        for (place, text) in [
            ("the cassette", file), ("the event log", events), ("the screens", recorded.output + offline.output),
            ("stderr", recorded.errorOutput + offline.errorOutput),
        ] {
            #expect(!text.contains("PASSWORD"), "the password is in \(place)")
            #expect(!text.contains("USERTOKEN"), "the user name is in \(place)")
        }
    }

    @Test("recorded by cookbook against a real server, replayed with it stopped: the same screens, in the app and in a sandbox")
    func recordAndReplay() async throws {
        let cassette = temporaryDataDirectory() + ".json"
        defer { try? FileManager.default.removeItem(atPath: cassette) }
        let tour =
            "expect \"Thai Green Curry\"\ntab Search\ntype curry\nexpect \"Vegetable Curry\"\nselect 1\nexpect \"Ingredients\"\nquit\n"
        let server = try await server()
        let recorded = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString, "--record", cassette], input: tour)
        #expect(recorded.status == 0, "stderr: \(recorded.errorOutput)")
        server.stop()

        let replayed = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--replay", cassette], input: tour)
        #expect(replayed.status == 0, "stderr: \(replayed.errorOutput)")
        #expect(replayed.output == recorded.output)

        // The sandbox runs the same feature code, so its search asks what the app's asked.
        let sandbox = try await ProductProcess(name: "RecipeSearchSandbox").run(
            ["--replay", cassette], input: "type curry\nexpect \"Vegetable Curry\"\nexpect \"Thai Green Curry\"\nquit\n")
        #expect(sandbox.status == 0, "stdout: \(sandbox.output.suffix(1500))\nstderr: \(sandbox.errorOutput)")

        // A request the cassette has no answer for is shown, and a strict replay does not pass:
        // the script stops at that command with status 1, in a sandbox and in the app.
        let miss = try await ProductProcess(name: "RecipeSearchSandbox").run(["--replay", cassette], input: "type pasta\nsnapshot\nquit\n")
        #expect(miss.status == 1, "stderr: \(miss.errorOutput)")
        #expect(miss.output.contains("has no answer for GET /recipes?q=pasta"), "\(miss.output.suffix(1500))")
        #expect(miss.output.contains("--record \(cassette)"), "\(miss.output.suffix(1500))")
        #expect(
            miss.errorOutput.hasPrefix("stdin:1: the cassette \(cassette) has no answer for GET /recipes?q=pasta"), "\(miss.errorOutput)")
        #expect(miss.errorOutput.contains("--replay-mode passthrough"), "\(miss.errorOutput)")
        #expect(!miss.output.contains("› snapshot"), "the script stopped at the command that asked")
        let appMiss = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--replay", cassette], input: "tab Search\ntype pasta\nquit\n")
        #expect(appMiss.status == 1, "stderr: \(appMiss.errorOutput)")
        #expect(appMiss.errorOutput.contains("stdin:2: the cassette \(cassette) has no answer for GET /recipes?q=pasta"))

        // Passing through, the request goes to the web API instead, and the run passes.
        let live = try await self.server()
        let passthrough = try await ProductProcess(name: "RecipeSearchSandbox").run(
            ["--replay", cassette, "--replay-mode", "passthrough", "--api-url", live.baseURL.absoluteString],
            input: "type miso\nexpect \"Miso Soup\"\nquit\n")
        #expect(passthrough.status == 0, "stderr: \(passthrough.errorOutput)\n\(passthrough.output.suffix(1500))")
    }

    @Test("a cassette that is not one stops the app and a sandbox with status 3, saying why")
    func badCassette() async throws {
        let file = temporaryDataDirectory() + ".json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(#"{"format": "cookbook web API cassette", "version": 9, "server": "x", "interactions": []}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        for program in [cookbook, ProductProcess(name: "FeedSandbox")] {
            // The app on a data directory of its own, not the person's (whatever version wrote that).
            let dataDirectory = program.name == "cookbook" ? ["--data-dir", temporaryDataDirectory()] : []
            let result = try await program.run(dataDirectory + ["--replay", file], input: "quit\n")
            #expect(result.status == 3, "\(program.name): \(result.errorOutput)")
            #expect(result.errorOutput.contains("was written by a newer Cookbook (cassette version 9"), "\(result.errorOutput)")
        }
    }

    @Test("workspace cassette verify: the same shapes pass; a field added, removed or retyped fails with where")
    func verify() async throws {
        let cassette = temporaryDataDirectory() + ".json"
        defer { try? FileManager.default.removeItem(atPath: cassette) }
        let server = try await server()
        let recorded = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString, "--record", cassette], input: "quit\n")
        #expect(recorded.status == 0, "stderr: \(recorded.errorOutput)")
        let workspace = ProductProcess(name: "workspace")

        let same = try await workspace.run(["cassette", "verify", cassette, "--api-url", server.baseURL.absoluteString])
        #expect(same.status == 0, "\(same.output)\n\(same.errorOutput)")
        #expect(same.output.contains("GET /feed: same shape"), "\(same.output)")

        // The server's feed changes: every recipe gains a rating, loses its calories, and its id becomes text.
        let feed = try JSONSerialization.jsonObject(with: JSONEncoder().encode(RecipeFeed(popular: Fixtures.recipes, new: [])))
        var changed = try #require(feed as? [String: Any])
        changed["popular"] = (changed["popular"] as? [[String: Any]] ?? []).map { recipe in
            var recipe = recipe
            recipe["rating"] = 4.5
            recipe["calories"] = nil
            recipe["id"] = "\(recipe["id"] ?? "")"
            return recipe
        }
        let body = try JSONSerialization.data(withJSONObject: changed)
        let newServer = try LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(status: 200, contentType: "application/json", body: body)
        }

        let stale = try await workspace.run(["cassette", "verify", cassette, "--api-url", newServer.baseURL.absoluteString])
        #expect(stale.status == 1, "\(stale.output)\n\(stale.errorOutput)")
        #expect(stale.output.contains("- .popular[].calories (number): removed"), "\(stale.output)")
        #expect(stale.output.contains("+ .popular[].rating (number): added"), "\(stale.output)")
        #expect(stale.output.contains("~ .popular[].id: number → string"), "\(stale.output)")

        // A server that is down is told from one that changed: exit 3, and no new recording advised.
        // Run from a folder with no package above it: a cassette needs none.
        server.stop()
        let elsewhere = URL(fileURLWithPath: NSTemporaryDirectory())
        let down = try await workspace.run(["cassette", "verify", cassette, "--api-url", server.baseURL.absoluteString], in: elsewhere)
        #expect(down.status == 3, "\(down.output)\n\(down.errorOutput)")
        #expect(down.output.contains("GET /feed: no answer: the connection was refused"), "\(down.output)")
        #expect(down.output.contains("is the web API running there?"), "\(down.output)")
        #expect(!down.output.contains("record the cassette again"), "\(down.output)")
        #expect(down.errorOutput.isEmpty, "\(down.errorOutput)")
    }

    @Test("--api-url with an impossible port is a bad command line, said in words, before anything starts")
    func impossiblePort() async throws {
        let result = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--api-url", "http://127.0.0.1:99999"], input: "quit\n")
        #expect(result.status == 2)
        #expect(
            result.errorOutput.contains("--api-url has the port 99999, but a port is a number from 1 to 65535"), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("NSURLErrorDomain"))
    }

    @Test("at a terminal, q while the web API hangs quits at once and gives the terminal back")
    func quitWhileHanging() async throws {
        // The server would answer after a minute, and the app would wait an hour for it.
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.json(RecipeFeed(popular: [], new: []))
            response.delay = 60
            return response
        }
        let terminal = try TerminalSession(
            cookbook, ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString, "--api-timeout", "3600"],
            rows: 30,
            columns: 100)
        try await terminal.waitUntil("the feed's request to reach the server") { _ in !server.receivedRequests.isEmpty }

        terminal.send("q")

        #expect(try await terminal.waitForExit() == 0, "it quit without waiting for the answer")
        #expect(terminal.isCooked)
    }

    #if os(Linux)
        /// The shared libraries a run of cookbook initialised, from the dynamic loader's own log.
        func librariesLoaded(by arguments: [String]) async throws -> [String] {
            let result = try await cookbook.run(arguments, input: "quit\n", environment: ["LD_DEBUG": "libs"])
            #expect(result.status == 0, "stderr: \(result.errorOutput.suffix(2000))")
            return result.errorOutput.split(separator: "\n").compactMap { line in
                line.range(of: "calling init: ").map { String(line[$0.upperBound...]) }
            }
        }

        func networking(_ libraries: [String]) -> [String] {
            libraries.filter { $0.contains("libcurl") || $0.contains("FoundationNetworking") || $0.contains("URLSessionHTTP") }
        }

        @Test("the default launch loads no networking library; --api-url loads it when it is used")
        func networkingOnDemand() async throws {
            let bundled = try await librariesLoaded(by: ["--data-dir", temporaryDataDirectory()])
            #expect(!bundled.isEmpty, "LD_DEBUG=libs printed nothing to read")
            #expect(networking(bundled).isEmpty, "loaded on the default path: \(networking(bundled))")

            let server = try await server()
            let web = try await librariesLoaded(by: ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString])
            #expect(web.contains { $0.hasSuffix("/libURLSessionHTTP.so") })
            #expect(web.contains { $0.contains("libcurl") })
            #expect(web.count > bundled.count)
        }
    #endif
}
