import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The full-screen UI: runs a session at a terminal until the person quits.
///
/// Keys come from `KeyReader`'s thread through an `AsyncStream` and go to a
/// `SessionController` on the main actor, which handles them at once (see there). This type
/// is what only a real terminal needs: raw mode and the alternate screen, signals, the key
/// thread, and drawing. The screen is drawn again whenever the tab bar changes
/// (`TabBar.onChange`), a key was handled, a screen event finished, the spinner turns or
/// the window is resized, writing only the lines that changed.
@MainActor
final class InteractiveSession {
    private let programName: String
    private let tabBar: TabBar
    private let terminal: TerminalMode
    private let colour: Bool
    private let controller: SessionController
    private var spinner: Task<Void, Never>?
    private var previousFrame: [String] = []
    private var redrawIsScheduled = false

    init(programName: String, tabBar: TabBar, terminal: TerminalMode, colour: Bool) {
        self.programName = programName
        self.tabBar = tabBar
        self.terminal = terminal
        self.colour = colour
        let size = terminal.size()
        controller = SessionController(tabBar: tabBar, rows: size.rows, columns: size.columns)
    }

    /// Takes over the terminal, runs `startup` (starting the session, opening a deep link)
    /// and handles keys until the person quits. The terminal is restored before returning.
    func run(startup: @escaping @MainActor () async -> Void) async -> Runner.ExitCode {
        do {
            try terminal.enter()
        } catch {
            Terminal.writeError("\(programName): \(error.message)\n")
            return .cannotStart
        }
        defer { terminal.restore() }

        let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        let signals = SignalHandlers()
        signals.install(terminal: terminal, notices: tabBar.notices, programName: programName, onRepaint: { continuation.yield(.resize) })
        defer { signals.cancel() }
        let reader = KeyReader()
        reader.start(continuation)
        defer { reader.stop() }

        tabBar.onChange = { [weak self] in self?.setNeedsRedraw() }
        defer { tabBar.onChange = nil }
        // Warnings found while the full screen is up go to the status line: stderr would
        // write over the frame. The runner says them again on stderr afterwards.
        tabBar.notices.deliver { message in
            Task { @MainActor [weak self] in
                self?.controller.show(message)
                self?.setNeedsRedraw()
            }
        }
        defer { tabBar.notices.deliver(to: nil) }
        controller.onNeedsRedraw = { [weak self] in self?.setNeedsRedraw() }
        defer { controller.onNeedsRedraw = nil }
        redraw()
        controller.enqueue { await startup() }

        var exitCode: Runner.ExitCode?
        for await event in events {
            switch event {
            case .keys(let keys):
                for key in keys {
                    // A Ctrl-C read after these keys wins over them.
                    if reader.isInterrupted {
                        exitCode = .interrupted
                        break
                    }
                    switch controller.handle(key) {
                    case .handled:
                        continue
                    case .repaint:
                        repaint()
                        continue
                    case .suspend:
                        SignalHandlers.suspendProcess()
                        continue
                    case .quit(let code):
                        exitCode = code
                    }
                    break
                }
            case .resize:
                let size = terminal.size()
                controller.resize(rows: size.rows, columns: size.columns)
                repaint()
            case .endOfInput:
                exitCode = .hungUp
            }
            if let exitCode {
                spinner?.cancel()
                controller.cancel()
                return exitCode
            }
            redraw()
        }
        return exitCode ?? .hungUp
    }

    // MARK: - Drawing

    /// Clears the terminal so the next frame is written whole.
    private func repaint() {
        previousFrame = []
        terminal.write(TerminalSequence.clearScreen)
    }

    private func setNeedsRedraw() {
        guard !redrawIsScheduled else { return }
        redrawIsScheduled = true
        Task { [weak self] in
            self?.redrawIsScheduled = false
            self?.redraw()
        }
    }

    private func redraw() {
        let rendering = controller.render()
        let lines = rendering.frame.rendered(colour: colour)
        terminal.write(FrameDiff.output(from: previousFrame, to: lines))
        previousFrame = lines
        updateSpinner(isLoading: rendering.isLoading)
    }

    /// Turns the spinner every 100 ms while the screen is loading.
    private func updateSpinner(isLoading: Bool) {
        if !isLoading {
            spinner?.cancel()
            spinner = nil
            return
        }
        guard spinner == nil else { return }
        spinner = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                guard let self, !Task.isCancelled else { return }
                self.controller.advanceSpinner()
                self.redraw()
            }
        }
    }
}
