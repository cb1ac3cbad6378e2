import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A recipe kept by the web API cache, with when it was saved: what lets the cache expire
/// entries and a screen say "saved copy from 2 hours ago".
///
/// Its fields are the recipe's, so a search the server cannot answer runs on the cache with the
/// same `Query` and `Sort` values (`Query(recipeQuery)`): SQL on SQLite, a filter in memory.
struct CachedRecipe: Identifiable, Hashable, Sendable {
    var recipe: Recipe
    var savedAt: Date

    var id: Recipe.ID { recipe.id }

    /// Which server copies from `address` (a web API's base URL, without credentials) are kept
    /// under: its scheme, host and port, the default port written out, and its path without a
    /// final slash, in lower case but for the path. So `HTTP://Host/api/` and `http://host:80/api`
    /// share their copies; another host, port or path has its own. The user name and password
    /// are not part of it: nothing secret is written to the database.
    static func server(of address: URL) -> String {
        guard let components = URLComponents(url: address, resolvingAgainstBaseURL: false), let scheme = components.scheme?.lowercased()
        else { return address.absoluteString }
        var host = (components.host ?? "").lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)\(path)"
    }
}

extension CachedRecipe: Queryable {
    typealias Field = Recipe.Field

    func value(of field: Field) -> QueryValue { recipe.value(of: field) }

    var searchableTitle: String { recipe.searchableTitle }

    var searchableText: String { recipe.searchableText }
}

extension Query where Entity == CachedRecipe {
    /// The same conditions, on cache entries.
    init(_ query: Query<Recipe>) {
        self.init(
            query.conditions.map { condition in
                switch condition {
                case .keyword(let text): .keyword(text)
                case .equal(let field, let value): .equal(field, value)
                case .atMost(let field, let value): .atMost(field, value)
                case .atLeast(let field, let value): .atLeast(field, value)
                }
            })
    }
}

extension Sort where Entity == CachedRecipe {
    /// The same order, on cache entries.
    init(_ sort: Sort<Recipe>) {
        self.init(sort.field, ascending: sort.ascending)
    }
}
