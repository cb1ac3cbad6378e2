import Core
import CoreTesting
import Foundation
import Testing

@testable import TerminalRunner

/// A screen that loads in two sleeps of a second on its environment's clock, as a slow service
/// and then a slow store would make it, and opens a placeholder from its one link.
@MainActor
final class SlowScreen: Screen {
    let clock: any WallClock
    var onChange: (@MainActor () -> Void)?
    private(set) var loaded = false
    /// Events as they arrive, and once their (slow) work is done.
    private(set) var events: [ScreenEvent<RowKey>] = []
    private(set) var handled: [ScreenEvent<RowKey>] = []

    init(clock: any WallClock) {
        self.clock = clock
    }

    var content: ScreenContent<RowKey> {
        guard loaded else { return ScreenContent<RowKey>(title: "Slow", status: .loading("Loading slowly…")) }
        return ScreenContent<RowKey>(
            title: "Slow",
            sections: [ScreenSection<RowKey>(id: "main", rows: [ScreenRow<RowKey>(id: "open", .link(title: "Open", subtitle: nil))])])
    }

    func appear() async {
        loaded = false
        onChange?()
        do {
            try await clock.sleep(for: .seconds(1))
            try await clock.sleep(for: .seconds(1))
        } catch {
            return
        }
        loaded = true
        onChange?()
    }

    func handle(_ event: ScreenEvent<RowKey>) async -> Navigation? {
        events.append(event)
        guard (try? await clock.sleep(for: .seconds(1))) != nil else { return nil }
        handled.append(event)
        return nil
    }
}

/// A held gate, a clock that sleeps through it, and a started session over a `SlowScreen`.
@MainActor
struct HeldSession {
    let gate = SleepGate(holding: true)
    let clock: TestClock
    let screen: SlowScreen
    let pacer: ScriptPacer
    let tabBar: TabBar

    init() async {
        let gate = self.gate
        clock = TestClock(sleeping: .custom { try await gate.sleep(for: $0) })
        screen = SlowScreen(clock: clock)
        pacer = ScriptPacer(gate: gate)
        tabBar = TabBar(stack("Slow", root: screen))
        let tabBar = self.tabBar
        await pacer.step { await tabBar.start() }
    }
}

@Suite("SleepGate")
struct SleepGateTests {
    @Test("an open gate really waits the time asked, and holds nothing")
    func open() async throws {
        let gate = SleepGate()
        let start = ContinuousClock.now
        try await gate.sleep(for: .milliseconds(50))
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        #expect(gate.heldCount == 0)
    }

    @Test("a holding gate keeps every sleep until released")
    func holds() async throws {
        let gate = SleepGate(holding: true)
        let first = Task { try await gate.sleep(for: .seconds(60)) }
        let second = Task { try await gate.sleep(for: .seconds(60)) }
        while gate.heldCount < 2 { await Task.yield() }

        #expect(gate.releaseAll() == 2)
        try await first.value
        try await second.value
        #expect(gate.heldCount == 0)
        #expect(gate.releaseAll() == 0)
    }

    @Test("hold() starts holding sleeps that begin after it")
    func holdLater() async throws {
        let gate = SleepGate()
        gate.hold()
        let sleeper = Task {
            try await gate.sleep(for: .seconds(60))
            return ContinuousClock.now
        }
        // Bounded, so a gate that never holds fails here rather than hanging the run.
        let deadline = ContinuousClock.now + .seconds(10)
        while gate.heldCount < 1, ContinuousClock.now < deadline { await Task.yield() }
        #expect(gate.heldCount == 1, "the sleep that began after hold() is held")

        let released = ContinuousClock.now
        #expect(gate.releaseAll() == 1)
        let woke = try await sleeper.value
        #expect(woke >= released, "it woke at the release, not before")
        #expect(woke - released < .seconds(30), "and not after its own 60 seconds")
        #expect(gate.heldCount == 0)
    }

    @Test("a held sleep ends with CancellationError when its task is cancelled")
    func cancelled() async {
        let gate = SleepGate(holding: true)
        let sleeper = Task { try await gate.sleep(for: .seconds(60)) }
        while gate.heldCount < 1 { await Task.yield() }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(gate.heldCount == 0)
    }
}

@Suite("ScriptPacer and wait: the loading state in script mode")
@MainActor
struct ScriptPacerTests {
    @Test("a step stops where the work waits on held time: the screen shows its loading state")
    func stepStopsAtHeldTime() async {
        let held = await HeldSession()

        #expect(held.pacer.isWaiting)
        #expect(held.tabBar.visibleScreen?.content.status == .loading("Loading slowly…"))
        #expect(held.clock.now == Fixtures.now)
    }

    @Test("finish lets time pass through every sleep until the work is done")
    func finishReleasesEverySleep() async {
        let held = await HeldSession()

        await held.pacer.finish()

        #expect(!held.pacer.isWaiting)
        #expect(held.screen.loaded)
        #expect(held.clock.now == Fixtures.now.addingTimeInterval(2))
    }

    @Test("without a gate a step runs to its end: both sleeps pass on the clock")
    func noGate() async {
        let clock = TestClock()
        let screen = SlowScreen(clock: clock)
        let pacer = ScriptPacer()
        let tabBar = TabBar(stack("Slow", root: screen))

        await pacer.step { await tabBar.start() }

        #expect(!pacer.isWaiting)
        #expect(screen.loaded)
        #expect(clock.now == Fixtures.now.addingTimeInterval(2))
    }

    @Test("expect sees “Loading” before wait, the content after; expect-not and snapshot do not let time pass")
    func expectAndWait() async throws {
        let held = await HeldSession()
        let interpreter = ScriptInterpreter(tabBar: held.tabBar, pacer: held.pacer)

        for line in ["expect \"Loading slowly\"", "expect-not Open", "snapshot", "expect \"… Loading slowly…\""] {
            _ = try await interpreter.execute(try #require(try ScriptCommand.parse(line)))
        }
        #expect(held.pacer.isWaiting)
        #expect(try await interpreter.execute(.wait) == .proceed(showScreen: true))
        _ = try await interpreter.execute(.expect("[1] Open"))
        await #expect(throws: CommandFailure.self) { _ = try await interpreter.execute(.expect("Loading")) }
    }

    @Test("a command that acts waits for the screen to load first, as a person would")
    func actingWaitsFirst() async throws {
        let held = await HeldSession()
        let interpreter = ScriptInterpreter(tabBar: held.tabBar, pacer: held.pacer)

        _ = try await interpreter.execute(.select("Open"))

        #expect(held.screen.events == [.activate(row: "open")])
    }

    @Test("what the last command started is done before the script ends, at the end of the input or at quit")
    func endOfScriptFinishesTheWork() async {
        for lines in [["select Open"], ["select Open", "quit", "select Open"]] {
            let held = await HeldSession()
            let script = ScriptSession(
                interpreter: ScriptInterpreter(tabBar: held.tabBar, pacer: held.pacer), source: .file(name: "t", lines: lines))

            #expect(await script.run() == .success)

            #expect(held.screen.handled == [.activate(row: "open")], "\(lines)")
        }
    }

    @Test("wait with nothing loading does nothing and shows the screen")
    func waitWhenSettled() async throws {
        let interpreter = ScriptInterpreter(tabBar: await startedTabBar(StaticScreen("Done")))
        #expect(try await interpreter.execute(.wait) == .proceed(showScreen: true))
    }

    @Test("a script run through Runner.main with a held gate sees the loading state, then the content after wait")
    func runnerHoldsTheGate() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-\(UUID().uuidString).txt")
        try "expect \"Loading slowly\"\nwait\nexpect Open\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let gate = SleepGate()
        let program = ProgramInfo(name: "slow", summary: "loads slowly")

        let status = await Runner.main(program, arguments: ["--script", url.path], time: gate) { _ in
            let clock = TestClock(sleeping: .custom { try await gate.sleep(for: $0) })
            return TabBar(stack("Slow", root: SlowScreen(clock: clock)))
        }

        #expect(status == .success)
    }
}
