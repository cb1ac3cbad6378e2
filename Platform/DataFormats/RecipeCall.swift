/// Which `RecipeServiceClient` method made a request, with its arguments as data: what a
/// cassette says a request was for, and how a missing answer is named on screen. Field names
/// are the web API's (`calories`, `-popularity`), so this needs none of the app's types.
public enum RecipeCall: Hashable, Sendable, Codable, CustomStringConvertible {
    case searchRecipes(query: [Condition], sort: [String], offset: Int, limit: Int)
    case recipe(id: Int)
    case feed

    /// One condition of a search: `{"keyword": "curry"}`, `{"field": "calories", "atMost": 500}`.
    public enum Condition: Hashable, Sendable, Codable, CustomStringConvertible {
        case keyword(String)
        case equal(field: String, value: JSONValue)
        case atMost(field: String, value: JSONValue)
        case atLeast(field: String, value: JSONValue)

        enum CodingKeys: String, CodingKey {
            case keyword, field, equal, atMost, atLeast
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let keyword = try container.decodeIfPresent(String.self, forKey: .keyword) {
                self = .keyword(keyword)
                return
            }
            let field = try container.decode(String.self, forKey: .field)
            if let value = try container.decodeIfPresent(JSONValue.self, forKey: .equal) {
                self = .equal(field: field, value: value)
            } else if let value = try container.decodeIfPresent(JSONValue.self, forKey: .atMost) {
                self = .atMost(field: field, value: value)
            } else {
                self = .atLeast(field: field, value: try container.decode(JSONValue.self, forKey: .atLeast))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .keyword(let text): try container.encode(text, forKey: .keyword)
            case .equal(let field, let value), .atMost(let field, let value), .atLeast(let field, let value):
                try container.encode(field, forKey: .field)
                try container.encode(value, forKey: self.comparison)
            }
        }

        private var comparison: CodingKeys {
            switch self {
            case .keyword: .keyword
            case .equal: .equal
            case .atMost: .atMost
            case .atLeast: .atLeast
            }
        }

        /// `keyword “curry”`, `calories ≤ 500`.
        public var description: String {
            switch self {
            case .keyword(let text): "keyword “\(text)”"
            case .equal(let field, let value): "\(field) = \(Self.text(value))"
            case .atMost(let field, let value): "\(field) ≤ \(Self.text(value))"
            case .atLeast(let field, let value): "\(field) ≥ \(Self.text(value))"
            }
        }

        static func text(_ value: JSONValue) -> String {
            switch value {
            case .string(let text): "“\(text)”"
            case .integer(let number): String(number)
            case .double(let number): String(number)
            case .bool(let flag): flag ? "true" : "false"
            case .null: "null"
            case .array, .object: "…"
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case method, query, sort, page, id
    }

    struct Page: Codable {
        var offset: Int
        var limit: Int
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .method) {
        case "searchRecipes":
            let page = try container.decode(Page.self, forKey: .page)
            self = .searchRecipes(
                query: try container.decode([Condition].self, forKey: .query), sort: try container.decode([String].self, forKey: .sort),
                offset: page.offset, limit: page.limit)
        case "recipe":
            self = .recipe(id: try container.decode(Int.self, forKey: .id))
        case "feed":
            self = .feed
        case let method:
            throw DecodingError.dataCorruptedError(
                forKey: .method, in: container, debugDescription: "unknown method “\(method)”: searchRecipes, recipe or feed")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .searchRecipes(let query, let sort, let offset, let limit):
            try container.encode("searchRecipes", forKey: .method)
            try container.encode(query, forKey: .query)
            try container.encode(sort, forKey: .sort)
            try container.encode(Page(offset: offset, limit: limit), forKey: .page)
        case .recipe(let id):
            try container.encode("recipe", forKey: .method)
            try container.encode(id, forKey: .id)
        case .feed:
            try container.encode("feed", forKey: .method)
        }
    }

    /// `searchRecipes(keyword “curry”, calories ≤ 500; sort -popularity; offset 0, limit 20)`.
    public var description: String {
        switch self {
        case .searchRecipes(let query, let sort, let offset, let limit):
            let conditions = query.isEmpty ? "everything" : query.map(\.description).joined(separator: ", ")
            let order = sort.isEmpty ? "" : "; sort \(sort.joined(separator: ","))"
            return "searchRecipes(\(conditions)\(order); offset \(offset), limit \(limit))"
        case .recipe(let id): return "recipe(id: \(id))"
        case .feed: return "feed()"
        }
    }
}
