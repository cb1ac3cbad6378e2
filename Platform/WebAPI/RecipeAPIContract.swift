import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The REST contract of the recipe web API (documented in docs/web-api.md). The client
/// writes requests with it, and the loopback test server reads them back with it, so both
/// sides agree by construction.
public enum RecipeAPIContract {
    /// `GET /recipes?…` answers this; `GET /recipes/{id}` a `Recipe`; `GET /feed` a `RecipeFeed`.
    public struct SearchResponse: Codable, Equatable, Sendable {
        public var recipes: [Recipe]
        public var total: Int
        public var offset: Int
        public var limit: Int

        public init(recipes: [Recipe], total: Int, offset: Int, limit: Int) {
            self.recipes = recipes
            self.total = total
            self.offset = offset
            self.limit = limit
        }
    }

    /// The body of every 4xx and 5xx answer.
    public struct ErrorBody: Codable, Equatable, Sendable {
        public var error: String

        public init(error: String) {
            self.error = error
        }
    }

    /// A query, sort and page as URL query items:
    /// `q=curry&category=main&cookingMinutes.max=30&calories.min=100&isVegetarian=true&sort=-popularity,title&offset=0&limit=20`.
    public static func queryItems(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) -> [URLQueryItem] {
        var items: [URLQueryItem] = query.conditions.map { condition in
            switch condition {
            case .keyword(let keyword): URLQueryItem(name: "q", value: keyword)
            case .equal(let field, let value): URLQueryItem(name: field.rawValue, value: value.text)
            case .atMost(let field, let value): URLQueryItem(name: "\(field.rawValue).max", value: value.text)
            case .atLeast(let field, let value): URLQueryItem(name: "\(field.rawValue).min", value: value.text)
            }
        }
        if !sort.isEmpty {
            items.append(
                URLQueryItem(name: "sort", value: sort.map { ($0.ascending ? "" : "-") + $0.field.rawValue }.joined(separator: ",")))
        }
        items.append(URLQueryItem(name: "offset", value: String(page.offset)))
        items.append(URLQueryItem(name: "limit", value: String(page.limit)))
        return items
    }

    /// Reads query items back (the server's side). Unknown names or bad values are errors.
    public static func parse(_ items: [URLQueryItem]) throws(ContractError) -> (Query<Recipe>, [Sort<Recipe>], PageRequest) {
        var query = Query<Recipe>.all
        var sort: [Sort<Recipe>] = []
        var offset = 0
        var limit = PageRequest.first.limit
        for item in items {
            let value = item.value ?? ""
            switch item.name {
            case "q": query = query.and(.keyword(value))
            case "offset": offset = try integer(value, for: "offset")
            case "limit": limit = try integer(value, for: "limit")
            case "sort":
                sort = try value.split(separator: ",").map { term throws(ContractError) in
                    let name = term.hasPrefix("-") ? String(term.dropFirst()) : String(term)
                    guard let field = Recipe.Field(rawValue: name) else { throw ContractError("unknown sort field “\(name)”") }
                    return Sort(field, ascending: !term.hasPrefix("-"))
                }
            default:
                let parts = item.name.split(separator: ".", maxSplits: 1).map(String.init)
                guard let field = Recipe.Field(rawValue: parts[0]) else { throw ContractError("unknown parameter “\(item.name)”") }
                let typed = try queryValue(value, for: field)
                switch parts.count == 2 ? parts[1] : "" {
                case "": query = query.and(.equal(field, typed))
                case "max": query = query.and(.atMost(field, typed))
                case "min": query = query.and(.atLeast(field, typed))
                default: throw ContractError("unknown parameter “\(item.name)”")
                }
            }
        }
        return (query, sort, PageRequest(offset: offset, limit: limit))
    }

    /// A parameter's text as the kind of value its field holds.
    public static func queryValue(_ text: String, for field: Recipe.Field) throws(ContractError) -> QueryValue {
        switch field {
        case .id, .cookingMinutes, .calories, .popularity: .integer(try integer(text, for: field.rawValue))
        case .isVegetarian:
            switch text {
            case "true": .bool(true)
            case "false": .bool(false)
            default: throw ContractError("\(field.rawValue) must be true or false, not “\(text)”")
            }
        case .title, .category, .publishedOn, .authorID: .text(text)
        }
    }

    private static func integer(_ text: String, for name: String) throws(ContractError) -> Int {
        guard let number = Int(text) else { throw ContractError("\(name) must be a whole number, not “\(text)”") }
        return number
    }

    public struct ContractError: Error, Equatable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }
}
