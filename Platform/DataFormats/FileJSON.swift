#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How DataFormats writes the JSON files people review in diffs (cassettes, the gallery):
/// pretty-printed, keys sorted, slashes unescaped, a newline at the end, so that one change is
/// one changed line.
enum FileJSON {
    /// The file's text. For the plain values these formats hold (strings, numbers, arrays,
    /// objects of them) encoding cannot fail.
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(value)) ?? Data()) + Data("\n".utf8)
    }
}
