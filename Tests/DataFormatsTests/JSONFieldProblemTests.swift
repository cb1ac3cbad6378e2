import DataFormats
import Foundation
import Testing

/// Valid JSON of the wrong shape, said about one field in words a person can act on.
@Suite("JSON field problems")
struct JSONFieldProblemTests {
    struct Meal: Decodable {
        enum Course: String, Decodable { case starter, main }
        var name: String
        var minutes: Int
        var rating: Double
        var isVegetarian: Bool
        var course: Course
        var tags: [String]
        var steps: [Step]
    }

    struct Step: Decodable {
        var text: String
    }

    struct Menu: Decodable {
        var meals: [Meal]
    }

    /// A valid meal's fields, as JSON text, in order.
    static let fields: [(name: String, json: String)] = [
        ("name", #""Soup""#), ("minutes", "20"), ("rating", "4.5"), ("isVegetarian", "true"), ("course", #""main""#),
        ("tags", "[]"), ("steps", #"[{"text": "Boil"}]"#),
    ]

    /// A meal with one field's JSON replaced (nil: left out).
    static func meal(replacing field: String = "", with json: String? = nil) -> String {
        let parts = fields.compactMap { name, value in
            name == field ? json.map { #""\#(name)": \#($0)"# } : #""\#(name)": \#(value)"#
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// The problem of a menu whose second meal is `meal`.
    func problem(_ meal: String) throws -> JSONFieldProblem? {
        let data = Data(#"{"meals": [\#(Self.meal()), \#(meal)]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Menu.self, from: data)
            return nil
        } catch let error as DecodingError {
            return JSONFieldProblem(error, in: data)
        }
    }

    @Test(
        "each kind of mistake names the field and says what it should be and what it is",
        arguments: [
            ("minutes", #""twenty""#, "meals[1].minutes", "should be a whole number, but is the text “twenty”"),
            ("rating", "true", "meals[1].rating", "should be a number, but is true"),
            ("name", "7", "meals[1].name", "should be text, but is the number 7"),
            ("isVegetarian", #""yes""#, "meals[1].isVegetarian", "should be true or false, but is the text “yes”"),
            ("course", #""pudding""#, "meals[1].course", "has a value Cookbook does not know: the text “pudding”"),
            ("tags", "{}", "meals[1].tags", "should be a list, but is an object"),
            ("steps", "[7]", "meals[1].steps[0]", "should be an object, but is the number 7"),
            ("name", "null", "meals[1].name", "should be text, but is null"),
        ])
    func wrongKind(field: String, json: String, path: String, problem: String) throws {
        let found = try self.problem(Self.meal(replacing: field, with: json))
        #expect(found == JSONFieldProblem(field: path, problem: problem))
    }

    @Test("a missing key is named with its place")
    func missingKey() throws {
        let problem = try #require(try self.problem(Self.meal(replacing: "minutes")))
        #expect(problem == JSONFieldProblem(field: "meals[1].minutes", problem: "is missing"))
        #expect(problem.description == "the field “meals[1].minutes” is missing")
    }

    @Test("the document itself of the wrong kind is “the answer”")
    func wrongDocument() throws {
        let data = Data("[1, 2]".utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Menu.self, from: data) }
        let problem = try #require(JSONFieldProblem(error, in: data))
        #expect(problem.description == "the answer should be an object, but is a list")
    }

    @Test("text that is not JSON is not a field problem: JSONSyntaxError places it")
    func notJSON() throws {
        let data = Data(#"{"meals": [}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Menu.self, from: data) }
        #expect(JSONFieldProblem(error, in: data) == nil)
    }
}
