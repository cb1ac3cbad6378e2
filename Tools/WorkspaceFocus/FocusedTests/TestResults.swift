/// The outcome of one test run, read from the xUnit reports `swift test --xunit-output` writes
/// (one for XCTest, one for Swift Testing), counted per test target.
public struct TestResults: Sendable, Equatable {
    public struct Counts: Sendable, Equatable {
        public var passed = 0
        public var failed = 0
        public var skipped = 0

        public init(passed: Int = 0, failed: Int = 0, skipped: Int = 0) {
            self.passed = passed
            self.failed = failed
            self.skipped = skipped
        }

        /// Every test that ran or was skipped.
        public var total: Int { passed + failed + skipped }
        /// Tests that ran (skipped ones did not).
        public var run: Int { passed + failed }
    }

    /// By test target: the part of a test's class name before the first dot (`FeedTests.FeedScreenTests`).
    public var byTarget: [String: Counts] = [:]

    public init(byTarget: [String: Counts] = [:]) {
        self.byTarget = byTarget
    }

    public var total: Counts {
        byTarget.values.reduce(into: Counts()) { sum, counts in
            sum.passed += counts.passed
            sum.failed += counts.failed
            sum.skipped += counts.skipped
        }
    }

    /// Adds the test cases of one xUnit report: `<testcase classname="FeedTests.X" name="y()" />`
    /// passed; one holding `<failure` or `<error` failed; one holding `<skipped` was skipped.
    public mutating func add(xUnit xml: String) {
        var rest = Substring(xml)
        while let start = rest.range(of: "<testcase") {
            let afterName = rest[start.upperBound...]
            guard let tagEnd = afterName.firstIndex(of: ">") else { break }
            let tag = afterName[..<tagEnd]
            let selfClosing = tag.hasSuffix("/")
            let body: Substring
            if selfClosing {
                body = ""
                rest = afterName[afterName.index(after: tagEnd)...]
            } else {
                let inside = afterName[afterName.index(after: tagEnd)...]
                let end = inside.range(of: "</testcase>")
                body = end.map { inside[..<$0.lowerBound] } ?? inside
                rest = end.map { inside[$0.upperBound...] } ?? ""
            }
            let className = Self.attribute("classname", in: tag) ?? ""
            let target = className.split(separator: ".").first.map(String.init) ?? className
            if body.contains("<failure") || body.contains("<error") {
                byTarget[target, default: Counts()].failed += 1
            } else if body.contains("<skipped") {
                byTarget[target, default: Counts()].skipped += 1
            } else {
                byTarget[target, default: Counts()].passed += 1
            }
        }
    }

    /// `name="value"` in a tag.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let value = tag[range.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { return nil }
        return String(value[..<end])
    }
}
