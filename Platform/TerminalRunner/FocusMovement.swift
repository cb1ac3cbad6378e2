/// Where the focus is and which body line is at the top of the view.
public struct Viewport: Equatable, Sendable {
    /// Index of the focused row among the screen's interactive rows; nil when none has focus.
    public var focus: Int?
    /// The first body line shown.
    public var top: Int

    public init(focus: Int? = nil, top: Int = 0) {
        self.focus = focus
        self.top = top
    }
}

/// How the focus and the view move together, like a text browser: ↓ goes to the next
/// interactive row when it is in view or just below it (past a blank line and a heading),
/// scrolling to show it; when the next row is further away it scrolls one line instead, so
/// the text between rows (ingredients, steps) can be read. Rows that scroll out of view
/// lose the focus to the rows still in view. Pure, on line numbers only.
public struct FocusMovement: Sendable {
    /// The first body line of each interactive row, in reading order.
    public var rowLines: [Int]
    /// How many lines each row takes once wrapped (1 when not given).
    public var rowHeights: [Int]
    public var lineCount: Int
    /// How many body lines are visible.
    public var height: Int

    public init(rowLines: [Int], rowHeights: [Int] = [], lineCount: Int, height: Int) {
        self.rowLines = rowLines
        self.rowHeights = rowHeights
        self.lineCount = lineCount
        self.height = max(1, height)
    }

    private func rowHeight(_ row: Int) -> Int {
        rowHeights.indices.contains(row) ? max(1, rowHeights[row]) : 1
    }

    var maximumTop: Int { max(0, lineCount - height) }

    /// How many lines beyond the view a row may be and still take the focus at once.
    static let reach = 3

    private func isVisible(_ row: Int, top: Int) -> Bool {
        rowLines.indices.contains(row) && rowLines[row] >= top && rowLines[row] < top + height
    }

    private func firstVisible(top: Int) -> Int? { rowLines.indices.first { isVisible($0, top: top) } }
    private func lastVisible(top: Int) -> Int? { rowLines.indices.last { isVisible($0, top: top) } }

    /// The focus a screen starts with: the first row `isPreferred` accepts that is in view
    /// at the top, so a screen opens at its beginning rather than scrolled to a button.
    public func initialFocus(isPreferred: (Int) -> Bool) -> Int? {
        rowLines.indices.first { isVisible($0, top: 0) && isPreferred($0) }
    }

    /// ↓ (+1) or ↑ (-1).
    public func step(_ viewport: Viewport, by direction: Int) -> Viewport {
        var top = min(max(0, viewport.top), maximumTop)
        let candidate: Int? =
            if let focus = viewport.focus {
                focus + (direction > 0 ? 1 : -1)
            } else {
                // No focus: the first row from the top of the view down, or the last one up from its bottom.
                direction > 0 ? rowLines.indices.first { rowLines[$0] >= top } : rowLines.indices.last { rowLines[$0] < top + height }
            }
        if let candidate, rowLines.indices.contains(candidate),
            rowLines[candidate] >= top - Self.reach, rowLines[candidate] < top + height + Self.reach
        {
            return reveal(Viewport(focus: candidate, top: top))
        }
        let canScroll = direction > 0 ? top < maximumTop : top > 0
        guard canScroll else {
            // Nothing more to scroll: the row is in view if it exists.
            guard let candidate, rowLines.indices.contains(candidate) else { return Viewport(focus: viewport.focus, top: top) }
            return reveal(Viewport(focus: candidate, top: top))
        }
        top += direction > 0 ? 1 : -1
        return Viewport(focus: keepInView(viewport.focus, top: top, direction: direction), top: top)
    }

    /// PgDn (+1) or PgUp (-1): a page less one line of overlap.
    public func page(_ viewport: Viewport, by direction: Int) -> Viewport {
        let distance = max(1, height - 1)
        let top = min(max(0, viewport.top + (direction > 0 ? distance : -distance)), maximumTop)
        return Viewport(focus: keepInView(viewport.focus, top: top, direction: direction), top: top)
    }

    /// Home: the top of the body. End: its bottom.
    public func edge(last: Bool) -> Viewport {
        let top = last ? maximumTop : 0
        return Viewport(focus: last ? lastVisible(top: top) : firstVisible(top: top), top: top)
    }

    /// Scrolls just enough to show the focused row, all its lines when they fit, with the line
    /// above it (a section heading) when there is room.
    public func reveal(_ viewport: Viewport) -> Viewport {
        var top = min(max(0, viewport.top), maximumTop)
        if let focus = viewport.focus, rowLines.indices.contains(focus) {
            let line = rowLines[focus]
            let last = line + min(rowHeight(focus), height) - 1
            if line - 1 < top {
                // The line above only when the view is tall enough for both.
                top = max(0, height > last - line + 1 ? line - 1 : line)
            } else if last >= top + height {
                top = last - height + 1
            }
        }
        return Viewport(focus: viewport.focus, top: min(max(0, top), maximumTop))
    }

    /// The focus after scrolling: the same row while in view, else the nearest row in view.
    private func keepInView(_ focus: Int?, top: Int, direction: Int) -> Int? {
        if let focus, isVisible(focus, top: top) { return focus }
        return direction > 0 ? firstVisible(top: top) : lastVisible(top: top)
    }
}
