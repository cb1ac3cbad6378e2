import WorkspaceBase

/// The features of Package.swift, one name a line of a multi-line string that the manifest splits:
///
///     let features = """
///         Feed
///         Favorites
///         """.split(whereSeparator: \.isWhitespace).map(String.init)
///
/// Why a string and not an array of string literals: SwiftPM compiles Package.swift again after
/// every change to it, and the compiler turns each literal of an array into code of its own; at a
/// thousand features the array took 0.07 s more of each compile than the string (0.32 s against
/// 0.25 s, the same as five features). One line a name keeps `merge=union` working as before.
struct FeatureList {
    let source: SwiftSource
    /// The offsets of the opening and the closing `"""`.
    let open: Int
    let close: Int

    /// The list of `let features = """ … """` in `source`, if it has one.
    init?(in source: SwiftSource) {
        let bytes = source.codeBytes
        guard let open = SourceEdits.valueStart(named: "features", in: source), Self.isDelimiter(at: open, in: bytes) else { return nil }
        var close = open + 3
        while close + 2 < bytes.count, !Self.isDelimiter(at: close, in: bytes) { close += 1 }
        guard close + 2 < bytes.count else { return nil }
        self.source = source
        self.open = open
        self.close = close
    }

    static func isDelimiter(at offset: Int, in bytes: [UInt8]) -> Bool {
        offset + 2 < bytes.count && bytes[offset..<(offset + 3)].allSatisfy { $0 == UInt8(ascii: "\"") }
    }

    /// The names, in order: the list's words.
    var names: [String] {
        SwiftSource.slice(source.text, (open + 3)..<close).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The manifest with `name` as the list's last line, indented as the closing `"""` is.
    func adding(_ name: String) -> String {
        let bytes = Array(source.text.utf8)
        let closeLine = SourceEdits.startOfLine(before: close, in: bytes)
        let indent = SourceEdits.indentation(ofLineAt: close, in: bytes)
        return SourceEdits.inserting("\(indent)\(name)\n", at: closeLine, in: source.text)
    }
}
