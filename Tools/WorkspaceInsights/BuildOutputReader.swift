import Foundation

/// Reads a SwiftPM build's output, line by line as it streams: which modules and files it
/// compiled (`[4/9] Compiling Feed FeedScreen.swift`), when, and, from the Swift driver's remarks
/// (`-driver-show-incremental`, which the focus's builds pass), whether the build was clean or
/// incremental and what made each file recompile.
///
/// The driver's remarks this reader understands (Swift 6.3's driver):
/// - `Read dependency graph '…/Feed.build/primary.priors'`: a module built incrementally;
/// - `Scheduling changed input  {compile: X.swift.o <= X.swift}`: an edited file;
/// - `Traced: interface of type '4Core7ScreensO' -> … -> implementation of source file from
///   Y.swiftdeps in Y.swift`: Y recompiles because of what it uses of the first node's declaration;
/// - `Invalidated externally; will queue  {compile: Y.swift.o <= Y.swift}`: Y recompiles because a
///   module it imports changed. Without a trace for Y, that module (the one edited in this build)
///   is its cause.
public struct BuildOutputReader {
    /// Writes a file of a module as a path relative to the package root (`Feed`, `FeedScreen.swift`
    /// → `Features/Feed/FeedScreen.swift`); the output names files by their base name only.
    public var path: (_ module: String, _ file: String) -> String

    static let remarkPrefix = "remark: Incremental compilation: "

    private(set) var compiled: [(module: String, file: String)] = []
    /// A file's base name → the modules whose output named it (a build names thousands of files).
    private var modulesOfFile: [String: Set<String>] = [:]
    /// Per module: when its first line and its last line came, and when the line before its first did.
    private var spans: [String: (before: Double, last: Double)] = [:]
    private var moduleOrder: [String] = []
    private var lastLineAt = 0.0
    private(set) var remarkCount = 0
    private var understoodRemarks = 0
    private var readPriors = false
    /// The module whose driver spoke last: remarks do not name their module.
    private var driverModule: String?
    private var edited: [(module: String?, file: String)] = []
    /// Recompiled file (its base name) → the declaration the driver traced its recompilation to.
    private var traced: [(file: String, driverModule: String?, cause: String, causeModule: String?)] = []
    /// Files the driver recompiles because a module they import changed, traced or not.
    private var invalidatedExternally: [(file: String, driverModule: String?)] = []

    /// Whether the build asked the driver for its remarks; without them a recompile is `notAsked`,
    /// not a driver whose output this version does not understand.
    public var remarksAsked = true

    public init(path: @escaping (_ module: String, _ file: String) -> String = { _, file in file }) {
        self.path = path
    }

    /// Whether a line is the driver's remark, which the person watching a build does not need.
    public static func isDriverRemark(_ line: String) -> Bool {
        line.hasPrefix(remarkPrefix)
    }

    /// Takes one line of the output, `seconds` after the build started.
    public mutating func read(_ line: String, at seconds: Double) {
        defer { lastLineAt = seconds }
        if line.hasPrefix(Self.remarkPrefix) {
            remarkCount += 1
            readRemark(line.dropFirst(Self.remarkPrefix.count))
            return
        }
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return }
        let words = line[line.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        let module: String
        if words.count >= 3, words[0] == "Compiling" {
            module = String(words[1])
            // A batch job may name several files: `Compiling Feed A.swift, B.swift`.
            for file in words.dropFirst(2) where file.hasSuffix(".swift") || file.hasSuffix(".swift,") {
                let name = String(file.hasSuffix(",") ? file.dropLast() : file)
                compiled.append((module, name))
                modulesOfFile[name, default: []].insert(module)
            }
        } else if words.count == 3, words[0] == "Emitting", words[1] == "module" {
            module = String(words[2])
        } else {
            return
        }
        if let span = spans[module] {
            spans[module] = (span.before, seconds)
        } else {
            spans[module] = (lastLineAt, seconds)
            moduleOrder.append(module)
        }
    }

    /// The remarks of Swift 6.3's driver, known or used; output with none of them is another driver's.
    static let knownRemarks = [
        "Read dependency graph", "Reading dependencies from", "Scheduling", "Queuing", "Traced:", "Skipping input", "May skip",
        "Invalidated externally", "Fingerprint", "New definition", "Integrating", "not scheduling", "Missing an output", "Newer:",
    ]

    private mutating func readRemark(_ remark: Substring) {
        if Self.knownRemarks.contains(where: remark.hasPrefix) { understoodRemarks += 1 }
        if remark.hasPrefix("Read dependency graph '") {
            readPriors = true
            // '…/Feed.build/primary.priors' → Feed
            let folder = remark.split(separator: "/").dropLast().last
            driverModule = folder.map { String($0.hasSuffix(".build") ? $0.dropLast(6) : $0) }
        } else if remark.hasPrefix("Scheduling changed input "), let file = Self.source(inJob: remark) {
            edited.append((driverModule, file))
        } else if remark.hasPrefix("Invalidated externally"), let file = Self.source(inJob: remark) {
            invalidatedExternally.append((file, driverModule))
        } else if remark.hasPrefix("Traced: ") {
            let nodes = remark.dropFirst("Traced: ".count).components(separatedBy: " -> ")
            guard let last = nodes.last, let file = last.split(separator: " ").last.map(String.init), file.hasSuffix(".swift") else {
                return
            }
            // The declaration nearest the recompiled file is what it uses; a node naming a whole
            // module (`source file from Core`) or a file says less, so it counts only when alone.
            let declarations = nodes.dropLast().compactMap(DeclarationName.init(node:))
            let cause = declarations.last(where: { !$0.isWholeFile }) ?? declarations.last
            guard let cause else { return }
            let module = cause.module ?? declarations.first(where: { $0.module != nil })?.module
            traced.append((file, driverModule, cause.name, module))
        }
    }

    /// `{compile: X.swift.o <= X.swift}` → `X.swift`.
    static func source(inJob remark: Substring) -> String? {
        guard let arrow = remark.range(of: "<= ") else { return nil }
        let file = remark[arrow.upperBound...].prefix { $0 != "}" && $0 != " " }
        return file.isEmpty ? nil : String(file)
    }

    // MARK: What was read

    /// The modules compiled, in the order their first job finished, with their files.
    public var modules: [BuildRecord.CompiledModule] {
        let files = Dictionary(grouping: compiled, by: \.module)
        return moduleOrder.map { module in
            let span = spans[module]
            return BuildRecord.CompiledModule(
                name: module, seconds: span.map { max(0, ($0.last - $0.before) * 1000).rounded() / 1000 },
                files: (files[module] ?? []).map { path($0.module, $0.file) })
        }
    }

    /// Clean when files were compiled and no module had an earlier build's dependency graph;
    /// without the driver's remarks, only "up to date" can be told.
    public func kind(succeeded: Bool) -> BuildRecord.Kind {
        if compiled.isEmpty { return succeeded ? .upToDate : .unknown }
        if understoodRemarks == 0 { return .unknown }
        return readPriors ? .incremental : .clean
    }

    /// What made each file recompile, grouped by cause; `driverVersion` is asked only when the
    /// remarks are missing or not understood.
    public func explanation(driverVersion: () -> String?) -> BuildRecord.Explanation {
        if compiled.isEmpty { return .notNeeded }
        guard understoodRemarks > 0 else { return remarksAsked ? .unknownDriverOutput(driverVersion: driverVersion()) : .notAsked }
        // A clean build: everything compiled because nothing had been.
        if !readPriors { return .notNeeded }
        var causes: [String: BuildRecord.RecompileCause] = [:]
        var order: [String] = []
        func add(cause: String, causeModule: String?, module: String, file: String) {
            let key = "\(causeModule ?? "")\u{0}\(cause)"
            if causes[key] == nil {
                causes[key] = .init(cause: cause, causeModule: causeModule, recompiled: [:])
                order.append(key)
            }
            let path = path(module, file)
            if causes[key]?.recompiled[module]?.contains(path) != true { causes[key]?.recompiled[module, default: []].append(path) }
        }
        for edit in edited {
            let module = module(of: edit.file, driver: edit.module)
            add(cause: path(module, edit.file), causeModule: module, module: module, file: edit.file)
        }
        for trace in traced {
            let module = module(of: trace.file, driver: trace.driverModule)
            let causeModule = trace.causeModule ?? edited.first.map { self.module(of: $0.file, driver: $0.module) }
            add(cause: trace.cause, causeModule: causeModule, module: module, file: trace.file)
        }
        // A file recompiled for an imported module's change that no trace explains: the module
        // edited in this build (outside the file's own) is what changed, as a whole.
        let traces = Set(traced.map { "\(module(of: $0.file, driver: $0.driverModule))/\($0.file)" })
        for invalidated in invalidatedExternally {
            let module = module(of: invalidated.file, driver: invalidated.driverModule)
            guard !traces.contains("\(module)/\(invalidated.file)") else { continue }
            let changed = edited.map { self.module(of: $0.file, driver: $0.module) }.first { $0 != module }
            add(cause: changed ?? "a module it imports", causeModule: changed, module: module, file: invalidated.file)
        }
        return .explained(order.compactMap { causes[$0] })
    }

    /// The module that compiled a file: the only one whose output named it, else the driver's.
    func module(of file: String, driver: String?) -> String {
        let modules = modulesOfFile[file] ?? []
        if modules.count == 1, let only = modules.first { return only }
        if let driver, modules.isEmpty || modules.contains(driver) { return driver }
        return modules.sorted().first ?? driver ?? "?"
    }
}
