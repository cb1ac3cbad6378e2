/// Where chance comes from, as features see it: a shuffled list, a recipe picked at random. The
/// app uses `SystemRandom`; tests and sandboxes use CoreTesting's `SeededRandom`, which draws the
/// same numbers on every run, so a test can say which recipe comes up. Never `Int.random(in:)`,
/// `randomElement()` or `shuffled()` in a feature: they draw from the system (`workspace check`).
public protocol RandomSource: Sendable {
    /// 64 random bits.
    func next() -> UInt64
}

extension RandomSource {
    /// A whole number in `range`, which must not be empty.
    public func int(in range: Range<Int>) -> Int {
        var generator = RandomSourceGenerator(self)
        return Int.random(in: range, using: &generator)
    }

    /// A whole number in `range`.
    public func int(in range: ClosedRange<Int>) -> Int {
        var generator = RandomSourceGenerator(self)
        return Int.random(in: range, using: &generator)
    }

    /// An element of `collection`, or nil when it is empty.
    public func element<C: Collection>(of collection: C) -> C.Element? {
        var generator = RandomSourceGenerator(self)
        return collection.randomElement(using: &generator)
    }

    /// The elements of `sequence` in an order drawn from this source.
    public func shuffled<S: Sequence>(_ sequence: S) -> [S.Element] {
        var generator = RandomSourceGenerator(self)
        return sequence.shuffled(using: &generator)
    }
}

/// A random source as the standard library's generator, for the calls that take one
/// (`Double.random(in: 0..<1, using: &generator)`).
public struct RandomSourceGenerator: RandomNumberGenerator {
    private let source: any RandomSource

    public init(_ source: any RandomSource) {
        self.source = source
    }

    public mutating func next() -> UInt64 {
        source.next()
    }
}

/// The system's generator: what the app draws from.
public struct SystemRandom: RandomSource {
    public init() {}

    public func next() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
}
