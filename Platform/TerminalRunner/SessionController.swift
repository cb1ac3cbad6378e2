import Core

/// The full-screen UI without a terminal: keys in, frames out.
///
/// It keeps what the person sees of each screen (focus, scroll position), decides what each key
/// does (`KeyBindings`), moves the focus (`FocusMovement`), sends screen events in order and lays
/// out frames (`FrameRenderer`).
/// `InteractiveSession` puts it on a real terminal: it reads keys, writes the frames'
/// changed lines and turns the spinner. Tests (and the fuzzer) drive it directly.
///
/// Keys are handled at once: focus, scrolling, help, typing, going back and switching tabs
/// never wait (screens appear and load meanwhile). Typed text goes to the screen at once
/// (`Screen.edit(_:text:)`), which owns it; what other keys ask of a screen (`handle`) runs in
/// tasks chained one after the other, so events keep their order while keys go on arriving.
@MainActor
public final class SessionController {
    /// Focus and scroll position of one screen, kept while it is on a stack.
    struct ViewState {
        var focusedRow: RowKey?
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
        /// The visible screen's content as drawn. Nil before the first screen is shown.
        public var content: ScreenContent<RowKey>?
        /// The row with the focus; nil when no row has it.
        public var focusedRow: RowKey?
        public var showsHelp: Bool
        /// Whether the screen is loading (or not shown yet): the spinner should turn.
        public var isLoading: Bool
    }

    public let tabBar: TabBar
    public private(set) var rows: Int
    public private(set) var columns: Int
    /// Called when a screen event has been handled, so the screen is drawn again.
    public var onNeedsRedraw: (@MainActor () -> Void)?

    private var views: [ObjectIdentifier: ViewState] = [:]
    /// The text last typed into a field and its length in characters. Counting a long text at
    /// every key would make a paste cost the square of its length; the screen keeps the very
    /// text it was given, so comparing it with this one is a comparison of storage.
    private var typed: (text: String, count: Int)?
    private var showsHelp = false
    /// The first line of the key map shown, while it is.
    private var helpTop = 0
    private var message: String?
    private var spinnerFrame = 0
    /// The last of the chained screen-event tasks.
    private var work: Task<Void, Never>?
    /// Screens appearing (loading) after a key changed a stack, by the order they started.
    private var appearing: [Int: Task<Void, Never>] = [:]
    /// Counts the tasks started and finished, so `settle()` knows when no new one came.
    private var started = 0
    private var finished = 0

    public init(tabBar: TabBar, rows: Int, columns: Int) {
        self.tabBar = tabBar
        self.rows = rows
        self.columns = columns
        // Screens that navigation puts on top load while keys go on.
        tabBar.appearance = { [weak self] screen in self?.appearSoon(screen) }
    }

    // MARK: - Keys

    /// Handles one key: what it changes shows in the next `render()`.
    public func handle(_ key: Key) -> KeyOutcome {
        message = nil
        let screen = tabBar.visibleScreen
        let content = screen?.content
        let rows = content?.interactiveRows ?? []
        var view = screen.map { viewState(for: $0, content: content, rows: rows) } ?? ViewState()
        let focusIndex = view.focusedRow != nil && rows.indices.contains(view.focusIndex) ? view.focusIndex : nil
        let focused = focusIndex.map { rows[$0] }

        // Laid out only for the keys that move the focus or scroll.
        var movement: FocusMovement { self.movement(content, rows: rows) }
        let viewport = Viewport(focus: focusIndex, top: view.scrollOffset)
        func move(to moved: Viewport) {
            view.focusedRow = moved.focus.map { rows[$0].id }
            view.focusIndex = moved.focus ?? view.focusIndex
            view.focusIsChosen = true
            view.scrollOffset = moved.top
        }

        let action = action(for: key, focused: focused, status: content?.status)
        if showsHelp, scrollHelp(action) { return .handled }
        var outcome = KeyOutcome.handled
        switch action {
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
        case .send(var event):
            guard let screen else { break }
            if case .submit(_, let text) = event, let focused { event = screen.submission(of: text, from: focused) }
            send(event, to: screen)
        case .editField(_, let edit):
            guard let screen, let focused else { break }
            type(edit, into: focused, of: screen)
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
            if tabBar.current.removeTop() { appearSoon(tabBar.visibleScreen) }
        case .selectTab(let index):
            appearSoon(tabBar.switchTab(to: index))
        case .toggleHelp:
            showsHelp.toggle()
            helpTop = 0
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

    /// What `key` does here.
    private func action(for key: Key, focused: ScreenRow<RowKey>?, status: ScreenStatus?) -> KeyAction {
        let canRetry: Bool = if case .failed(let failure) = status { failure.canRetry } else { false }
        return KeyBindings.action(
            for: key,
            in: KeyContext(
                focused: focused, tabCount: tabBar.tabs.count, selectedTab: tabBar.selectedIndex,
                canGoBack: tabBar.current.stack.count > 1, canRetry: canRetry, showsHelp: showsHelp))
    }

    /// Gives the screen the field's text changed by one key, at once: the next frame shows it.
    private func type(_ edit: FieldEdit, into field: ScreenRow<RowKey>, of screen: AnyScreen) {
        guard case .textField(_, var text, _) = field.element else { return }
        var count = if let typed, typed.text == text { typed.count } else { text.count }
        switch edit {
        case .insert:
            // A field holds a bounded text: the keys past the bound are not taken, and the status
            // line says why (a paste past it keeps its beginning).
            guard count < ScreenElement.maximumFieldLength else {
                message = "“\(field.label)” holds at most \(ScreenElement.maximumFieldLength) characters: the rest was not typed"
                typed = (text, count)
                return
            }
            count += 1
        case .deleteBackward: count = max(0, count - 1)
        case .clear: count = 0
        }
        edit.apply(to: &text)
        typed = (text, count)
        screen.edit(field.id, text: text)
    }

    /// Scrolls the key map when `action` moves or pages; false for any other action.
    private func scrollHelp(_ action: KeyAction) -> Bool {
        let input = frameInput(content: nil, view: ViewState())
        let movement = FocusMovement(
            rowLines: [], lineCount: FrameRenderer.helpLines(width: max(1, columns)).count, height: FrameRenderer.bodyHeight(input))
        let viewport = Viewport(top: helpTop)
        switch action {
        case .moveFocus(let direction): helpTop = movement.step(viewport, by: direction).top
        case .page(let direction): helpTop = movement.page(viewport, by: direction).top
        case .focusFirst: helpTop = movement.edge(last: false).top
        case .focusLast: helpTop = movement.edge(last: true).top
        default: return false
        }
        return true
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
    private func movement(_ content: ScreenContent<RowKey>?, rows: [ScreenRow<RowKey>]) -> FocusMovement {
        guard let content else { return FocusMovement(rowLines: [], lineCount: 0, height: 1) }
        let body = Body(content, width: columns)
        return FocusMovement(
            rowLines: body.lines(of: rows), rowHeights: body.heights(of: rows), lineCount: body.lines.count,
            height: FrameRenderer.bodyHeight(frameInput(content: content, view: ViewState())))
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
    private func send(_ event: ScreenEvent<RowKey>, to screen: AnyScreen) {
        let stack = tabBar.current
        enqueue { [weak self] in
            let navigation = await screen.handle(event)
            // The stack's coordinator carries it out; screens that come on top appear soon (see init).
            if let navigation, stack.topScreen === screen {
                await stack.route(navigation)
            }
            self?.onNeedsRedraw?()
        }
    }

    /// Lets a screen appear (and load) without holding up keys or later events: the stack
    /// has already changed, and the screen's changes redraw as they come.
    private func appearSoon(_ screen: AnyScreen?) {
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

    /// The visible screen's content.
    public var visibleContent: ScreenContent<RowKey>? {
        tabBar.visibleScreen?.content
    }

    /// The screen's view state, with the focus moved to a row that exists: the same row,
    /// else the row now at its place, else (until the person chooses) the first row in view
    /// that is not a text field, so letters stay commands until the person goes to a field.
    /// `rows` are the content's interactive rows; while a row has the focus, `focusIndex` is its
    /// place among them.
    private func viewState(for screen: AnyScreen, content: ScreenContent<RowKey>?, rows: [ScreenRow<RowKey>]) -> ViewState {
        var view = views[ObjectIdentifier(screen)] ?? ViewState()
        if let id = view.focusedRow, let index = rows.firstIndex(where: { $0.id == id }) {
            view.focusIndex = index
        } else if view.focusedRow != nil, rows.isEmpty {
            view.focusedRow = nil
        } else if view.focusedRow != nil {
            view.focusIndex = min(view.focusIndex, rows.count - 1)
            view.focusedRow = rows[view.focusIndex].id
        } else if !view.focusIsChosen, let index = movement(content, rows: rows).initialFocus(isPreferred: { rows[$0].isNumbered }) {
            view.focusedRow = rows[index].id
            view.focusIndex = index
        }
        return view
    }

    /// Lays out the frame for the session as it is now, and remembers the scroll position.
    public func render() -> Rendering {
        let screen = tabBar.visibleScreen
        let content = screen?.content
        var view = screen.map { viewState(for: $0, content: content, rows: content?.interactiveRows ?? []) } ?? ViewState()
        let frame = FrameRenderer.render(frameInput(content: content, view: view))
        if showsHelp {
            helpTop = frame.scrollOffset
        } else {
            view.scrollOffset = frame.scrollOffset
        }
        if let screen {
            views[ObjectIdentifier(screen)] = view
            forgetClosedScreens()
        }
        let isLoading = content.map { if case .loading = $0.status { true } else { false } } ?? true
        return Rendering(frame: frame, content: content, focusedRow: view.focusedRow, showsHelp: showsHelp, isLoading: isLoading)
    }

    /// What a frame of the session shows now, with this content and view of the visible screen.
    private func frameInput(content: ScreenContent<RowKey>?, view: ViewState) -> FrameInput {
        FrameInput(
            rows: rows, columns: columns,
            tabs: tabBar.tabs.map { $0.title }, selectedTab: tabBar.selectedIndex, path: tabBar.current.path,
            content: content, focusedRow: view.focusedRow, scrollOffset: showsHelp ? helpTop : view.scrollOffset,
            canGoBack: tabBar.current.stack.count > 1, spinnerFrame: spinnerFrame, showsHelp: showsHelp, message: message,
            banner: tabBar.notices.banner
        )
    }

    /// Drops the view state of screens no stack holds any more, so a new screen that
    /// happens to get a closed one's address starts afresh.
    private func forgetClosedScreens() {
        var open = Set<ObjectIdentifier>()
        for tab in tabBar.tabs {
            for screen in tab.stack { open.insert(ObjectIdentifier(screen)) }
        }
        guard views.keys.contains(where: { !open.contains($0) }) else { return }
        views = views.filter { open.contains($0.key) }
    }
}
