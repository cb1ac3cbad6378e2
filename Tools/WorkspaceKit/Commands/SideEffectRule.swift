/// The side-effects rule: features, and Core's own types, reach the clock, identifiers, the
/// network, files, the process and the console only through the `Environment`, so tests and
/// sandboxes can supply their own. `Core/Core/Environment` is where the real clock and ids
/// (`SystemClock`, `RandomIDs`) live, and is exempt.
extension ArchitectureCheck {
    /// One way of reaching a side effect directly, as it reads in code.
    struct SideEffect {
        /// The identifier it starts with: `Date`.
        var word: String
        /// What must follow it, blanks ignored: `()`, `.now`; empty for "anything".
        var followers: [String]
        var what: String
        var fix: String
    }

    static let sleepFix = "use environment.clock.sleep(for:), which tests make instant"
    static let fileFix = "go through a repository or service of the environment; files belong to App"
    static let printFix = "show it in the screen's content, or log it with environment.activityLogger"

    static let sideEffects = [
        SideEffect(
            word: "Date", followers: ["()", ".now"], what: "reads the time with Date()",
            fix: "use environment.clock.now (tests then fix the time with TestClock)"),
        SideEffect(
            word: "UUID", followers: ["()"], what: "makes an identifier with UUID()",
            fix: "use environment.ids.next() (tests then get SequentialIDs)"),
        SideEffect(
            word: "Task", followers: [".sleep"], what: "waits with Task.sleep",
            fix: sleepFix),
        SideEffect(
            word: "Thread", followers: [".sleep"], what: "waits with Thread.sleep",
            fix: sleepFix),
        SideEffect(
            word: "URLSession", followers: [], what: "talks to the network with URLSession",
            fix: "go through environment.client; the web API client lives outside the features"),
        SideEffect(
            word: "FileManager", followers: [], what: "touches files with FileManager",
            fix: fileFix),
        SideEffect(
            word: "FileHandle", followers: [], what: "touches files with FileHandle",
            fix: fileFix),
        SideEffect(
            word: "ProcessInfo", followers: [], what: "reads the process with ProcessInfo",
            fix: "pass what the feature needs through the environment (UserFeatures flags, say)"),
        SideEffect(
            word: "print", followers: ["("], what: "prints with print(), past the screen and the loggers",
            fix: printFix),
        SideEffect(
            word: "debugPrint", followers: ["("], what: "prints with debugPrint(), past the screen and the loggers",
            fix: printFix),
    ]

    /// Core's folder that holds the real clock and ids.
    static let environmentFolder = "Core/Core/Environment/"

    func sideEffectRule() -> [Violation] {
        var violations: [Violation] = []
        let targets = manifest.features + [manifest.target(named: Conventions.core)].compactMap { $0 }
        for target in targets {
            for path in index.swiftFiles(of: target) where !path.hasPrefix(Self.environmentFolder) {
                guard let source = index.source(path) else { continue }
                violations += Self.sideEffects(in: source).map { effect, line in
                    Violation(path, line, "side-effects", "\(target.name) \(effect.what), outside the environment", fix: effect.fix)
                }
            }
        }
        return violations.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
    }

    /// Each direct side effect in a source (comments and strings do not count), with its line.
    static func sideEffects(in source: SwiftSource) -> [(SideEffect, Int)] {
        let bytes = source.codeBytes
        var found: [(offset: Int, effect: SideEffect)] = []
        for effect in sideEffects {
            for offset in source.offsets(ofWord: effect.word) {
                // `logger.print(…)` or `func print(…)` is somebody's member, not the global.
                if offset > 0, bytes[offset - 1] == UInt8(ascii: ".") { continue }
                if source.previousWord(before: offset) == "func" { continue }
                var next = offset + effect.word.utf8.count
                while next < bytes.count, SourceEdits.isBlank(bytes[next]) { next += 1 }
                let rest = bytes[next...]
                let matches =
                    effect.followers.isEmpty
                    || effect.followers.contains { follower in
                        rest.starts(with: Array(follower.utf8))
                            && !(follower.hasPrefix(".")
                                && rest.dropFirst(follower.utf8.count).first.map(SwiftSource.isIdentifierByte) == true)
                    }
                if matches { found.append((offset, effect)) }
            }
        }
        return found.sorted { $0.offset < $1.offset }.map { ($0.effect, source.line(ofOffset: $0.offset)) }
    }
}
