import Foundation

/// What `workspace watch` prints. In script mode every line starts with `watch: `, so a test or
/// a log can tell it from the sandbox's own output; at a terminal a failed build clears the
/// screen and takes the sandbox's place.
package struct WatchText {
    enum Message: Equatable {
        case watching
        case session(WatchNotice)
        case cannotLaunch(String)
        case waitingForFocus
    }

    let plan: WatchPlan
    let presentation: WatchSession.Presentation

    func render(_ message: Message) -> String {
        let lines: [String]
        switch message {
        case .watching:
            let method = plan.poll ? "looking every 250 ms" : Self.nativeMethod
            let extra = plan.sandboxArguments.isEmpty ? "" : " \(plan.sandboxArguments.joined(separator: " "))"
            lines = [
                "watching \(plan.modules.joined(separator: ", ")) and Package.swift (\(method)) for \(plan.sandbox)\(extra)"
                    + (presentation == .terminal ? "; Ctrl-C quits" : "")
            ]
        case .cannotLaunch(let reason):
            lines = ["cannot start \(plan.sandbox): \(reason)"]
        case .waitingForFocus:
            lines = ["waiting for another workspace command building in \(plan.focus.relativeFolder) to finish…"]
        case .session(let notice):
            lines = render(notice)
        }
        let text = lines.joined(separator: "\n")
        if case .session(.buildFailed) = message, presentation == .terminal {
            // The error takes the whole screen, as the sandbox did.
            return "\u{1B}[H\u{1B}[2J" + text
        }
        return presentation == .script ? lines.map { "watch: " + $0 }.joined(separator: "\n") : text
    }

    private func render(_ notice: WatchNotice) -> [String] {
        switch notice {
        case .building(let changed):
            // Editors' scratch files come and go within a save: name the files that are still there.
            let existing = changed.filter { FileManager.default.fileExists(atPath: plan.files.absolute($0)) }
            let named = existing.isEmpty ? changed : existing
            return [changed.isEmpty ? "building \(plan.sandbox)…" : "\(Self.describe(named)) changed: building \(plan.sandbox)…"]
        case .changedDuringBuild:
            return ["files changed during the build: building again…"]
        case .launching(let link, let seconds):
            let built = seconds.map { String(format: "built in %.1f s; ", $0) } ?? ""
            return ["\(built)starting \(plan.sandbox) on \(link ?? "its first screen")"]
        case .buildFailed(let failure, let keepsRunning, let link):
            let count = failure.errorCount == 1 ? "1 error" : "\(failure.errorCount) errors"
            let shown = presentation == .terminal ? Array(failure.lines.prefix(Self.terminalLines)) : failure.lines
            let cut = shown.count < failure.lines.count ? ["… \(failure.lines.count - shown.count) more lines"] : []
            let next: String
            if keepsRunning {
                next = "\(plan.sandbox) keeps running the last good build; fix the error and save to reopen it on the screen it shows."
            } else if presentation == .terminal {
                next = """
                    Fix the error and save: \(plan.sandbox) comes back on \(link ?? "its first screen").
                    Enter runs the last good build again · Ctrl-C quits
                    """
            } else {
                next = "Fix the error and save: \(plan.sandbox) starts on \(link ?? "its first screen")."
            }
            return ["\(plan.sandbox) does not build (\(count)):"] + shown + cut + [next]
        case .sandboxEnded(let status, let link, let canRelaunch):
            let enter = presentation == .terminal && canRelaunch ? "; Enter runs it again · Ctrl-C quits" : ""
            return ["\(plan.sandbox) \(status). Save a change to rebuild and reopen it on \(link ?? "its first screen")\(enter)"]
        case .linkRefused(let link):
            return ["\(plan.sandbox) cannot open \(link) any more: starting it on its first screen"]
        case .cannotRelaunch(let reason):
            return ["cannot run \(plan.sandbox) again now: \(reason)"]
        }
    }

    /// The error screen keeps to what a small terminal shows.
    static let terminalLines = 40

    static var nativeMethod: String {
        #if canImport(Glibc)
            "inotify"
        #else
            "looking every 250 ms"
        #endif
    }

    /// `Features/Feed/FeedTranslator.swift`, or `3 files` for several.
    static func describe(_ changed: [String]) -> String {
        changed.count == 1 ? changed[0] : changed.count <= 3 ? changed.joined(separator: ", ") : "\(changed.count) files"
    }
}
