/// The terminal output that turns the previous frame into the next one, rewriting only
/// the lines that changed: cursor to the line, erase it, write it. No full clear, so no
/// flicker; the whole update is one synchronized write (`CSI ? 2026`), which terminals
/// without synchronized output ignore.
public enum FrameDiff {
    public static func output(from previous: [String], to next: [String]) -> String {
        var output = ""
        for (index, line) in next.enumerated() where index >= previous.count || previous[index] != line {
            output += "\u{1B}[\(index + 1);1H\u{1B}[2K\(line)"
        }
        // Lines the new frame no longer has (it is shorter) are erased.
        if previous.count > next.count {
            for index in next.count..<previous.count {
                output += "\u{1B}[\(index + 1);1H\u{1B}[2K"
            }
        }
        guard !output.isEmpty else { return "" }
        return TerminalSequence.beginSynchronizedUpdate + output + TerminalSequence.endSynchronizedUpdate
    }
}

/// The escape sequences the full-screen UI writes.
public enum TerminalSequence {
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    /// Lines longer than the terminal are clipped, never wrapped onto the next line.
    public static let disableAutowrap = "\u{1B}[?7l"
    public static let enableAutowrap = "\u{1B}[?7h"
    public static let clearScreen = "\u{1B}[2J"
    public static let resetStyle = "\u{1B}[0m"
    public static let beginSynchronizedUpdate = "\u{1B}[?2026h"
    public static let endSynchronizedUpdate = "\u{1B}[?2026l"

    /// Written when the UI starts: alternate screen, no cursor, no autowrap, blank.
    public static let enter = enterAlternateScreen + hideCursor + disableAutowrap + clearScreen
    /// Written on every way out: plain style, autowrap back, main screen back, cursor shown.
    /// It ends with leave-alternate-screen and show-cursor.
    public static let leave = resetStyle + enableAutowrap + leaveAlternateScreen + showCursor
}
