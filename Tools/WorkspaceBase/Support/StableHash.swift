/// FNV-1a of a text, 64 bits, in hexadecimal: the same on every run and machine (Swift's `Hasher`
/// is seeded anew in each process), for stamps kept on disk between runs.
package func stableHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
    }
    return String(hash, radix: 16)
}
