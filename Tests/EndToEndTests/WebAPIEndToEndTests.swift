import CoreTesting
import Foundation
import HTTPTestServer
import Testing

/// The built `cookbook` against a web API on loopback, and what its launch loads.
@Suite("web API, end to end")
struct WebAPIEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// A server answering the REST contract with the fixture recipes.
    func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: Fixtures.recipes))
    }

    @Test("--api-url shows the server's recipes, and a search goes to the server")
    func liveServer() throws {
        let server = try server()
        let result = try cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString],
            input: "expect \"Thai Green Curry\"\ntab Search\ntype miso\nexpect \"Miso Soup\"\nquit\n")

        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        #expect(server.receivedRequests.contains { $0.path == "/feed" })
        #expect(server.receivedRequests.contains { $0.path == "/recipes" && $0.queryItems.contains { $0.value == "miso" } })
    }

    #if os(Linux)
        /// The shared libraries a run of cookbook initialised, from the dynamic loader's own log.
        func librariesLoaded(by arguments: [String]) throws -> [String] {
            let result = try cookbook.run(arguments, input: "quit\n", environment: ["LD_DEBUG": "libs"])
            #expect(result.status == 0, "stderr: \(result.errorOutput.suffix(2000))")
            return result.errorOutput.split(separator: "\n").compactMap { line in
                line.range(of: "calling init: ").map { String(line[$0.upperBound...]) }
            }
        }

        func networking(_ libraries: [String]) -> [String] {
            libraries.filter { $0.contains("libcurl") || $0.contains("FoundationNetworking") || $0.contains("URLSessionHTTP") }
        }

        @Test("the default launch loads no networking library; --api-url loads it when it is used")
        func networkingOnDemand() throws {
            let bundled = try librariesLoaded(by: ["--data-dir", temporaryDataDirectory()])
            #expect(!bundled.isEmpty, "LD_DEBUG=libs printed nothing to read")
            #expect(networking(bundled).isEmpty, "loaded on the default path: \(networking(bundled))")

            let server = try server()
            let web = try librariesLoaded(by: ["--data-dir", temporaryDataDirectory(), "--api-url", server.baseURL.absoluteString])
            #expect(web.contains { $0.hasSuffix("/libURLSessionHTTP.so") })
            #expect(web.contains { $0.contains("libcurl") })
            #expect(web.count > bundled.count)
        }
    #endif
}
