/// A key the person pressed, decoded from the bytes a terminal in raw mode sends.
public enum Key: Hashable, Sendable {
    /// A printable character, including space and non-ASCII text.
    case character(Character)
    case enter
    case tab
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    case backspace
    /// The Delete key (`ESC [ 3 ~`), not Backspace.
    case delete
    case escape
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// Ctrl-C: in raw mode it arrives as byte 0x03 instead of raising SIGINT.
    case interrupt
    /// Another Ctrl-letter, named by its lowercase letter (Ctrl-L is `.control("l")`).
    case control(Character)
    /// An escape sequence this runner has no use for (F-keys, mouse reports…).
    case unknown
}

/// Turns the bytes read from a raw-mode terminal into keys: ASCII, UTF-8 text, control
/// bytes and the escape sequences of arrows and editing keys (both `ESC [` and `ESC O`
/// forms, with or without modifier parameters).
///
/// Input arrives in chunks that may split a sequence or a UTF-8 character, so an
/// incomplete tail is kept for the next chunk. A lone `ESC` is ambiguous (the Escape key,
/// or the start of a sequence still on its way): it stays pending until more bytes come
/// or the reader calls `flush()` after a short silence.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Whether bytes are waiting for the rest of a sequence.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes a chunk, keeping an incomplete tail for the next call.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decodeOne(pending[index...]) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Gives up waiting: a pending `ESC` is the Escape key, any other incomplete tail is dropped.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        guard let first = pending.first else { return [] }
        if first == 0x1B {
            // ESC, or ESC followed by an unfinished sequence: the person pressed Escape.
            return [.escape]
        }
        return []
    }

    /// One key from the start of `bytes` and how many bytes it used; nil when incomplete.
    /// A nil key with a length skips bytes that mean nothing (invalid UTF-8).
    static func decodeOne(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            return decodeEscape(bytes)
        case 0x03:
            return (.interrupt, 1)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1C...0x1F:
            return (.unknown, 1)
        case 0x20...0x7E:
            return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            return decodeUTF8(bytes)
        }
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)  // a continuation byte or an invalid lead byte
        }
        let available = bytes.prefix(length)
        for byte in available.dropFirst() where byte & 0xC0 != 0x80 {
            return (nil, 1)  // broken sequence: skip the lead byte, decode the rest afresh
        }
        guard available.count == length else { return nil }
        let text = String(decoding: available, as: UTF8.self)
        // A C1 control (U+0080–U+009F) is not text: some terminals obey it as an escape.
        guard let character = text.first, text.count == 1, !text.unicodeScalars.contains("\u{FFFD}"),
            !text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) })
        else {
            return (nil, length)
        }
        return (.character(character), length)
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["):
            return decodeCSI(bytes)
        case UInt8(ascii: "O"):
            // SS3: arrows and Home/End in "application cursor" mode.
            guard bytes.count >= 3 else { return nil }
            return (cursorKey(bytes[start + 2]) ?? .unknown, 3)
        default:
            // Escape pressed twice (the first is a key of its own), or Alt+key, which sends ESC
            // then the key: take ESC as Escape and what follows as itself.
            return (.escape, 1)
        }
    }

    /// The final byte shared by CSI and SS3 sequences for arrows, Home and End.
    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// The most parameter and intermediate bytes a key's sequence has; a longer run is no key
    /// (and is not kept waiting for its end, which would read it again with every chunk).
    static let longestCSIParameters = 32

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), then a final byte (0x40–0x7E).
    private static func decodeCSI(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        var index = start + 2
        var parameters: [UInt8] = []
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) {
            guard parameters.count < longestCSIParameters else { return (.unknown, index - start) }
            parameters.append(bytes[index])
            index += 1
        }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(final) else { return (.unknown, length) }
        // Modifiers come after a semicolon (`ESC [ 1 ; 5 A` is Ctrl-Up): this runner ignores them.
        if let key = cursorKey(final) { return (key, length) }
        let first = String(
            decoding: parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).first ?? [], as: UTF8.self)
        let key: Key =
            switch final {
            case UInt8(ascii: "Z"): .backTab
            case UInt8(ascii: "~"):
                switch first {
                case "1", "7": .home
                case "3": .delete
                case "4", "8": .end
                case "5": .pageUp
                case "6": .pageDown
                default: .unknown
                }
            default: .unknown
            }
        return (key, length)
    }
}
