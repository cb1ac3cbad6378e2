import Core
import DataFormats

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--report-screen FILE`: keeps FILE holding the deep link of the screen on show, so a tool that
/// restarts the program (`workspace watch`) can bring it back on the same screen with `--open`.
/// The file is replaced whole (written aside, then renamed), so a reader never sees half a link.
@MainActor
final class ScreenReport {
    let path: String
    private var written: String?
    private var failed = false
    private var updating: Task<Void, Never>?

    init(path: String) {
        self.path = path
    }

    /// The link of the visible screen: every stack entry keeps the descriptor it was resolved from.
    func link(in tabBar: TabBar) -> String {
        let shown = tabBar.current.topDescriptor ?? tabBar.current.root
        return DeepLinks.link(for: shown)
    }

    /// Writes the link when it changed. A file that cannot be written is reported once; the
    /// program carries on (the tool reading it falls back to the first screen).
    func update(_ tabBar: TabBar) {
        let link = link(in: tabBar)
        guard link != written else { return }
        do {
            // Whole, and no temporary file left behind should the program be killed meanwhile.
            try FileReplacement.write(Data((link + "\n").utf8), to: path)
            written = link
        } catch {
            guard !failed else { return }
            failed = true
            Terminal.writeError("cannot write the screen report “\(path)” (\(error.reason)); check that its folder exists\n")
        }
    }

    /// Keeps the file current while the full-screen UI runs. Keys and finished screen tasks both
    /// change screens there; looking every 100 ms sees either without reaching into the drawing
    /// code, and is far quicker than any rebuild the reader waits for.
    func keepUpdating(_ tabBar: TabBar) {
        updating?.cancel()
        updating = Task { [weak self] in
            while !Task.isCancelled {
                self?.update(tabBar)
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    func stopUpdating() {
        updating?.cancel()
        updating = nil
    }
}
