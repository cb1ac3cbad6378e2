import Core
import Foundation
import WebAPI

/// A reference implementation of the REST contract over a list of recipes: what a real
/// backend does, on loopback, for the client's tests.
public enum RecipeServerHandler {
    public static func handler(recipes: [Recipe]) -> LoopbackHTTPServer.Handler {
        { request in
            let path = request.path.split(separator: "/").map(String.init)
            switch path {
            case ["recipes"]:
                do throws(RecipeAPIContract.ContractError) {
                    let (query, sort, page) = try RecipeAPIContract.parse(request.queryItems)
                    let matches = query.results(in: recipes, sortedBy: sort)
                    return .json(
                        RecipeAPIContract.SearchResponse(
                            recipes: Array(matches.dropFirst(page.offset).prefix(page.limit)),
                            total: matches.count, offset: page.offset, limit: page.limit
                        ))
                } catch {
                    return .json(RecipeAPIContract.ErrorBody(error: error.message), status: 400)
                }
            case let parts where parts.count == 2 && parts[0] == "recipes":
                guard let id = Int(parts[1]), let recipe = recipes.first(where: { $0.id == id }) else {
                    return .json(RecipeAPIContract.ErrorBody(error: "no recipe \(parts[1])"), status: 404)
                }
                return .json(recipe)
            case ["feed"]:
                return .json(
                    RecipeFeed(
                        popular: Array(recipes.sorted(by: [.descending(.popularity)]).prefix(8)),
                        new: Array(recipes.sorted(by: [.descending(.publishedOn)]).prefix(8))
                    ))
            default:
                return .json(RecipeAPIContract.ErrorBody(error: "no route \(request.path)"), status: 404)
            }
        }
    }
}
