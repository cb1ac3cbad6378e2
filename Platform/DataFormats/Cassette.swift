#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A recording of web API traffic (`cookbook --api-url URL --record FILE`), replayed by the
/// app and the sandboxes (`--replay FILE`) and checked against a live server by
/// `workspace cassette verify`. It is JSON, pretty-printed with sorted keys so that a
/// re-recording diffs field by field; an answer's JSON body is kept as JSON, not as a string.
///
/// ```json
/// { "format": "cookbook web API cassette", "version": 1, "server": "http://127.0.0.1:8080",
///   "interactions": [ { "call": {"method": "feed"},
///                       "request": {"method": "GET", "path": "/feed", "query": [], "headers": {…}},
///                       "response": {"status": 200, "headers": {…}, "body": {…}} } ] }
/// ```
public struct Cassette: Codable, Equatable, Sendable {
    /// What the `format` field says, so another JSON file is not taken for a cassette.
    public static let formatName = "cookbook web API cassette"
    /// The version this code writes and the newest it reads.
    public static let currentVersion = 1
    /// How deep an answer kept as JSON may nest: what the web API client reads.
    public static let maximumBodyDepth = JSONReader.maximumDepth
    /// The levels a cassette wraps around an answer's body (the file, its interactions, one
    /// interaction, its response), so that a file holding the deepest answer is still read.
    static let maximumDepth = maximumBodyDepth + 4

    public var format: String
    public var version: Int
    /// The program that recorded it: `cookbook 0.1.0`.
    public var recordedWith: String?
    /// The web API it was recorded from; replayed answers are said to come from there.
    public var server: String
    /// In the order they happened. The same request may appear several times: replay gives
    /// its answers in that order, then keeps giving the last.
    public var interactions: [Interaction]

    public init(server: String, recordedWith: String? = nil, interactions: [Interaction] = []) {
        format = Self.formatName
        version = Self.currentVersion
        self.recordedWith = recordedWith
        self.server = server
        self.interactions = interactions
    }

    /// One exchange: the typed call that made it, the request as sent, the answer as received.
    public struct Interaction: Codable, Equatable, Sendable {
        public var call: RecipeCall?
        public var request: RecordedRequest
        public var response: RecordedResponse

        public init(call: RecipeCall?, request: RecordedRequest, response: RecordedResponse) {
            self.call = call
            self.request = request
            self.response = response
        }
    }
}

/// A request as recorded: its path from the API's root and its query items in order.
public struct RecordedRequest: Codable, Hashable, Sendable {
    public var method: String
    /// `/recipes/42`.
    public var path: String
    /// `["q=curry", "limit=20"]`: name, `=`, value, unencoded; one item a line in the file.
    public var query: [String]
    /// Only allow-listed headers (`CassetteHeaders`).
    public var headers: [String: String]

    public init(method: String, path: String, query: [String] = [], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// `GET /recipes?q=curry&limit=20`: how a person reads it, and what replay matches on.
    public var line: String {
        query.isEmpty ? "\(method) \(path)" : "\(method) \(path)?\(query.joined(separator: "&"))"
    }
}

/// An answer as recorded. The body is kept as JSON when it is JSON, else as text, else in
/// base64, whichever is the first that holds it exactly.
public struct RecordedResponse: Codable, Equatable, Sendable {
    public var status: Int
    /// Only allow-listed headers (`CassetteHeaders`).
    public var headers: [String: String]
    public var body: Body

    public enum Body: Equatable, Sendable {
        case json(JSONValue)
        case text(String)
        case base64(String)
    }

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        // Kept as JSON only when a cassette can read it back: an answer nested deeper than an
        // answer may be (the client refuses it) is kept as text, as it came.
        if !body.isEmpty, let value = try? JSONReader.decode(JSONValue.self, from: body, maximumDepth: Cassette.maximumBodyDepth) {
            self.body = .json(value)
        } else if let text = String(data: body, encoding: .utf8) {
            self.body = .text(text)
        } else {
            self.body = .base64(body.base64EncodedString())
        }
    }

    /// The body as bytes again (JSON re-encoded: the same value, maybe other spacing).
    public var bodyData: Data {
        switch body {
        case .json(let value): (try? JSONEncoder().encode(value)) ?? Data()
        case .text(let text): Data(text.utf8)
        case .base64(let text): Data(base64Encoded: text) ?? Data()
        }
    }

    enum CodingKeys: String, CodingKey {
        case status, headers, body, bodyText, bodyBase64
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(Int.self, forKey: .status)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        if let text = try container.decodeIfPresent(String.self, forKey: .bodyText) {
            body = .text(text)
        } else if let base64 = try container.decodeIfPresent(String.self, forKey: .bodyBase64) {
            body = .base64(base64)
        } else {
            body = .json(try container.decodeIfPresent(JSONValue.self, forKey: .body) ?? .string(""))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(headers, forKey: .headers)
        switch body {
        case .json(let value): try container.encode(value, forKey: .body)
        case .text(let text): try container.encode(text, forKey: .bodyText)
        case .base64(let text): try container.encode(text, forKey: .bodyBase64)
        }
    }
}

/// The headers a cassette keeps: an allow-list, so a secret in a header nobody thought of
/// (a cookie, an API key, a token) is never written to a file that gets shared.
public enum CassetteHeaders {
    public static let request: Set<String> = ["accept", "accept-language", "content-type"]
    public static let response: Set<String> = ["content-type", "retry-after", "cache-control", "etag", "last-modified"]

    /// `headers` without the names not in `allowed` (compared without case).
    public static func kept(_ headers: [String: String], allowed: Set<String>) -> [String: String] {
        headers.filter { allowed.contains($0.key.lowercased()) }
    }
}

extension Cassette {
    /// Reads a cassette; every way it can be unusable is a `CassetteError` that says where.
    public static func load(from path: String) throws(CassetteError) -> Cassette {
        let data: Data
        do {
            // A named pipe or a device is refused before anything waits on it.
            _ = try FileReplacement.regularFile(at: path)
            data = try FileContents.read(atPath: path)
        } catch let problem as FileProblem {
            throw CassetteError(
                file: path, problem: problem.reason, recovery: "Give the path of a cassette file; record one with --record FILE.")
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "there is no such file"
            throw CassetteError(file: path, problem: reason, recovery: "Check the path; record one with --record FILE.")
        }
        return try decode(data, file: path)
    }

    /// A cassette from its JSON text; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(CassetteError) -> Cassette {
        struct Header: Decodable {
            var format: String?
            var version: Int?
        }
        let notACassette = CassetteError(
            file: file, problem: "it is not a Cookbook cassette (it has no \"format\": \"\(formatName)\")",
            recovery: "Give a file written by --record FILE.")
        let header: Header
        do {
            header = try JSONReader.decode(Header.self, from: data, maximumDepth: maximumDepth)
        } catch {
            // Valid JSON, but not an object at all: some other file.
            if case .field(let field) = error.problem, field.field.isEmpty { throw notACassette }
            throw CassetteError(file: file, problem: error.description(file: file), recovery: "Fix the file, or record it again.")
        }
        guard header.format == formatName else { throw notACassette }
        guard let version = header.version, version >= 1 else {
            throw CassetteError(file: file, problem: "it has no valid \"version\"", recovery: "Record it again.")
        }
        guard version <= currentVersion else {
            throw CassetteError(
                file: file,
                problem: "it was written by a newer Cookbook (cassette version \(version); this one reads up to \(currentVersion))",
                recovery: "Update Cookbook, or record the cassette again with this version.")
        }
        let cassette: Cassette
        do {
            cassette = try JSONReader.decode(Cassette.self, from: data, maximumDepth: maximumDepth)
        } catch {
            throw CassetteError(file: file, problem: error.description(file: file), recovery: "Fix the file, or record it again.")
        }
        // The server is shown on screens and put into the command that records a missing answer:
        // it must be a web address, not whatever text the file holds.
        do {
            _ = try APIAddress.parse(cassette.server, option: "its “server”")
        } catch {
            throw CassetteError(file: file, problem: error.message, recovery: "Fix the file, or record it again.")
        }
        return cassette
    }

    /// The cassette as its file's text: pretty-printed, keys sorted, a newline at the end.
    public func encoded() -> Data {
        FileJSON.encode(self)
    }

    /// Writes the cassette to `path` at once (`FileReplacement`: a temporary file renamed over
    /// it), so a crash or a full disk never leaves half a cassette; a link to a cassette writes
    /// the cassette, and the file keeps its permissions.
    public func write(to path: String) throws(CassetteError) {
        do {
            try FileReplacement.write(encoded(), to: path)
        } catch {
            throw CassetteError(
                file: path, problem: "it cannot be written (\(error.reason))", recovery: "Record to a file in a folder you can write.")
        }
    }
}

/// A cassette that cannot be used, said with the file, the problem and what to do.
public struct CassetteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String
    public var recovery: String

    public init(file: String, problem: String, recovery: String) {
        self.file = file
        self.problem = problem
        self.recovery = recovery
    }

    public var description: String { "the cassette \(file) cannot be used: \(problem). \(recovery)" }
}
