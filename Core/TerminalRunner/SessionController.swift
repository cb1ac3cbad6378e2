import Core

/// The full-screen UI without a terminal: keys in, frames out.
///
/// It keeps what the person sees of each screen (focus, scroll position, text typed but not
/// yet handled), decides what each key does (`KeyBindings`), moves the focus
/// (`FocusMovement`), sends screen events in order and lays out frames (`FrameRenderer`).
/// `InteractiveSession` puts it on a real terminal: it reads keys, writes the frames'
/// changed lines and turns the spinner. Tests (and the fuzzer) drive it directly.
///
/// Keys are handled at once: focus, scrolling, help, typing, going back and switching tabs
/// never wait (screens appear and load meanwhile). What keys ask of a screen (`handle`) runs
/// in tasks chained one after the other, so events keep their order while keys go on arriving.
@MainActor
public final class SessionController {
    /// Focus and scroll position of one screen, kept while it is on a stack.
    struct ViewState {
        var focusedRow: ScreenRow.ID?
        /// Where the focus was, to land nearby when its row goes away.
        var focusIndex = 0
        /// Set once the person moved the focus (or left a field): no more automatic focus.
        var focusIsChosen = false
        var scrollOffset = 0
    }

    /// What a key did, beyond changing what the next frame shows.
    public enum KeyOutcome: Equatable, Sendable {
        case handled
        /// Ctrl-L: the terminal should be cleared and the whole frame written again.
        case repaint
        /// Ctrl-Z: the process should stop, giving the terminal back until it is continued.
        case suspend
        case quit(Runner.ExitCode)
    }

    /// A frame and what it was drawn from.
    public struct Rendering: Sendable {
        public var frame: Frame
        /// The visible screen's content as drawn: with the text typed into fields but not
        /// yet handled by the screen. Nil before the first screen is shown.
        public var content: ScreenContent?
        /// The row with the focus; nil when no row has it.
        public var focusedRow: ScreenRow.ID?
        public var showsHelp: Bool
        /// Whether the screen is loading (or not shown yet): the spinner should turn.
        public var isLoading: Bool
    }

    public let session: TabSession
    public private(set) var rows: Int
    public private(set) var columns: Int
    /// Called when a screen event has been handled, so the screen is drawn again.
    public var onNeedsRedraw: (@MainActor () -> Void)?

    private var views: [ObjectIdentifier: ViewState] = [:]
    /// Text typed into fields whose `.edit` events have not all been handled yet.
    private var drafts: [ScreenRow.ID: String] = [:]
    private var showsHelp = false
    private var message: String?
    private var spinnerFrame = 0
    /// The last of the chained screen-event tasks.
    private var work: Task<Void, Never>?
    /// Screens appearing (loading) after a key changed a stack, by the order they started.
    private var appearing: [Int: Task<Void, Never>] = [:]
    /// Counts the tasks started and finished, so `settle()` knows when no new one came.
    private var started = 0
    private var finished = 0

    public init(session: TabSession, rows: Int, columns: Int) {
        self.session = session
        self.rows = rows
        self.columns = columns
        // Screens that navigation puts on top load while keys go on.
        session.appearance = { [weak self] screen in self?.appearSoon(screen) }
    }

    // MARK: - Keys

    /// Handles one key: what it changes shows in the next `render()`.
    public func handle(_ key: Key) -> KeyOutcome {
        message = nil
        let screen = session.visibleScreen
        let content = screen.map { self.content(of: $0) }
        var view = screen.map { viewState(for: $0, content: content) } ?? ViewState()
        let focused = view.focusedRow.flatMap { content?.row(id: $0) }
        var fieldText = ""
        if let focused, case .textField(_, let text, _) = focused.element { fieldText = text }
        let canRetry: Bool = if case .failed(let failure) = content?.status { failure.canRetry } else { false }
        let context = KeyContext(
            focused: focused, fieldText: fieldText, tabCount: session.tabs.count, selectedTab: session.selectedIndex,
            canGoBack: session.current.stack.count > 1, canRetry: canRetry, showsHelp: showsHelp
        )

        let rows = content?.interactiveRows ?? []
        // Laid out only for the keys that move the focus or scroll.
        var movement: FocusMovement { self.movement(content, rows: rows) }
        let viewport = Viewport(focus: view.focusedRow.flatMap { id in rows.firstIndex { $0.id == id } }, top: view.scrollOffset)
        func move(to moved: Viewport) {
            view.focusedRow = moved.focus.map { rows[$0].id }
            view.focusIndex = moved.focus ?? view.focusIndex
            view.focusIsChosen = true
            view.scrollOffset = moved.top
        }

        var outcome = KeyOutcome.handled
        switch KeyBindings.action(for: key, in: context) {
        case .none:
            return .handled
        case .quit(let code):
            outcome = .quit(code)
        case .moveFocus(let direction):
            move(to: movement.step(viewport, by: direction))
        case .page(let direction):
            move(to: movement.page(viewport, by: direction))
        case .focusFirst:
            move(to: movement.edge(last: false))
        case .focusLast:
            move(to: movement.edge(last: true))
        case .send(let event):
            if case .edit(let row, let text) = event { drafts[row] = text }
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
            outcome = .repaint
        case .suspend:
            outcome = .suspend
        case .explain(let text):
            message = text
        }
        if let screen { views[ObjectIdentifier(screen)] = view }
        return outcome
    }

    /// Shows a message on the status line until the next key (a warning from the run).
    public func show(_ message: String) {
        self.message = message
    }

    /// The window changed size.
    public func resize(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// Turns the loading spinner one step.
    public func advanceSpinner() {
        spinnerFrame += 1
    }

    /// How focus and scrolling move over this content at the current window size.
    private func movement(_ content: ScreenContent?, rows: [ScreenRow]) -> FocusMovement {
        guard let content else { return FocusMovement(rowLines: [], lineCount: 0, height: 1) }
        let body = Body(content)
        return FocusMovement(rowLines: body.lines(of: rows), lineCount: body.lines.count, height: FrameRenderer.bodyHeight(rows: self.rows))
    }

    // MARK: - Work

    /// Runs `job` after every job and screen event queued before it.
    public func enqueue(_ job: @escaping @MainActor () async -> Void) {
        let previous = work
        started += 1
        work = Task { [weak self] in
            await previous?.value
            await job()
            self?.finished += 1
        }
    }

    /// Whether no queued screen event and no appearing screen is left.
    public var isSettled: Bool { finished == started }

    /// Waits until every queued screen event has been handled and every screen that keys
    /// opened has appeared (loaded), including work they started meanwhile.
    public func settle() async {
        var seen = -1
        while seen != started {
            seen = started
            await work?.value
            for task in appearing.values { await task.value }
        }
    }

    /// Stops the queued work (the session is ending).
    public func cancel() {
        work?.cancel()
        for task in appearing.values { task.cancel() }
    }

    /// Sends an event to the screen that was visible when the key was pressed, after every
    /// event sent before it, then carries out the navigation it asks for on that screen's stack.
    private func send(_ event: ScreenEvent, to screen: (any Screen)?) {
        guard let screen else { return }
        let stack = session.current
        enqueue { [weak self] in
            let navigation = await screen.handle(event)
            if case .edit(let row, let text) = event, self?.drafts[row] == text {
                self?.drafts[row] = nil
            }
            // The stack's coordinator carries it out; screens that come on top appear soon (see init).
            if let navigation, stack.topScreen === screen {
                await stack.route(navigation)
            }
            self?.onNeedsRedraw?()
        }
    }

    /// Lets a screen appear (and load) without holding up keys or later events: the stack
    /// has already changed, and the screen's changes redraw as they come.
    private func appearSoon(_ screen: (any Screen)?) {
        guard let screen else { return }
        started += 1
        let number = started
        // The task runs on the main actor, so it is registered before it can finish.
        appearing[number] = Task { [weak self] in
            await screen.appear()
            self?.appearing[number] = nil
            self?.finished += 1
        }
    }

    // MARK: - Drawing

    /// The visible screen's content with what the person typed but the screen has not seen yet.
    public var visibleContent: ScreenContent? {
        session.visibleScreen.map { content(of: $0) }
    }

    private func content(of screen: any Screen) -> ScreenContent {
        var content = screen.content
        guard !drafts.isEmpty else { return content }
        for (sectionIndex, section) in content.sections.enumerated() {
            for (rowIndex, row) in section.rows.enumerated() {
                guard let draft = drafts[row.id], case .textField(let label, _, let placeholder) = row.element else { continue }
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

    /// Lays out the frame for the session as it is now, and remembers the scroll position.
    public func render() -> Rendering {
        let screen = session.visibleScreen
        let content = screen.map { self.content(of: $0) }
        var view = screen.map { viewState(for: $0, content: content) } ?? ViewState()
        let input = FrameInput(
            rows: rows, columns: columns,
            tabs: session.tabs.map { $0.title }, selectedTab: session.selectedIndex, path: session.current.path,
            content: content, focusedRow: view.focusedRow, scrollOffset: view.scrollOffset,
            canGoBack: session.current.stack.count > 1, spinnerFrame: spinnerFrame, showsHelp: showsHelp, message: message,
            banner: session.notices.banner
        )
        let frame = FrameRenderer.render(input)
        view.scrollOffset = frame.scrollOffset
        if let screen {
            views[ObjectIdentifier(screen)] = view
            forgetClosedScreens()
        }
        let isLoading = content.map { if case .loading = $0.status { true } else { false } } ?? true
        return Rendering(frame: frame, content: content, focusedRow: view.focusedRow, showsHelp: showsHelp, isLoading: isLoading)
    }

    /// Drops the view state of screens no stack holds any more, so a new screen that
    /// happens to get a closed one's address starts afresh.
    private func forgetClosedScreens() {
        var open = Set<ObjectIdentifier>()
        for tab in session.tabs {
            for screen in tab.stack { open.insert(ObjectIdentifier(screen)) }
        }
        guard views.keys.contains(where: { !open.contains($0) }) else { return }
        views = views.filter { open.contains($0.key) }
    }
}
