import DataFormats
import Foundation
import Testing

/// Every JSON reader goes through `JSONReader`: nesting is bounded before anything recursive
/// sees the text, and what `JSONDecoder` refuses without a place is said with its field.
@Suite("Reading JSON from outside")
struct JSONReaderTests {
    struct Meal: Decodable, Equatable {
        var name: String
        var minutes: Int
        var rating: Double
    }

    static func brackets(_ depth: Int) -> Data {
        Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }

    static func error<T: Decodable>(reading type: T.Type, _ text: String) throws -> JSONReadError {
        try #require(throws: JSONReadError.self) { try JSONReader.decode(type, from: Data(text.utf8)) }
    }

    @Test("brackets nested 40,000 and 1,000,000 deep are refused in words, with the line and column where the limit is passed")
    func deepBrackets() throws {
        for depth in [40_000, 1_000_000] {
            let error = try #require(throws: JSONReadError.self) { try JSONReader.decode(JSONValue.self, from: Self.brackets(depth)) }
            #expect(error.problem == .tooDeep(limit: 100))
            #expect(error.position == TextPosition(line: 1, column: 101))
            #expect(error.description(file: "deep.json") == "it is nested deeper than 100 levels at line 1, column 101 (deep.json:1:101)")
        }
    }

    @Test("objects nested deep on later lines: the line where the limit is passed")
    func deepObjects() throws {
        let text = "{\n" + String(repeating: #"{"a":"#, count: 300_000) + "1" + String(repeating: "}", count: 300_000) + "\n}"
        let error = try Self.error(reading: JSONValue.self, text)
        #expect(error.description == "it is nested deeper than 100 levels at line 2, column 496")
    }

    @Test("a bracket inside a string is text, and 100 levels are read")
    func depthCountsOnlyStructure() throws {
        let text = #"{"text": ""# + String(repeating: "[", count: 110) + #""}"#
        #expect(
            try JSONReader.decode(JSONValue.self, from: Data(text.utf8)) == .object(["text": .string(String(repeating: "[", count: 110))]))
        var hundred = JSONValue.array([])
        for _ in 1..<100 { hundred = .array([hundred]) }
        #expect(try JSONReader.decode(JSONValue.self, from: Self.brackets(100)) == hundred)
    }

    @Test("a syntax error in deep text is placed without recursing, by JSONSyntaxError and by JSONProblem alike")
    func deepSyntaxError() throws {
        let broken = Data((String(repeating: "[", count: 1_000_000) + "}").utf8)
        #expect(JSONSyntaxError.find(in: broken) == nil, "nesting deeper than the limit is the reader's to say")
        #expect(
            JSONSyntaxError.find(in: Data("[[1}".utf8))
                == JSONSyntaxError(position: TextPosition(line: 1, column: 4), reason: "unexpected “}”"))
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode([Int].self, from: broken) }
        #expect(JSONProblem.describe(error, in: broken) == "it is nested deeper than 100 levels at line 1, column 101")
        #expect(throws: JSONReadError.self) { try JSONReader.decode(JSONValue.self, from: broken) }
    }

    @Test(
        "valid JSON that JSONDecoder refuses without a place: the field, the value and where it is",
        arguments: [
            (
                #"{"name": "Soup", "minutes": 18446744073709551616, "rating": 1}"#, "minutes",
                "should be a whole number from -9223372036854775808 to 9223372036854775807, but is 18446744073709551616 (line 1, column 29)"
            ),
            (
                #"{"name": "Soup", "minutes": 1e400, "rating": 1}"#, "minutes",
                "should be a whole number from -9223372036854775808 to 9223372036854775807, but is 1e400 (line 1, column 29)"
            ),
            (
                #"{"name": "Soup", "minutes": 2.5, "rating": 1}"#, "minutes",
                "should be a whole number, but is the number 2.5 (line 1, column 29)"
            ),
            (
                #"{"name": "Soup", "minutes": 20, "rating": -1e400}"#, "rating",
                "is the number -1e400 (line 1, column 43), out of range: Cookbook reads numbers up to 1.7976931348623157e+308"
            ),
            (
                #"{"name": "So\ud800up", "minutes": 20, "rating": 1}"#, "name",
                #"holds the escape \ud800 (line 1, column 13), half of a UTF-16 surrogate pair without its other half, which is not a character"#
            ),
            (
                #"{"name": "\udc00", "minutes": 20, "rating": 1}"#, "name",
                #"holds the escape \udc00 (line 1, column 11), half of a UTF-16 surrogate pair without its other half, which is not a character"#
            ),
        ])
    func valuesJSONDecoderRefuses(text: String, field: String, problem: String) throws {
        let error = try Self.error(reading: Meal.self, text)
        #expect(error.problem == .field(JSONFieldProblem(field: field, problem: problem)))
    }

    @Test("in a list, the field's full path")
    func pathInAList() throws {
        let text = "[\n" + #"{"name": "Soup", "minutes": 20, "rating": 1},"# + "\n" + #"{"name": "Stew", "minutes": 1e99, "rating": 1}]"#
        let error = try Self.error(reading: [Meal].self, text)
        #expect(error.description.hasPrefix("the field “[1].minutes” should be a whole number from "))
        #expect(error.description.hasSuffix("but is 1e99 (line 3, column 29)"))
    }

    @Test("what JSONDecoder reads is read: a surrogate pair, 1e3 and -0 as whole numbers, values nothing asks for")
    func stillRead() throws {
        let text = #"{"name": "\ud83c\udf5b", "minutes": 1e3, "rating": -0, "unused": [1e400, "\ud800"]}"#
        #expect(try JSONReader.decode(Meal.self, from: Data(text.utf8)) == Meal(name: "🍛", minutes: 1000, rating: 0))
    }

    @Test("a syntax error says its line and column and what is there; a wrong shape names the field")
    func syntaxAndShape() throws {
        #expect(
            try Self.error(reading: Meal.self, "{\n  \"name\": ]").description
                == "it is not valid JSON at line 2, column 11: unexpected “]”")
        #expect(try Self.error(reading: Meal.self, #"{"name": "a"}"#).description == "the field “minutes” is missing")
        #expect(
            try Self.error(reading: Meal.self, "[]").problem
                == .field(JSONFieldProblem(field: "", problem: "should be an object, but is a list")))
        #expect(
            try Self.error(reading: Meal.self, "[1, 2")
                == JSONReadError(.syntax("the text ends too soon"), at: TextPosition(line: 1, column: 6)))
    }

    @Test("a cassette nested too deep says so; an answer deeper than the client reads is recorded as text, so the cassette stays readable")
    func cassettes() throws {
        let deep =
            Data(#"{"format": "cookbook web API cassette", "version": 1, "server": "x", "interactions": "#.utf8) + Self.brackets(300_000)
            + Data("}".utf8)
        let error = try #require(throws: CassetteError.self) { try Cassette.decode(deep, file: "c.json") }
        #expect(error.problem == "it is nested deeper than 104 levels at line 1, column 189 (c.json:1:189)")

        let answer = RecordedResponse(status: 200, headers: ["Content-Type": "application/json"], body: Self.brackets(150_000))
        #expect(answer.body == .text(String(decoding: Self.brackets(150_000), as: UTF8.self)))
        let cassette = Cassette(
            server: "http://127.0.0.1:1",
            interactions: [
                Cassette.Interaction(call: .feed, request: RecordedRequest(method: "GET", path: "/feed"), response: answer),
                Cassette.Interaction(
                    call: .feed, request: RecordedRequest(method: "GET", path: "/feed"),
                    response: RecordedResponse(status: 200, body: Self.brackets(JSONReader.maximumDepth))),
            ])
        #expect(try Cassette.decode(cassette.encoded(), file: "c.json") == cassette)
    }

    @Test("gallery data nested too deep says so")
    func gallery() throws {
        let error = try #require(throws: GalleryFormatError.self) { try ScreenGallery.decode(Self.brackets(50_000), source: "g.json") }
        #expect(error.description == "g.json: it is nested deeper than 100 levels at line 1, column 101 (g.json:1:101)")
    }

    @Test(
        "a key given twice in one object is refused with the key and the place of the second, however it is written",
        arguments: [
            (#"{"id": 1, "id": 2}"#, "id", 1, 11),
            ("[{\"a\": 1},\n {\"b\": {\"c\": 1, \"d\": [1, {\"c\": 2}], \"c\": 3}}]", "c", 2, 37),
            (#"{"id": 1, "\u0069d": 2}"#, "id", 1, 11),
            ("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}", "caf\u{E9}", 1, 13),
            (#"{"a": {"x": 1}, "b": "a", "a": 2}"#, "a", 1, 27),
        ])
    func duplicateKeys(text: String, key: String, line: Int, column: Int) throws {
        let error = try Self.error(reading: JSONValue.self, text)
        #expect(error.problem == .duplicateKey(key))
        #expect(error.position == TextPosition(line: line, column: column))
        #expect(
            error.description(file: "f.json")
                == "it has the key “\(key)” twice in one object (the second at line \(line), column \(column) (f.json:\(line):\(column))), and Cookbook cannot tell which is meant"
        )
    }

    @Test(
        "the same key in different objects, or as a value, is read",
        arguments: [#"[{"id": 1}, {"id": 2}]"#, #"{"id": "id", "x": {"id": 1}, "y": ["id", "id"]}"#, #"{"a\"b": 1, "a": 2}"#])
    func sameKeyElsewhere(text: String) throws {
        _ = try JSONReader.decode(JSONValue.self, from: Data(text.utf8))
    }
}
