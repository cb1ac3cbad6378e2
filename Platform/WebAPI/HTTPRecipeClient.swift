import Core
import DataFormats
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The recipe service over HTTP, for the REST contract in `RecipeAPIContract`
/// (docs/web-api.md). It builds each request, reads the status and the content type,
/// decodes the body and names every failure as an `APIError`; the transport only carries
/// the request, over the network or from a cassette.
public struct HTTPRecipeClient: RecipeServiceClient {
    public let transport: any HTTPTransport
    /// Reads the time and waits, for `Retry-After`: the environment's clock.
    public let clock: any WallClock
    public let retryPolicy: RetryPolicy
    private let rateLimit = RateLimit()

    public init(transport: any HTTPTransport, clock: any WallClock = SystemClock(), retryPolicy: RetryPolicy = .standard) {
        self.transport = transport
        self.clock = clock
        self.retryPolicy = retryPolicy
    }

    public func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        let response: RecipeAPIContract.SearchResponse = try await get(
            "/recipes", RecipeAPIContract.queryItems(query, sort: sort, page: page), for: RecipeCall(query, sort: sort, page: page)
        ) { response in
            RecipeValidation.problems(in: response.recipes, field: "recipes")
                + [("total", response.total), ("offset", response.offset), ("limit", response.limit)].filter { $0.1 < 0 }.map {
                    "the field “\($0.0)” is \($0.1): it must be 0 or more"
                }
        }
        return RecipePage(
            recipes: response.recipes, total: response.total, page: PageRequest(offset: response.offset, limit: response.limit))
    }

    public func recipe(id: Recipe.ID) async throws -> Recipe {
        try await get(Self.recipePath(id), for: .recipe(id: id)) { recipe in RecipeValidation.problems(of: recipe, at: "the recipe") }
    }

    /// Where `recipe(id:)` asks, for messages: `http://127.0.0.1:8080/recipes/42`.
    public func address(ofRecipe id: Recipe.ID) -> String {
        transport.address(of: HTTPRequest(path: Self.recipePath(id)))
    }

    private static func recipePath(_ id: Recipe.ID) -> String { "/recipes/\(id)" }

    public func feed() async throws -> RecipeFeed {
        try await get("/feed", for: .feed) { feed in
            RecipeValidation.problems(in: feed.popular, field: "popular") + RecipeValidation.problems(in: feed.new, field: "new")
        }
    }

    /// The decoded body of `GET path?items`, or the `APIError` that says why not (or
    /// `CancellationError` when the caller's task was cancelled). A body that decodes but holds
    /// values Cookbook refuses (`problems`: a negative id, a title of megabytes) is not valid.
    private func get<Body: Decodable>(
        _ path: String, _ items: [URLQueryItem] = [], for call: RecipeCall, problems: (Body) -> [String] = { _ in [] }
    ) async throws -> Body {
        let request = HTTPRequest(path: path, query: items, headers: ["Accept": "application/json"])
        let url = transport.address(of: request)
        let response = try await send(request, for: call, url: url)
        guard (200..<300).contains(response.status) else {
            let message = (try? JSONReader.decode(RecipeAPIContract.ErrorBody.self, from: response.body))?.error
            throw response.status == 404
                ? APIError.notFound(url: url)
                : APIError.http(status: response.status, url: url, message: message)
        }
        let contentType = response.header("Content-Type") ?? ""
        guard contentType.lowercased().hasPrefix("application/json") else {
            throw APIError.wrongContentType(url: url, found: contentType.isEmpty ? "none" : contentType)
        }
        let body: Body
        do {
            body = try JSONReader.decode(Body.self, from: response.body)
        } catch {
            if case .field(let field) = error.problem { throw APIError.unexpectedShape(url: url, field: field) }
            throw APIError.malformed(url: url, detail: error.description)
        }
        let found = problems(body)
        guard found.isEmpty else { throw APIError.malformed(url: url, detail: RecipeValidation.list(found)) }
        return body
    }

    /// The answer to `request`, after honouring any `Retry-After` the server gave: a call waits
    /// up to `retryPolicy.longestWait` (on `clock`, so cancelling the task ends the wait) and is
    /// sent again up to `retryPolicy.retries` times; a longer wait fails at once with
    /// `.rateLimited`, without asking the server again before its time.
    private func send(_ request: HTTPRequest, for call: RecipeCall, url: String) async throws -> HTTPResponse {
        var retries = 0
        while true {
            if let wait = await rateLimit.wait(from: clock.now) {
                guard wait <= retryPolicy.longestWait else { throw APIError.rateLimited(url: url, seconds: wait.wholeSecondsUp) }
                try await clock.sleep(for: wait)
            }
            let response: HTTPResponse
            do {
                response = try await transport.send(request, for: call)
            } catch .cancelled {
                throw CancellationError()
            } catch {
                throw APIError(error, url: url)
            }
            guard response.status == 429, let delay = RetryAfter.delay(response.header("Retry-After"), now: clock.now) else {
                return response
            }
            await rateLimit.hold(for: delay, from: clock.now)
            guard delay <= retryPolicy.longestWait, retries < retryPolicy.retries else {
                throw APIError.rateLimited(url: url, seconds: delay.wholeSecondsUp)
            }
            retries += 1
        }
    }
}
