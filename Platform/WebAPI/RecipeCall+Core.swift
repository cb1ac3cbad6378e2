import Core
import DataFormats

extension RecipeCall {
    /// The typed call of a search, as data: the same field names the web API uses.
    public init(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) {
        let conditions = query.conditions.map { condition -> Condition in
            switch condition {
            case .keyword(let text): .keyword(text)
            case .equal(let field, let value): .equal(field: field.rawValue, value: JSONValue(value))
            case .atMost(let field, let value): .atMost(field: field.rawValue, value: JSONValue(value))
            case .atLeast(let field, let value): .atLeast(field: field.rawValue, value: JSONValue(value))
            }
        }
        self = .searchRecipes(
            query: conditions, sort: sort.map { ($0.ascending ? "" : "-") + $0.field.rawValue }, offset: page.offset, limit: page.limit)
    }
}

extension JSONValue {
    /// A query's value as JSON: text, integer or true/false.
    init(_ value: QueryValue) {
        switch value {
        case .text(let text): self = .string(text)
        case .integer(let number): self = .integer(number)
        case .bool(let flag): self = .bool(flag)
        }
    }
}
