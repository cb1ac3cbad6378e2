#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds an object that holds one key twice (`{"id": 1, "id": 2}`). RFC 8259 leaves such text to
/// each reader, and `JSONDecoder` keeps the first and drops the rest without a word, so a file or
/// an answer could mean one thing to its writer and another to Cookbook: `JSONReader` refuses it.
///
/// One pass over valid JSON that keeps, for each object still open, the keys seen so far; keys are
/// compared as Swift strings, as the decoder's dictionary compares them (`\u0041` is `A`, and a
/// precomposed `é` is `e` with its accent), so whatever would collide there is found here.
enum JSONDuplicateKeys {
    /// The key that comes twice in one object, and the offset of its second occurrence.
    static func first(in data: Data) -> (key: String, offset: Int)? {
        data.withUnsafeBytes { bytes -> (key: String, offset: Int)? in
            // One entry a container still open: nil for an array, the keys so far for an object.
            var open: [Set<String>?] = []
            var expectsKey = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"):
                    open.append([])
                    expectsKey = true
                case UInt8(ascii: "["):
                    open.append(nil)
                    expectsKey = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    _ = open.popLast()
                    expectsKey = false
                case UInt8(ascii: ","):
                    expectsKey = open.last.map { $0 != nil } ?? false
                case UInt8(ascii: "\""):
                    let start = index
                    var hasEscape = false
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\") {
                            hasEscape = true
                            index += 1
                        }
                        index += 1
                    }
                    if expectsKey, let last = open.indices.last {
                        let raw = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<min(index, bytes.count)])
                        let key = hasEscape ? unescaped(raw) : String(decoding: raw, as: UTF8.self)
                        if open[last]?.insert(key).inserted == false { return (key, start) }
                        expectsKey = false
                    }
                default:
                    break
                }
                index += 1
            }
            return nil
        }
    }

    /// A key with escapes, as the decoder reads it.
    private static func unescaped(_ raw: UnsafeRawBufferPointer) -> String {
        let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
        return (try? JSONDecoder().decode(String.self, from: quoted)) ?? String(decoding: raw, as: UTF8.self)
    }
}
