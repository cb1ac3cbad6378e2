import DataFormats
import Foundation
import Testing

@Suite("Where JSON is wrong, in words")
struct JSONProblemTests {
    struct Pair: Decodable {
        var name: String
        var count: Int
    }

    @Test func aPositionIsCountedInLinesAndCharacters() {
        let data = Data("ab\né日本x\n".utf8)
        #expect(TextPosition(byteOffset: 0, in: data) == TextPosition(line: 1, column: 1))
        #expect(TextPosition(byteOffset: 3, in: data) == TextPosition(line: 2, column: 1))
        // é is 2 bytes, 日 and 本 3 each: byte 11 is "x", the 4th character of line 2.
        #expect(TextPosition(byteOffset: 11, in: data) == TextPosition(line: 2, column: 4))
        #expect(TextPosition(byteOffset: 99, in: data) == TextPosition(line: 3, column: 1))
    }

    @Test("broken JSON: the line, the column and what is there")
    func syntax() throws {
        let data = Data("{\n  \"name\": \"a\",\n  \"count\": ]\n}".utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Pair.self, from: data) }
        #expect(JSONProblem.describe(error, in: data) == "it is not valid JSON at line 3, column 12: unexpected “]”")
        #expect(JSONProblem.describe(error, in: data, file: "f.json").contains("(f.json:3:12)"))
    }

    @Test("the wrong shape: the field, and what is wrong with it in words")
    func shape() throws {
        let missing = Data(#"[{"name": "a", "count": 1}, {"name": "b"}]"#.utf8)
        let noKey = try #require(throws: DecodingError.self) { try JSONDecoder().decode([Pair].self, from: missing) }
        #expect(JSONProblem.describe(noKey, in: missing) == "the field “[1].count” is missing")
        // Without the text, the coding path.
        #expect(JSONProblem.describe(noKey) == "the key “count” is missing at [1]")

        let text = Data(#"{"name": "a", "count": "one"}"#.utf8)
        let wrongType = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Pair.self, from: text) }
        #expect(JSONProblem.describe(wrongType, in: text) == "the field “count” should be a whole number, but is the text “one”")
        #expect(JSONProblem.describe(wrongType) == "expected a whole number at count")
    }

    @Test("valid JSON has no syntax error")
    func valid() {
        #expect(JSONSyntaxError.find(in: Data("[1, 2]".utf8)) == nil)
    }
}
