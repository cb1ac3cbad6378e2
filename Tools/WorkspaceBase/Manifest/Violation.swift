/// One broken rule, as one line: `file:line: rule: message — fix: what to do`.
public struct Violation: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var rule: String
    public var message: String
    public var fix: String

    public init(_ path: String, _ line: Int, _ rule: String, _ message: String, fix: String) {
        self.path = path
        self.line = line
        self.rule = rule
        self.message = message
        self.fix = fix
    }

    public var description: String { "\(path):\(line): \(rule): \(message) — fix: \(fix)" }
}
