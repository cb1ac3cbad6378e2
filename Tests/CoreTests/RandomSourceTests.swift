import Core
import Testing

/// The ways features draw from `environment.random`, on a source whose numbers the test chooses.
@Suite("Random source")
struct RandomSourceTests {
    /// Hands out the numbers it was given, in a loop.
    final class ScriptedRandom: RandomSource, @unchecked Sendable {
        private let numbers: [UInt64]
        private let lock = Lock()
        private var position = 0

        init(_ numbers: [UInt64]) {
            self.numbers = numbers
        }

        func next() -> UInt64 {
            lock.withLock {
                defer { position += 1 }
                return numbers[position % numbers.count]
            }
        }
    }

    @Test("the smallest draw picks the lowest number and the first element; the largest, the highest and the last")
    func bounds() {
        // 1, not 0: the standard library rejects a draw of 0 for a range whose size does not divide 2^64.
        let low = ScriptedRandom([1])
        #expect(low.int(in: 3..<7) == 3)
        #expect(low.int(in: 3...7) == 3)
        #expect(low.element(of: ["a", "b", "c"]) == "a")
        let high = ScriptedRandom([.max])
        #expect(high.int(in: 3..<7) == 6)
        #expect(high.int(in: 3...7) == 7)
        #expect(high.element(of: ["a", "b", "c"]) == "c")
    }

    @Test("an empty collection has no element to pick")
    func emptyCollection() {
        #expect(ScriptedRandom([1]).element(of: [Int]()) == nil)
    }

    @Test("shuffling keeps every element once and follows the source")
    func shuffling() {
        let source = ScriptedRandom([0, .max, 1 << 63, 12_345])
        let shuffled = source.shuffled(1...10)
        #expect(shuffled.sorted() == Array(1...10))
        #expect(shuffled != Array(1...10))
        #expect(ScriptedRandom([0, .max, 1 << 63, 12_345]).shuffled(1...10) == shuffled)
    }

    @Test("the generator hands the source's numbers to the standard library's calls")
    func generator() {
        var generator = RandomSourceGenerator(ScriptedRandom([42, 43]))
        #expect(generator.next() == 42)
        #expect(generator.next() == 43)
        #expect(Double.random(in: 0..<1, using: &generator) < 1)
    }

    @Test("the system's source does not repeat itself")
    func system() {
        let source = SystemRandom()
        #expect(Set((0..<8).map { _ in source.next() }).count == 8)
    }
}
