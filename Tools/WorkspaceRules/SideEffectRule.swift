import WorkspaceBase

/// The side-effects rule: features, and Core's own types, reach the clock, waiting, chance,
/// identifiers, the machine's calendar, time zone and locale, the user's defaults, the program's
/// bundle, the process's environment, files, processes, the network and the console only
/// through the `Environment`, so tests and sandboxes can supply their own. `Core/Core/Environment`
/// is where the real clock, ids and random source (`SystemClock`, `RandomIDs`, `SystemRandom`)
/// live, and is exempt.
///
/// The rule reads what the code calls (`CodeReference`: the type, the member, the labels), so
/// `Date()`, `Date.init()`, `Foundation.Date(timeIntervalSinceNow: 0)`, `let d: Date = .init()`
/// and a type alias of `Date` are all the same finding; the calls are listed in
/// `SideEffectCatalogue.calls`.
extension ArchitectureCheck {
    /// Core's folder that holds the real clock, ids and random source.
    static let environmentFolder = "Core/Core/Environment/"

    func sideEffectRule() -> [Violation] {
        Self.sideEffectViolations(in: sideEffectSources())
    }

    /// What the rule reads: each feature's and Core's sources but the environment's, by target.
    func sideEffectSources() -> [(target: String, sources: [(path: String, source: SwiftSource)])] {
        let targets = manifest.features + [manifest.target(named: Conventions.core)].compactMap { $0 }
        return targets.map { target in
            let paths = index.swiftFiles(of: target).filter { !$0.hasPrefix(Self.environmentFolder) }
            return (target.name, paths.compactMap { path in index.source(path).map { (path, $0) } })
        }
    }

    /// The rule over sources already read, so it can run on another thread.
    static func sideEffectViolations(in targets: [(target: String, sources: [(path: String, source: SwiftSource)])]) -> [Violation] {
        var violations: [Violation] = []
        for (target, sources) in targets {
            // A type alias anywhere in the target names the same type in every file of it.
            let aliases = sources.reduce(into: [String: String]()) { aliases, entry in
                aliases.merge(entry.1.typeAliases) { first, _ in first }
            }
            for (path, source) in sources {
                violations += Self.sideEffects(in: source, aliases: aliases).map { call, reference in
                    Violation(
                        path, source.line(ofOffset: reference.offset), "side-effects",
                        "\(target) \(call.effect.verb) with \(reference.spelling), outside the environment", fix: call.effect.fix)
                }
            }
        }
        return violations.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
    }

    /// Each direct side effect in a source (comments and strings do not count), with the code that
    /// makes it, in order.
    static func sideEffects(in source: SwiftSource, aliases: [String: String] = [:]) -> [(SideEffectCatalogue.Call, CodeReference)] {
        let aliases = aliases.merging(source.typeAliases) { first, _ in first }
        return source.references(aliases: aliases).compactMap { reference in
            SideEffectCatalogue.firstCall(matching: reference).map { ($0, reference) }
        }
    }
}

/// Every call the side-effects rule knows, by what it does.
package enum SideEffectCatalogue {
    /// What a call reaches, in words, and the way through the environment instead.
    enum Effect: Sendable {
        case clock, machineClock, waiting, identifiers, chance, region, defaults, bundle, processEnvironment, files, processes, network,
            console

        var verb: String {
            switch self {
            case .clock: "reads the time"
            case .machineClock: "uses the machine's clock"
            case .waiting: "waits"
            case .identifiers: "makes an identifier"
            case .chance: "draws at random"
            case .region: "reads the machine's calendar, time zone or locale"
            case .defaults: "reads or writes the user's defaults"
            case .bundle: "reads the program's bundle"
            case .processEnvironment: "reads the process's environment"
            case .files: "touches files"
            case .processes: "starts, signals or ends a process"
            case .network: "talks to the network"
            case .console: "uses the console"
            }
        }

        var fix: String {
            switch self {
            case .clock: "use environment.clock.now (tests then fix the time with TestClock)"
            case .machineClock:
                "use environment.clock: its now for the time and its sleep(for:) for waiting, which tests fix and make instant"
            case .waiting: "use environment.clock.sleep(for:), which tests make instant"
            case .identifiers: "use environment.ids.next() (tests then get SequentialIDs)"
            case .chance:
                "use environment.random (int(in:), element(of:), shuffled(_:), or using: RandomSourceGenerator(environment.random)); "
                    + "tests and sandboxes seed it (SeededRandom), so every run draws the same"
            case .region:
                "use environment.region (its calendar, timeZone and locale), which tests and the gallery fix; "
                    + "tell dates with RelativeTime, not Foundation's formatters"
            case .defaults: "keep what is saved in a repository of the environment (kitchenPreferences, say)"
            case .bundle: "a feature has no resources of its own: words are in its code, data comes through the environment"
            case .processEnvironment: "pass what the feature needs through the environment (UserFeatures flags, say)"
            case .files: "go through a repository or service of the environment; files belong to App"
            case .processes: "leave processes to the app and the runner; a feature answers with content and navigation"
            case .network: "go through environment.client; the web API client lives outside the features"
            case .console: "show it in the screen's content, or log it with environment.activityLogger"
            }
        }
    }

    /// Which argument labels a call must have to count.
    enum Labels: Sendable {
        case any
        /// Called, with exactly these labels (`[]`: `Date()`).
        case exactly([String])
        /// Named without being called: `Date.init` handed on as a function.
        case notCalled
        /// Called, with one of these as its first label: `Data(contentsOf:)`.
        case first(Set<String>)
        /// Called, without this label: `.random(in:)` draws from the system, `.random(in:using:)`
        /// from the generator it is given.
        case lacking(String)

        func accept(_ labels: [String]?) -> Bool {
            switch self {
            case .any: true
            case .exactly(let expected): labels == expected
            case .notCalled: labels == nil
            case .first(let names): labels?.first.map(names.contains) ?? false
            case .lacking(let label): labels.map { !$0.contains(label) } ?? false
            }
        }
    }

    /// A shape of code that makes a side effect.
    enum Pattern: Sendable {
        /// Any use of a type or global: `ContinuousClock`, `FileManager`, `environ`.
        case type(String)
        /// A static member or an initializer of a type: `Date.now`, `Date(timeIntervalSinceNow:)` (member `init`).
        case member(of: String, String, Labels)
        /// An initializer of any type: `Data(contentsOf:)`, `String(contentsOfFile:)`.
        case initializer(Labels)
        /// A member on any receiver, instance or static, implicit included: `.timeIntervalSinceNow`, `.shuffled()`.
        case anyMember(String, Labels)
        /// A member with no receiver: `.now`, whatever type the context gives it.
        case implicit(String)
        /// A free function, called: `usleep(…)`, `getenv(…)`.
        case function(String)
    }

    struct Call: Sendable {
        var pattern: Pattern
        var effect: Effect

        func matches(_ reference: CodeReference) -> Bool {
            switch pattern {
            case .type(let name):
                return reference.receiver == .none && (reference.member == name || reference.type == name)
            case .member(let type, let member, let labels):
                return reference.type == type && reference.member == member && labels.accept(reference.labels)
            case .initializer(let labels):
                return reference.type != nil && reference.member == "init" && labels.accept(reference.labels)
            case .anyMember(let member, let labels):
                return reference.receiver != .none && reference.name == member && labels.accept(reference.labels)
            case .implicit(let member):
                return reference.receiver == .implicit && reference.name == member
            case .function(let name):
                return reference.receiver == .none && reference.name == name && reference.labels != nil
            }
        }
    }

    /// The first of `calls` that `reference` matches. Only calls filed under one of its names can
    /// match it, so only those are tried: a file has thousands of references.
    static func firstCall(matching reference: CodeReference) -> Call? {
        firstCallPosition(matching: reference).map { calls[$0] }
    }

    /// Where in `calls` the first call `reference` matches is.
    static func firstCallPosition(matching reference: CodeReference) -> Int? {
        let candidates = [reference.name, reference.member, reference.type].compactMap { $0 }.flatMap { callsByName[$0] ?? [] }
        return candidates.sorted().first { calls[$0].matches(reference) }
    }

    /// The positions in `calls` of the calls a reference with this name, member or type may match.
    static let callsByName: [String: [Int]] = calls.indices.reduce(into: [:]) { index, position in
        let name: String
        switch calls[position].pattern {
        // Matched on the reference's member or type.
        case .type(let type), .member(of: let type, _, _): name = type
        // Matched on the reference's member.
        case .initializer: name = "init"
        // Matched on the reference's name.
        case .anyMember(let member, _), .implicit(let member), .function(let member): name = member
        }
        index[name, default: []].append(position)
    }

    static func calls(_ effect: Effect, _ patterns: [Pattern]) -> [Call] {
        patterns.map { Call(pattern: $0, effect: effect) }
    }

    static func functions(_ effect: Effect, _ names: [String]) -> [Call] {
        calls(effect, names.map(Pattern.function))
    }

    static let calls: [Call] =
        calls(
            .clock,
            [
                .member(of: "Date", "init", .exactly([])), .member(of: "Date", "init", .first(["timeIntervalSinceNow"])),
                .member(of: "Date", "init", .notCalled), .member(of: "Date", "now", .any),
                .member(of: "Date", "timeIntervalSinceReferenceDate", .any), .anyMember("timeIntervalSinceNow", .any),
                .implicit("now"), .member(of: "DispatchTime", "now", .any), .member(of: "DispatchWallTime", "now", .any),
                .type("SystemClock"),
            ])
        + calls(
            .clock,
            [.member(of: "NSDate", "init", .exactly([])), .member(of: "NSDate", "init", .notCalled), .member(of: "NSDate", "now", .any)])
        + functions(
            .clock,
            [
                "clock_gettime", "clock_gettime_nsec_np", "gettimeofday", "time", "ftime", "timespec_get", "clock", "times",
                "CFAbsoluteTimeGetCurrent", "CACurrentMediaTime", "mach_absolute_time", "mach_continuous_time", "mach_approximate_time",
            ])
        + calls(
            .region,
            ["Calendar", "TimeZone", "Locale"].flatMap { type in
                [Pattern.member(of: type, "current", .any), .member(of: type, "autoupdatingCurrent", .any)]
            } + [
                .type("NSCalendar"), .type("NSTimeZone"), .type("NSLocale"), .implicit("current"), .implicit("autoupdatingCurrent"),
                // A calendar made here is in the machine's time zone until told otherwise.
                .member(of: "Calendar", "init", .any), .member(of: "Locale", "preferredLanguages", .any),
                .anyMember("formatted", .any), .member(of: "Date", "FormatStyle", .any), .member(of: "Date", "RelativeFormatStyle", .any),
                .type("DateFormatter"), .type("DateComponentsFormatter"), .type("DateIntervalFormatter"),
                .type("RelativeDateTimeFormatter"),
                .type("NumberFormatter"), .type("MeasurementFormatter"), .type("ListFormatter"), .type("ByteCountFormatter"),
                .type("PersonNameComponentsFormatter"), .anyMember("localizedStandardCompare", .any),
                .anyMember("localizedCaseInsensitiveCompare", .any), .anyMember("localizedCompare", .any),
                .anyMember("localizedStandardContains", .any), .anyMember("localizedCaseInsensitiveContains", .any),
                .anyMember("localizedLowercase", .any), .anyMember("localizedUppercase", .any), .anyMember("localizedCapitalized", .any),
            ])
        + functions(.region, ["localtime", "localtime_r", "mktime", "tzset", "strftime", "timelocal", "setlocale", "newlocale"])
        + calls(.defaults, [.type("UserDefaults"), .type("NSUserDefaults"), .type("NSUbiquitousKeyValueStore")])
        + functions(.defaults, ["CFPreferencesCopyAppValue", "CFPreferencesSetAppValue"])
        + calls(
            .bundle,
            [
                .type("Bundle"), .type("NSBundle"), .type("LocalizedStringResource"), .member(of: "String", "init", .first(["localized"])),
                .member(of: "AttributedString", "init", .first(["localized"])),
            ])
        + functions(.bundle, ["NSLocalizedString", "CFBundleGetMainBundle"])
        + calls(
            .machineClock,
            [.type("ContinuousClock"), .type("SuspendingClock"), .implicit("continuous"), .implicit("suspending")])
        + calls(
            .waiting,
            [
                .member(of: "Task", "sleep", .any), .member(of: "Thread", "sleep", .any), .anyMember("asyncAfter", .any),
                .member(of: "DispatchSource", "makeTimerSource", .any), .member(of: "Timer", "scheduledTimer", .any),
                .member(of: "RunLoop", "current", .any), .member(of: "RunLoop", "main", .any),
            ])
        + functions(.waiting, ["usleep", "sleep", "nanosleep"])
        + calls(.identifiers, [.member(of: "UUID", "init", .exactly([])), .member(of: "UUID", "init", .notCalled), .type("RandomIDs")])
        + calls(
            .chance,
            [
                .anyMember("random", .lacking("using")), .anyMember("randomElement", .lacking("using")),
                .anyMember("shuffled", .lacking("using")), .anyMember("shuffle", .lacking("using")),
                .type("SystemRandomNumberGenerator"), .type("SystemRandom"),
            ])
        + functions(
            .chance,
            [
                "arc4random", "arc4random_uniform", "arc4random_buf", "random", "srandom", "drand48", "lrand48", "mrand48", "rand",
                "srand", "getrandom", "getentropy",
            ])
        + calls(.processEnvironment, [.type("ProcessInfo"), .type("CommandLine"), .type("environ")])
        + functions(.processEnvironment, ["getenv", "secure_getenv", "setenv", "unsetenv", "putenv", "clearenv"])
        + calls(
            .files,
            [
                .type("FileManager"), .type("FileHandle"), .type("InputStream"), .type("OutputStream"),
                .initializer(.first(["contentsOf", "contentsOfFile", "contentsOfURL"])),
                .anyMember("write", .first(["to", "toFile", "toURL"])),
                .member(of: "URL", "temporaryDirectory", .any), .member(of: "URL", "homeDirectory", .any),
                .member(of: "URL", "currentDirectory", .any), .member(of: "URL", "documentsDirectory", .any),
                .member(of: "URL", "cachesDirectory", .any),
            ])
        + functions(
            .files,
            [
                "fopen", "freopen", "fdopen", "opendir", "mkdir", "rmdir", "unlink", "mkstemp", "readlink", "symlink", "truncate",
                "creat", "chmod", "chdir", "getcwd",
            ])
        + calls(.processes, [.type("Process")])
        + functions(
            .processes,
            [
                "posix_spawn", "posix_spawnp", "fork", "vfork", "execv", "execve", "execvp", "execl", "execlp", "system", "popen",
                "kill", "exit", "_exit", "atexit", "signal", "sigaction", "getpid", "getppid",
            ])
        + calls(.network, [.type("URLSession")]) + functions(.network, ["socket", "getaddrinfo"])
        + calls(.console, [.type("stdout"), .type("stderr"), .type("stdin")])
        + functions(.console, ["print", "debugPrint", "dump", "readLine", "fputs", "puts", "putchar", "fflush"])
}
