import Core
import CoreTesting
import DataFormats
import Foundation
import HTTPTestServer
import Testing
import WebAPI

/// Addresses as the client uses and shows them: an IPv6 literal works for every call, a
/// redirect's scheme is read in any case, an https:// address on a plain-HTTP port fails in
/// words at once, and no part of an address's user info is ever shown.
@Suite("Web API addresses")
struct AddressTests {
    let recipes = Fixtures.recipes

    func client(_ address: String, timeout: Double = 3600) throws -> HTTPRecipeClient {
        let endpoint = try APIAddress.endpoint(address)
        return liveClient(endpoint.url, credentials: endpoint.credentials, timeout: timeout)
    }

    @Test("at http://[::1]:PORT every call works: the feed, a recipe, a search, a 404; credentials go with each")
    func ipv6Literal() async throws {
        let server = try LoopbackHTTPServer(ipv6: true, handler: RecipeServerHandler.handler(recipes: recipes))
        let client = try client("http://cook:s3cret@[::1]:\(server.port)")

        let feed = try await client.feed()
        let recipe = try await client.recipe(id: 1)
        let page = try await client.searchRecipes(.keyword("curry"), sort: [], page: PageRequest(offset: 0, limit: 5))
        let missing = await #expect(throws: APIError.self) { try await client.recipe(id: 9999) }

        #expect(!feed.popular.isEmpty)
        #expect(recipe.title == "Curry Rice")
        #expect(page.recipes.map(\.id) == recipes.filter(Query<Recipe>.keyword("curry").matches).prefix(5).map(\.id))
        #expect(missing == .notFound(url: "http://***@[::1]:\(server.port)/recipes/9999"))
        #expect(server.receivedRequests.map(\.path) == ["/feed", "/recipes/1", "/recipes", "/recipes/9999"])
        let authorization = "Basic " + Data("cook:s3cret".utf8).base64EncodedString()
        #expect(server.receivedRequests.allSatisfy { $0.headers["Authorization"] == authorization })
    }

    @Test("a redirect on the same server is followed whatever the case of its scheme", arguments: ["HTTP", "Http", "hTTp"])
    func schemeCase(scheme: String) async throws {
        let contract = RecipeServerHandler.handler(recipes: recipes)
        let server = try LoopbackHTTPServer { request in
            guard request.path.hasPrefix("/old") else { return contract(request) }
            var response = LoopbackHTTPServer.Response(status: 301, contentType: "text/plain", body: Data())
            response.headers = [("Location", "\(scheme)://\(request.headers["Host"] ?? "")/feed")]
            return response
        }
        let feed = try await client(server.baseURL.absoluteString + "/old").feed()
        #expect(!feed.popular.isEmpty)
        #expect(server.receivedRequests.map(\.path) == ["/old/feed", "/feed"])
    }

    @Test("an https:// address on a port that speaks plain HTTP fails at once, in words, with no retry")
    func httpsToPlainHTTP() async throws {
        let server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: recipes))
        let error = await #expect(throws: APIError.self) { try await client("https://127.0.0.1:\(server.port)", timeout: 120).feed() }

        // Not the 120 s timeout's error: the probe that goes out half a second in found plain HTTP.
        #expect(error == .notSecure(url: "https://127.0.0.1:\(server.port)/feed", detail: "it answers plain HTTP on that port, not HTTPS"))
        #expect(error?.canRetry == false)
        #expect(
            error?.errorDescription
                == "no secure connection can be made to the recipe server at https://127.0.0.1:\(server.port)/feed: it answers plain HTTP on that port, not HTTPS"
        )
    }

    @Test(
        "no part of the user info is shown: a token as the user name, a user and password, an encoded one",
        arguments: ["TOKEN123@", "cook:PASSWORD@", "a%40b:c%3Ad@", ":PASSWORD@", "TOKEN123:@"])
    func userInfoHidden(userInfo: String) async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let error = await #expect(throws: APIError.self) { try await client("http://\(userInfo)127.0.0.1:\(port)").feed() }

        let words = error.map { ScreenFailure($0, whileTrying: "load the feed").messageWithRecovery } ?? ""
        #expect(words.contains("http://***@127.0.0.1:\(port)/feed"), "\(words)")
        for secret in ["TOKEN123", "PASSWORD", "cook", "a%40b", "c%3Ad"] { #expect(!words.contains(secret), "\(words)") }
        #expect(APIAddress.redacted("ftp://\(userInfo)host/x") == "ftp://***@host/x")
    }

    #if !canImport(Darwin)
        @Test("https:// to an IPv6 literal, which URLSession on Linux cannot reach, is refused before anything starts")
        func httpsIPv6() {
            #expect(throws: WebAPIOptionError.self) { try WebAPIOptions.parse { $0 == "--api-url" ? "https://[::1]:8443" : nil } }
        }
    #endif
}
