import Foundation

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): the same seed
/// gives the same numbers on every platform, so a fuzz run can be repeated.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `numerator / denominator`.
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        Int.random(in: 0..<denominator, using: &self) < numerator
    }

    /// An element of `values`, nil when it is empty.
    mutating func element<C: Collection>(of values: C) -> C.Element? where C.Index == Int {
        values.isEmpty ? nil : values[values.startIndex + Int.random(in: 0..<values.count, using: &self)]
    }

    /// An index of `weights`, each as likely as its weight.
    mutating func weightedIndex(_ weights: [Int]) -> Int {
        var pick = Int.random(in: 0..<max(1, weights.reduce(0, +)), using: &self)
        for (index, weight) in weights.enumerated() {
            if pick < weight { return index }
            pick -= weight
        }
        return weights.count - 1
    }
}

/// How the fuzzer is seeded and how long it runs, from the environment:
/// `COOKBOOK_FUZZ_SEED` (decimal, or hex with 0x) repeats a run; `COOKBOOK_FUZZ_EVENTS` sets
/// how many events each program gets (default 1,500: half key events, half script commands; the
/// default keeps `swift test` within its minutes on 2 cores, and every run draws a new seed).
enum FuzzSettings {
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["COOKBOOK_FUZZ_SEED"], let seed = parse(text) { return seed }
        var system = SystemRandomNumberGenerator()
        return UInt64.random(in: 0...UInt64(UInt32.max), using: &system)
    }()

    static let eventsPerProgram: Int = {
        ProcessInfo.processInfo.environment["COOKBOOK_FUZZ_EVENTS"].flatMap { Int($0) }.map { max(2, $0) } ?? 1_500
    }()

    /// `COOKBOOK_FUZZ_PROGRAM=NAME` fuzzes only that program (`cookbook`, `FeedSandbox`, …).
    static let program = ProcessInfo.processInfo.environment["COOKBOOK_FUZZ_PROGRAM"]

    /// How to repeat this run.
    static var repeatHint: String { "repeat with COOKBOOK_FUZZ_SEED=\(seed)" }

    static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }

    /// The seed of one program: the run's seed mixed with the program's name, so every
    /// program gets its own sequence and each can be repeated on its own.
    static func seed(for program: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in program.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var generator = SplitMix64(seed: seed ^ hash)
        return generator.next()
    }
}
