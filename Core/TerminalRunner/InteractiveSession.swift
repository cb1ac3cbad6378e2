import Core
import Foundation

/// The full-screen UI: runs a session at a terminal until the person quits.
///
/// Keys come from `KeyReader`'s thread through an `AsyncStream` and are handled here on the
/// main actor, at once: focus, scrolling, help, typing, going back and switching tabs never
/// wait (screens appear and load meanwhile). What keys ask of a screen (`handle`) runs in
/// tasks chained one after the other, so events keep their order while keys go on
/// arriving. The screen is drawn again whenever the session changes (`TabSession.onChange`),
/// a key was handled, the spinner turns or the window is resized, writing only the lines
/// that changed.
@MainActor
final class InteractiveSession {
    /// Focus and scroll position of one screen, kept while it is on a stack.
    struct ViewState {
        var focusedRow: ScreenRow.ID?
        /// Where the focus was, to land nearby when its row goes away.
        var focusIndex = 0
        /// Set once the person moved the focus (or left a field): no more automatic focus.
        var focusIsChosen = false
        var scrollOffset = 0
    }

    private let programName: String
    private let session: TabSession
    private let terminal: TerminalMode
    private let colour: Bool
    private var size: (rows: Int, columns: Int)
    private var views: [ObjectIdentifier: ViewState] = [:]
    /// Text typed into fields whose `.edit` events have not all been handled yet.
    private var drafts: [ScreenRow.ID: String] = [:]
    private var showsHelp = false
    private var message: String?
    private var spinnerFrame = 0
    private var spinner: Task<Void, Never>?
    private var previousFrame: [String] = []
    private var redrawIsScheduled = false
    /// The last of the chained screen-event tasks.
    private var work: Task<Void, Never>?
    private var exitCode: Runner.ExitCode?

    init(programName: String, session: TabSession, terminal: TerminalMode, colour: Bool) {
        self.programName = programName
        self.session = session
        self.terminal = terminal
        self.colour = colour
        size = terminal.size()
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
        signals.install(terminal: terminal) { continuation.yield(.resize) }
        defer { signals.cancel() }
        let reader = KeyReader()
        reader.start(continuation)
        defer { reader.stop() }

        session.onChange = { [weak self] in self?.setNeedsRedraw() }
        defer { session.onChange = nil }
        redraw()
        enqueue { await startup() }

        for await event in events {
            switch event {
            case .key(let key):
                handle(key)
            case .resize:
                size = terminal.size()
                previousFrame = []
                terminal.write(TerminalSequence.clearScreen)
            case .endOfInput:
                exitCode = .hungUp
            }
            if let exitCode {
                spinner?.cancel()
                work?.cancel()
                return exitCode
            }
            redraw()
        }
        return exitCode ?? .hungUp
    }

    // MARK: - Keys

    private func handle(_ key: Key) {
        message = nil
        let screen = session.visibleScreen
        let content = screen.map { self.content(of: $0) }
        var view = screen.map { viewState(for: $0, content: content) } ?? ViewState()
        let focused = view.focusedRow.flatMap { content?.row(id: $0) }
        var fieldText = ""
        if let focused, case let .textField(_, text, _) = focused.element { fieldText = text }
        let canRetry: Bool = if case .failed(let failure) = content?.status { failure.canRetry } else { false }
        let context = KeyContext(
            focused: focused, fieldText: fieldText, tabCount: session.tabs.count, selectedTab: session.selectedIndex,
            canGoBack: session.current.stack.count > 1, canRetry: canRetry, showsHelp: showsHelp
        )

        let rows = content?.interactiveRows ?? []
        let movement = self.movement(content, rows: rows)
        let viewport = Viewport(focus: view.focusedRow.flatMap { id in rows.firstIndex { $0.id == id } }, top: view.scrollOffset)
        func move(to moved: Viewport) {
            view.focusedRow = moved.focus.map { rows[$0].id }
            view.focusIndex = moved.focus ?? view.focusIndex
            view.focusIsChosen = true
            view.scrollOffset = moved.top
        }

        switch KeyBindings.action(for: key, in: context) {
        case .none:
            return
        case .quit(let code):
            exitCode = code
        case .moveFocus(let direction):
            move(to: movement.step(viewport, by: direction))
        case .page(let direction):
            move(to: movement.page(viewport, by: direction))
        case .focusFirst:
            move(to: movement.edge(last: false))
        case .focusLast:
            move(to: movement.edge(last: true))
        case .send(let event):
            if case let .edit(row, text) = event { drafts[row] = text }
            send(event, to: screen)
        case .leaveField:
            view.focusedRow = nil
            view.focusIsChosen = true
        case .focusTextField:
            if let index = rows.firstIndex(where: { if case .textField = $0.element { true } else { false } }) {
                move(to: movement.reveal(Viewport(focus: index, top: viewport.top)))
            } else {
                message = "this screen has no text field"
            }
        case .back:
            if session.current.removeTop() { appearSoon(session.visibleScreen) }
        case .selectTab(let index):
            appearSoon(session.switchTab(to: index))
        case .toggleHelp:
            showsHelp.toggle()
        case .redraw:
            previousFrame = []
            terminal.write(TerminalSequence.clearScreen)
        case .explain(let text):
            message = text
        }
        if let screen { views[ObjectIdentifier(screen)] = view }
    }

    /// How focus and scrolling move over this content at the current window size.
    private func movement(_ content: ScreenContent?, rows: [ScreenRow]) -> FocusMovement {
        guard let content else { return FocusMovement(rowLines: [], lineCount: 0, height: 1) }
        let body = Body(content)
        return FocusMovement(rowLines: body.lines(of: rows), lineCount: body.lines.count, height: FrameRenderer.bodyHeight(rows: size.rows))
    }

    // MARK: - Screen events

    /// Sends an event to the screen that was visible when the key was pressed, after every
    /// event sent before it, then carries out the navigation it asks for on that screen's stack.
    private func send(_ event: ScreenEvent, to screen: (any Screen)?) {
        guard let screen else { return }
        let stack = session.current
        enqueue { [weak self] in
            let navigation = await screen.handle(event)
            if case let .edit(row, text) = event, self?.drafts[row] == text {
                self?.drafts[row] = nil
            }
            if let navigation, stack.topScreen === screen {
                switch navigation {
                case .push(let next):
                    stack.place(next)
                    self?.appearSoon(next)
                case .pop:
                    if stack.removeTop() { self?.appearSoon(stack.topScreen) }
                }
            }
            self?.setNeedsRedraw()
        }
    }

    /// Lets a screen appear (and load) without holding up keys or later events: the stack
    /// has already changed, and the screen's changes redraw as they come.
    private func appearSoon(_ screen: (any Screen)?) {
        guard let screen else { return }
        Task { await screen.appear() }
    }

    private func enqueue(_ job: @escaping @MainActor () async -> Void) {
        let previous = work
        work = Task {
            await previous?.value
            await job()
        }
    }

    // MARK: - Drawing

    private func setNeedsRedraw() {
        guard !redrawIsScheduled else { return }
        redrawIsScheduled = true
        Task { [weak self] in
            self?.redrawIsScheduled = false
            self?.redraw()
        }
    }

    /// The screen's content with what the person typed but the screen has not seen yet.
    private func content(of screen: any Screen) -> ScreenContent {
        var content = screen.content
        guard !drafts.isEmpty else { return content }
        for (sectionIndex, section) in content.sections.enumerated() {
            for (rowIndex, row) in section.rows.enumerated() {
                guard let draft = drafts[row.id], case let .textField(label, _, placeholder) = row.element else { continue }
                content.sections[sectionIndex].rows[rowIndex].element = .textField(label: label, text: draft, placeholder: placeholder)
            }
        }
        return content
    }

    /// The screen's view state, with the focus moved to a row that exists: the same row,
    /// else the row now at its place, else (until the person chooses) the first row in view
    /// that is not a text field, so letters stay commands until the person goes to a field.
    private func viewState(for screen: any Screen, content: ScreenContent?) -> ViewState {
        var view = views[ObjectIdentifier(screen)] ?? ViewState()
        let rows = content?.interactiveRows ?? []
        if let id = view.focusedRow, let index = rows.firstIndex(where: { $0.id == id }) {
            view.focusIndex = index
        } else if view.focusedRow != nil {
            view.focusedRow = rows.isEmpty ? nil : rows[min(view.focusIndex, rows.count - 1)].id
        } else if !view.focusIsChosen, let index = movement(content, rows: rows).initialFocus(isPreferred: { rows[$0].isNumbered }) {
            view.focusedRow = rows[index].id
            view.focusIndex = index
        }
        return view
    }

    private func redraw() {
        let screen = session.visibleScreen
        let content = screen.map { self.content(of: $0) }
        var view = screen.map { viewState(for: $0, content: content) } ?? ViewState()
        let input = FrameInput(
            rows: size.rows, columns: size.columns,
            tabs: session.tabs.map(\.title), selectedTab: session.selectedIndex, path: session.current.path,
            content: content, focusedRow: view.focusedRow, scrollOffset: view.scrollOffset,
            canGoBack: session.current.stack.count > 1, spinnerFrame: spinnerFrame, showsHelp: showsHelp, message: message
        )
        let frame = FrameRenderer.render(input)
        view.scrollOffset = frame.scrollOffset
        if let screen {
            views[ObjectIdentifier(screen)] = view
            forgetClosedScreens()
        }
        let lines = frame.rendered(colour: colour)
        terminal.write(FrameDiff.output(from: previousFrame, to: lines))
        previousFrame = lines
        updateSpinner(isLoading: content.map { if case .loading = $0.status { true } else { false } } ?? true)
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
                self.spinnerFrame += 1
                self.redraw()
            }
        }
    }

    /// Drops the view state of screens no stack holds any more, so a new screen that
    /// happens to get a closed one's address starts afresh.
    private func forgetClosedScreens() {
        let open = Set(session.tabs.flatMap(\.stack).map(ObjectIdentifier.init))
        views = views.filter { open.contains($0.key) }
    }
}
