#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SwiftSource {
    /// The text between two UTF-8 offsets.
    package static func slice(_ text: String, _ range: Range<Int>) -> String {
        // Offsets into native (UTF-8) strings move in constant time: a slice costs its own length.
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(decoding: utf8[start..<utf8.index(start, offsetBy: range.count)], as: UTF8.self)
    }

    /// A space, a tab or a line break.
    package static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}

extension String {
    /// Whether `needle`'s bytes occur in the text's (`memchr` for its first byte, `memcmp` for the
    /// rest). Foundation's `contains` compares as NSString does, many times slower; the tool asks
    /// this of every source of a workspace of thousands of files, for names and links.
    public func containsText(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { part in firstOffset(of: part, in: text, from: 0) != nil }
        }
    }
}

/// The first offset at or after `start` where `part`'s bytes occur in `text` (`start` when `part`
/// is empty).
package func firstOffset(of part: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard part.count > 0 else { return start <= text.count ? start : nil }
    guard let textBase = text.baseAddress, let partBase = part.baseAddress, text.count >= part.count else { return nil }
    let last = text.count - part.count
    var offset = max(0, start)
    while offset <= last {
        guard let hit = memchr(textBase + offset, Int32(partBase.pointee), last - offset + 1) else { return nil }
        let found = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self)
        if memcmp(found, partBase, part.count) == 0 { return found - textBase }
        offset = found - textBase + 1
    }
    return nil
}
