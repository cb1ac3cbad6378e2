import CoreTesting
import Foundation
import Synchronization
import Testing

@testable import TerminalRunner

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key thread: keys come in batches, one a read, and a Ctrl-C is honoured even when the UI
/// is too busy to read it.
@Suite("KeyReader: batches of keys, and Ctrl-C whatever the UI is doing")
struct KeyReaderTests {
    /// A pipe whose read end the reader reads, as it would a terminal.
    struct Pipe {
        let readEnd: Int32
        let writeEnd: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EIO) }
            readEnd = ends[0]
            writeEnd = ends[1]
        }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        }

        func closeBoth() {
            close(writeEnd)
            close(readEnd)
        }
    }

    final class Counter: Sendable {
        let value = Atomic(0)
    }

    /// A reader of `pipe` that counts the times it would interrupt the process.
    func start(reading pipe: Pipe, deadline: Duration = KeyReader.interruptDeadline) -> (KeyReader, AsyncStream<TerminalEvent>, Counter) {
        let interruptions = Counter()
        let reader = KeyReader(descriptor: pipe.readEnd, deadline: deadline) { interruptions.value.add(1, ordering: .relaxed) }
        let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        reader.start(continuation)
        return (reader, events, interruptions)
    }

    @Test(
        "keys written at once come as one batch; a Ctrl-C among them is raised at once, and the process is interrupted if the UI does not quit in time"
    )
    func interrupt() async throws {
        let pipe = try Pipe()
        defer { pipe.closeBoth() }
        let (reader, events, interruptions) = start(reading: pipe)

        pipe.send("abc\u{3}def")
        var iterator = events.makeAsyncIterator()
        let first = await iterator.next()
        #expect(
            first
                == .keys([.character("a"), .character("b"), .character("c"), .interrupt, .character("d"), .character("e"), .character("f")])
        )
        #expect(reader.isInterrupted)

        // Nobody quits here, as when the UI is busy: past the deadline, the process is interrupted, once.
        try await Waiting.until("the process to be interrupted") {
            interruptions.value.load(ordering: .relaxed) > 0
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(interruptions.value.load(ordering: .relaxed) == 1)
        reader.stop()
    }

    @Test("a reader stopped in time after a Ctrl-C interrupts nothing")
    func stoppedInTime() async throws {
        let pipe = try Pipe()
        defer { pipe.closeBoth() }
        // A deadline far longer than the two steps between the Ctrl-C and the stop take: what counts
        // is that stopping ends the wait.
        let (reader, events, interruptions) = start(reading: pipe, deadline: .seconds(120))
        pipe.send("\u{3}")
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .keys([.interrupt]))

        reader.stop()
        try await Task.sleep(for: .milliseconds(300))
        #expect(interruptions.value.load(ordering: .relaxed) == 0)
    }
}
