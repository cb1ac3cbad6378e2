import Foundation
import Testing

@testable import App

/// Figures the README quotes come from the code, read here, or are not quoted.
@Suite("README figures")
struct ReadmeFiguresTests {
    let readme: String

    init() throws {
        readme = try RepositoryFiles(reading: "README.md").text("README.md")
    }

    @Test("the number of bundled recipes is the dataset's")
    func bundledRecipes() {
        let count = BundledRecipeClient.bundled().recipes.count
        #expect(readme.contains("The app starts with \(count) bundled recipes"), "the dataset has \(count)")
    }

    @Test("no test count is quoted as if it were this workspace's: it changes with every test added")
    func noTestCounts() throws {
        let quoted = try #require(try? NSRegularExpression(pattern: #"tests: [0-9]+ passed"#))
        #expect(quoted.numberOfMatches(in: readme, range: NSRange(readme.startIndex..., in: readme)) == 0)
    }
}
