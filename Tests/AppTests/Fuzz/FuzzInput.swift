import Core
import Foundation

@testable import TerminalRunner

/// What the fuzzer types and sends: keys (mostly those a person presses), words, raw terminal
/// bytes, window sizes, and pastes.
enum FuzzInput {
    static let letters = Array("abcdefghijklmnopqrstuvwxyzABCXYZ")
    static let unusual: [Character] = [
        "é", "ß", "日", "本", "🍛", "👍🏽", "e\u{301}", "\u{200B}", "\t", "\u{7F}", "\"", "\\", "#", "›", "\u{0}", "\u{1B}", "\u{9B}", "\u{202E}",
    ]
    static let keys: [(weight: Int, make: @Sendable (inout SplitMix64) -> Key)] = [
        (14, { _ in .down }), (8, { _ in .up }), (12, { _ in .enter }), (5, { _ in .escape }), (3, { _ in .backspace }),
        (4, { _ in .tab }), (2, { _ in .backTab }), (2, { _ in .left }), (2, { _ in .right }), (2, { _ in .pageUp }),
        (2, { _ in .pageDown }), (1, { _ in .home }), (1, { _ in .end }), (1, { _ in .delete }), (1, { _ in .control("u") }),
        (1, { _ in .control("l") }), (1, { _ in .control("a") }), (1, { _ in .unknown }), (1, { _ in .interrupt }),
        (3, { _ in .character("j") }), (2, { _ in .character("k") }), (3, { _ in .character("/") }), (1, { _ in .character("?") }),
        (2, { _ in .character("r") }), (2, { _ in .character("d") }), (1, { _ in .character("q") }), (2, { _ in .character(" ") }),
        (3, { .character(Character(String(Int.random(in: 0...9, using: &$0)))) }),
        (8, { .character($0.element(of: letters) ?? "a") }),
        (2, { .character($0.element(of: unusual) ?? "é") }),
    ]

    static let keyWeights = keys.map(\.weight)

    static func nextKey(_ random: inout SplitMix64) -> Key {
        keys[random.weightedIndex(keyWeights)].make(&random)
    }

    static let words = [
        "curry", "rice", "soup", "pancakes", "tofu", "milk", "bread", "a", "zz", "Curry Rice", "vegetable curry",
        "é日本🍛", "   ", String(repeating: "x", count: 90), "quote\"d", "back\\slash", "q", "1", "?",
        "\u{1B}]0;pwned\u{07}", "\u{1B}[2J", "milk\u{0}eggs", "\u{9B}31m", "\u{202E}rtl", "cr\rlf",
    ]

    static func nextWord(_ random: inout SplitMix64) -> String {
        random.element(of: words) ?? "curry"
    }

    /// Raw terminal bytes: pieces of escape sequences, UTF-8 (whole, split or broken) and noise.
    static func nextBytes(_ random: inout SplitMix64) -> [UInt8] {
        let pieces: [[UInt8]] = [
            [0x1B], [0x1B, 0x5B], [0x5B], [0x4F], [0x41], [0x42], [0x43], [0x44], [0x5A], [0x7E], [0x3B], [0x31], [0x33], [0x35],
            [0x0D], [0x0A], [0x7F], [0x08], [0x03], [0x15], [0x0C], [0x09], [0x20],
            Array("é".utf8), [0xE6, 0x97], [0xA5], [0xF0, 0x9F], [0xFF], [0xC0, 0x80], [0x80],
        ]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            if random.chance(1, in: 6) {
                bytes.append(UInt8.random(in: 0...255, using: &random))
            } else {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
        }
        return bytes
    }

    static func nextRows(_ random: inout SplitMix64) -> Int {
        random.chance(1, in: 5) ? Int.random(in: 1...7, using: &random) : Int.random(in: 8...70, using: &random)
    }

    static func nextColumns(_ random: inout SplitMix64) -> Int {
        random.chance(1, in: 5) ? Int.random(in: 1...12, using: &random) : Int.random(in: 13...220, using: &random)
    }

    /// Characters a paste is made of: text from anywhere, as a clipboard holds it (no controls:
    /// a terminal sends those as keys of their own), and now and then a line break.
    static let pasteAlphabet = Array("abcdefghijklmnopqrstuvwxyz  ABC0123456789.,;:-'\"()/&é日本🍛👍🏽e\u{301}\u{202E}\u{9B}")

    /// A paste: 5 to 1,000 characters, or now and then 20,000; a line break (Enter) every so
    /// often, so several entries come at once ("milk⏎dates⏎bread⏎").
    static func nextPaste(_ random: inout SplitMix64) -> String {
        let length = random.chance(1, in: 25) ? 20_000 : Int.random(in: 5...1_000, using: &random)
        let breaks = random.chance(1, in: 2) ? Int.random(in: 1...12, using: &random) : 0
        var characters = (0..<length).map { _ in random.element(of: pasteAlphabet) ?? "a" }
        for _ in 0..<breaks { characters[Int.random(in: 0..<length, using: &random)] = "\n" }
        return String(characters)
    }
}
