import Core
import Foundation
import HTTPTestServer
import WebAPI

/// Recipes a hostile or broken source could serve: text made of escape sequences (clear the
/// screen, set the title, OSC 52), C0 and C1 controls, NUL, bidirectional and invisible
/// characters, line breaks, emoji and runs as long as a text may be; numbers at their limits.
/// They are valid as a dataset (each id once, nothing below zero, no text over its limit), so the
/// app shows them and the fuzzer can reach them with keys and commands.
enum HostileRecipes {
    static let pieces: [String] = [
        "\u{1B}[2J", "\u{1B}[H", "\u{1B}]0;pwned\u{07}", "\u{1B}]52;c;cm0gLXJmIH4=\u{07}", "\u{1B}P+q544e\u{1B}\\", "\u{1B}[6n",
        "\u{9B}31m", "\u{9D}0;x\u{9C}", "\u{85}", "\u{0}", "\r", "\n", "\t", "\u{08}", "\u{7F}", "\u{202E}", "\u{2066}", "\u{2069}",
        "\u{200B}", "\u{FEFF}", "\u{200F}", "\u{2028}", "e\u{301}\u{301}\u{301}", "👩‍🍳", "🍛", "日本", "Curry", "rice", " ", "\"", "\\",
        "%1B", "&#27;",
    ]

    /// A text of 1 to 8 pieces, or now and then a long run, of at most `limit` characters.
    static func text(_ random: inout SplitMix64, atMost limit: Int = RecipeValidation.longestText) -> String {
        let text =
            random.chance(1, in: 40)
            ? String(repeating: random.element(of: pieces) ?? "x", count: Int.random(in: 200...3000, using: &random))
            : (0..<Int.random(in: 1...8, using: &random)).map { _ in random.element(of: pieces) ?? "x" }.joined()
        return String(text.prefix(limit))
    }

    /// A number from 0 up to the largest there is, mostly small.
    static func count(_ random: inout SplitMix64) -> Int {
        random.chance(1, in: 6)
            ? random.element(of: [Int.max, Int(Int32.max), 1_000_000_000_000]) ?? 0 : Int.random(in: 0...500, using: &random)
    }

    static func recipes(count total: Int, _ random: inout SplitMix64) -> [Recipe] {
        (1...total).map { id in
            Recipe(
                // A title must show something (a dataset without one is refused): its number.
                id: id, title: "\(text(&random, atMost: RecipeValidation.longestTitle - 10))\(id)", summary: text(&random),
                author: Author(
                    id: text(&random, atMost: RecipeValidation.longestName), name: text(&random, atMost: RecipeValidation.longestName)),
                category: random.element(of: Category.allCases) ?? .main, cookingMinutes: count(&random), calories: count(&random),
                servings: max(1, count(&random)), isVegetarian: random.chance(1, in: 2), popularity: count(&random),
                publishedOn: random.chance(1, in: 2) ? "2026-01-0\(Int.random(in: 1...9, using: &random))" : text(&random),
                ingredients: (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    Ingredient(
                        name: text(&random, atMost: RecipeValidation.longestName),
                        quantity: random.chance(1, in: 4) ? nil : random.element(of: [0, 0.5, 2, 1e15, 1e300, Double(Int.max)]),
                        unit: random.element(of: Ingredient.Unit.allCases) ?? .none)
                },
                steps: (0..<Int.random(in: 0...5, using: &random)).map { _ in text(&random) }
            )
        }
    }
}

/// A web API on loopback that serves hostile recipes by the contract and, for one request in
/// six, a hostile answer instead: invalid UTF-8 inside a string, a NUL and escapes spelled as
/// JSON escapes, an id too large for an Int, a body cut short, brackets nested 300,000 deep,
/// numbers out of range and half surrogate pairs, a Content-Length larger than the body, and
/// redirects: to another port, to another name for the host, round in a circle, or (followed)
/// to the same answer under another path.
final class HostileRecipeServer: @unchecked Sendable {
    let server: LoopbackHTTPServer
    private let lock = NSLock()
    private var random: SplitMix64

    init(recipes: [Recipe], seed: UInt64) throws {
        random = SplitMix64(seed: seed)
        let contract = RecipeServerHandler.handler(recipes: recipes)
        let box = Box()
        server = try LoopbackHTTPServer { request in
            // Where a same-server redirect sends a request: the contract's answer.
            if request.path.hasPrefix("/moved/") {
                var moved = request
                moved.path = String(request.path.dropFirst("/moved".count))
                return contract(moved)
            }
            return box.server?.answer(request, contract) ?? contract(request)
        }
        box.server = self
    }

    private func answer(_ request: LoopbackHTTPServer.Request, _ contract: LoopbackHTTPServer.Handler) -> LoopbackHTTPServer.Response {
        let pick: Int? = lock.withLock { random.chance(1, in: 6) ? Int.random(in: 0..<11, using: &random) : nil }
        guard let pick else { return contract(request) }
        var valid = contract(request)
        switch pick {
        case 0:
            // Raw bytes that are not UTF-8 inside the first string value.
            if let quote = valid.body.firstIndex(of: UInt8(ascii: ":")).flatMap({ valid.body[$0...].firstIndex(of: UInt8(ascii: "\"")) }) {
                valid.body.insert(contentsOf: [0xFF, 0xFE, 0xC0, 0x80], at: quote + 1)
            }
            return valid
        case 1:
            let text = String(decoding: valid.body, as: UTF8.self).replacingOccurrences(
                of: "Curry", with: #"\u0000\u001b]0;x\u0007\u009b2J"#)
            valid.body = Data(text.utf8)
            return valid
        case 2:
            return .text(#"{"id": 99999999999999999999999, "title": "too large"}"#, status: 200)
        case 3:
            valid.body = valid.body.prefix(valid.body.count / 2)
            return valid
        case 4:
            return .text(String(repeating: "[", count: 300_000) + String(repeating: "]", count: 300_000), status: 200)
        case 5:
            let text = String(decoding: valid.body, as: UTF8.self)
            valid.body = Data(
                text.replacingOccurrences(of: #""calories":"#, with: #""calories":1e400,"x":"#).replacingOccurrences(
                    of: #""title":""#, with: #""title":"\ud800"#
                ).utf8)
            return valid
        case 6:
            valid.omitsContentLength = true
            valid.headers = [("Content-Length", String(valid.body.count * 2 + 10))]
            return valid
        case 7:
            return Self.redirect(to: "http://127.0.0.1:\(server.port == 9 ? 10 : 9)\(request.path)")
        case 8:
            return Self.redirect(to: "http://localhost:\(server.port)\(request.path)")
        case 9:
            return Self.redirect(to: request.path)
        default:
            var moved = URLComponents()
            moved.path = "/moved" + request.path
            moved.queryItems = request.queryItems.isEmpty ? nil : request.queryItems
            return Self.redirect(to: moved.string ?? "/moved")
        }
    }

    private static func redirect(to location: String) -> LoopbackHTTPServer.Response {
        var response = LoopbackHTTPServer.Response.text("moved", status: 302, contentType: "text/plain")
        response.headers = [("Location", location)]
        return response
    }

    /// Lets the handler, made before `self` is whole, reach it (from the server's threads).
    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private weak var current: HostileRecipeServer?

        var server: HostileRecipeServer? {
            get { lock.withLock { current } }
            set { lock.withLock { current = newValue } }
        }
    }
}
