import Foundation
import Testing

/// The code says why in its own words: no comment sends the reader to the example project, a
/// conference session or a piece of writing an idea came from, which a reader here does not have.
/// (docs/history.md is the one place for where things came from.)
@Suite("the code cites no source it came from")
struct SourceCitationTests {
    let repository = RepositoryFiles(reading: "Core", "Platform", "Features", "App", "Sandboxes", "Tools", "Tests")

    /// A numbered example (the word, then three digits, also across a comment's line break), a
    /// type of the example project through its possessive, "as in" it, a session of Apple's
    /// conference, a speaker's talk, a written piece.
    static let citations = [
        #"\bseed\s+(///\s*)?\d{3}\b"#, #"\bseed's\s+`[A-Z]"#, #"\bas in the seed\b"#, #"\bWWDC\d*\b"#,
        #"\btalk\s+(by|at)\b"#, #"\barticle\b"#,
    ]

    @Test("no Swift source names the example project or a session or writing as the reason for its code")
    func noSourceCitesWhereItCameFrom() throws {
        let patterns = try Self.citations.map { try NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
        var found: [String] = []
        var read = 0
        for folder in repository.paths {
            let root = try repository.url(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                read += 1
                let range = NSRange(text.startIndex..., in: text)
                for pattern in patterns {
                    guard let match = pattern.firstMatch(in: text, range: range), let words = Range(match.range, in: text) else { continue }
                    let line = text[..<words.lowerBound].filter { $0 == "\n" }.count + 1
                    found.append("\(folder)/\(file.path.dropFirst(root.path.count + 1)):\(line): “\(text[words])”")
                }
            }
        }
        #expect(read > 100, "only \(read) Swift files were read")
        #expect(found == [], "say the reason in words instead")
    }
}
