import Core

/// Chance for tests and sandboxes: the same numbers, in the same order, on every run from the
/// same seed (SplitMix64), so a test knows which recipe a random pick comes up with and a
/// sandbox's screens read the same each time. Copies of an environment share it, as they share
/// `SequentialIDs`.
public final class SeededRandom: RandomSource, @unchecked Sendable {
    /// The seed `StubEnvironment` starts with.
    public static let defaultSeed: UInt64 = 20_261_120

    private let lock = Lock()
    private var state: UInt64

    public init(seed: UInt64 = SeededRandom.defaultSeed) {
        state = seed
    }

    public func next() -> UInt64 {
        lock.withLock {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }
}
