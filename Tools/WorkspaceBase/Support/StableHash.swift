/// FNV-1a of a text, 64 bits, in hexadecimal: the same on every run and machine (Swift's `Hasher`
/// is seeded anew in each process), for stamps kept on disk between runs.
package func stableHash(_ text: String) -> String {
    var hasher = StableHasher()
    hasher.combine(text)
    return hasher.value
}

/// `stableHash` fed piece by piece, so that a hash over thousands of files' stamps builds no text.
package struct StableHasher {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        }
    }

    package mutating func combine(bytes: UnsafeRawBufferPointer) {
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
    }

    /// The value's eight bytes, least significant first.
    package mutating func combine(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { hash = (hash ^ ((value >> UInt64(shift)) & 0xff)) &* 0x0100_0000_01b3 }
    }

    /// A file's status as `FileStatus.stamp` tells it (size, modification time, inode), as numbers.
    package mutating func combine(_ status: FileStatus?) {
        guard let status else { return combine("missing") }
        combine(UInt64(bitPattern: status.size))
        combine(status.modified.bitPattern)
        combine(status.inode)
    }

    /// In hexadecimal, as `stableHash` gives it.
    package var value: String { String(hash, radix: 16) }
}
