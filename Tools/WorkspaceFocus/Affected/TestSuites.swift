import WorkspaceBase

/// What each suite of a test target reads beyond the modules its target depends on: the
/// executables it starts, found from the names it writes in string literals
/// (`ProductProcess(name: "FeedSandbox")`), and the repository files it declares it reads
/// (`RepositoryFiles(reading: "README.md", "docs/")`, a helper each test target that reads the
/// repository holds; `workspace check`'s rule repository-reads keeps every read going through it).
///
/// A suite is a top-level type holding tests. What a file holds outside its suites (a file-level
/// constant, a helper type) counts for each suite of the file; what a file without suites holds
/// (a shared helper) counts for every suite of the target: where it cannot tell, more runs.
extension AffectedAnalysis {
    public struct Suite: Sendable, Equatable {
        public var name: String
        /// Executables the suite starts.
        public var executables: Set<String>
        /// Package-relative files and folders the suite reads (`README.md`, `docs/gallery`);
        /// `.` is the whole repository.
        public var reads: [String]

        public init(_ name: String, executables: Set<String> = [], reads: [String] = []) {
            self.name = name
            self.executables = executables
            self.reads = reads
        }

        /// Whether the suite reads `file`: it declares the file, a folder holding it, or `.`.
        public func reads(_ file: String) -> Bool {
            reads.contains { declared in
                let folder = declared.hasSuffix("/") ? String(declared.dropLast()) : declared
                return folder == "." || file == folder || file.hasPrefix(folder + "/")
            }
        }
    }

    /// The helper through which tests read the repository, and its declaring initializer's label.
    package static let readsHelper = "RepositoryFiles"

    /// Words in code that start a process.
    static let startWords = ["Process()", "executableURL"]

    /// The suites of a test target, sorted by name; empty for a target whose suites start no
    /// executable and read nothing of the repository.
    public static func suites(of testTarget: String, manifest: Manifest, files: any FileSystem) -> [Suite] {
        guard let target = manifest.target(named: testTarget) else { return [] }
        let suites = scan(target, executables: executables(of: manifest), files: files).suites
        return suites.contains { !$0.executables.isEmpty || !$0.reads.isEmpty } ? suites : []
    }

    /// A test target's suites, and what its files without suites (shared helpers) name.
    /// The names of the manifest's executables.
    static func executables(of manifest: Manifest) -> Set<String> {
        Set(manifest.targets.filter { $0.kind == .executable }.map(\.name))
    }

    /// `executables`: the names of the manifest's executables.
    static func scan(_ target: Target, executables: Set<String>, files: any FileSystem) -> (suites: [Suite], shared: Suite) {
        let endToEnd = Conventions.endToEndTestTargets.contains(target.name)
        let texts = files.swiftFiles(under: target.path).compactMap { try? files.read($0) }
        // Parsed (to leave comments and strings out) only where the words occur at all: a
        // thousand feature test targets read nothing of the repository and start nothing.
        guard endToEnd || texts.contains(where: { text in text.containsText(readsHelper) || startWords.contains(where: text.containsText) })
        else { return ([], Suite("")) }
        let scanned = texts.map { ScannedFile(SwiftSource($0), executables: executables, endToEnd: endToEnd) }
        // In an end-to-end target every named executable is started; elsewhere only in a file
        // that starts processes, or anywhere when a helper without suites starts them.
        let startsAnywhere = endToEnd || scanned.contains { $0.suites.isEmpty && $0.startsProcesses }
        let shared = scanned.filter(\.suites.isEmpty).reduce(into: Suite("")) { shared, file in
            shared.reads += file.outside.reads
            if startsAnywhere || file.startsProcesses { shared.executables.formUnion(file.outside.executables) }
        }
        var suites: [Suite] = []
        for file in scanned {
            let counts = startsAnywhere || file.startsProcesses
            for var suite in file.suites {
                suite.executables = counts ? suite.executables.union(file.outside.executables).union(shared.executables) : []
                suite.reads = Array(Set(suite.reads + file.outside.reads + shared.reads)).sorted()
                // A suite of an end-to-end target that starts a process but names no program
                // might start any of them.
                if endToEnd, suite.executables.isEmpty, file.suiteStarts.contains(suite.name) { suite.executables = executables }
                suites.append(suite)
            }
        }
        return (suites.sorted { $0.name < $1.name }, shared)
    }

    /// One source file: its suites with what each names in its body, and what the file names
    /// outside them.
    struct ScannedFile {
        var suites: [Suite] = []
        var outside = Suite("")
        var startsProcesses: Bool
        /// The suites whose own body starts a process (`ProductProcess(`, `Process()`).
        var suiteStarts: Set<String> = []

        init(_ source: SwiftSource, executables: Set<String>, endToEnd: Bool) {
            let code = source.code
            startsProcesses = AffectedAnalysis.startWords.contains(where: code.contains)
            let declarations = source.typeDeclarations
            let topLevel = declarations.filter { inner in
                inner.kind != "extension" && inner.kind != "protocol"
                    && !declarations.contains { $0.open < inner.open && inner.close < $0.close }
            }
            let starts = AffectedAnalysis.startWords + (endToEnd ? ["Process(", "TerminalSession("] : [])
            var covered: [Range<Int>] = []
            for declaration in topLevel {
                let range = declaration.open..<(declaration.close + 1)
                let body = SwiftSource.slice(code, range)
                // Suites hold tests; helper types (ProductProcess) run nothing by themselves.
                guard body.contains("@Test") || declaration.inherits("XCTestCase") else { continue }
                covered.append(range)
                let text = SwiftSource.slice(source.text, range)
                suites.append(
                    Suite(
                        declaration.name, executables: AffectedAnalysis.quotedNames(in: text).intersection(executables),
                        reads: AffectedAnalysis.declaredReads(in: source, within: range).flatMap { $0.paths ?? ["."] }))
                if starts.contains(where: body.contains) { suiteStarts.insert(declaration.name) }
            }
            // Everything outside the suites: file-level declarations and helper types.
            let bytes = Array(source.text.utf8)
            var outsideText: [UInt8] = []
            var index = 0
            for range in covered {
                outsideText += bytes[index..<range.lowerBound]
                index = range.upperBound
            }
            outsideText += bytes[min(index, bytes.count)...]
            outside.executables = AffectedAnalysis.quotedNames(in: String(decoding: outsideText, as: UTF8.self)).intersection(executables)
            outside.reads = AffectedAnalysis.declaredReads(in: source, within: 0..<bytes.count)
                .filter { read in !covered.contains { $0.contains(read.offset) } }
                .flatMap { $0.paths ?? ["."] }
        }
    }

    /// One `RepositoryFiles(reading: …)` in code: where it is, and the paths it declares (nil
    /// when an argument is not a plain string literal, so what it reads cannot be told).
    package struct DeclaredRead: Equatable {
        package var offset: Int
        package var paths: [String]?
    }

    /// Every declaration of repository reads in `range` of `source`.
    package static func declaredReads(in source: SwiftSource, within range: Range<Int>) -> [DeclaredRead] {
        let code = source.codeBytes
        let text = Array(source.text.utf8)
        return source.offsets(ofWord: readsHelper).filter(range.contains).compactMap { offset in
            var open = offset + readsHelper.utf8.count
            // `RepositoryFiles.init(reading:)` declares as `RepositoryFiles(reading:)` does.
            if code[open...].starts(with: Array(".init".utf8)) { open += 5 }
            guard open < code.count, code[open] == UInt8(ascii: "("), let close = source.matchingClose(ofOpenAt: open) else { return nil }
            var arguments = String(decoding: code[(open + 1)..<close], as: UTF8.self)
            guard let label = arguments.range(of: "reading:") else { return DeclaredRead(offset: offset, paths: nil) }
            arguments.removeSubrange(label)
            // What is left must be string literals (their contents blanked in code) and commas.
            let quotes = (open + 1..<close).filter { code[$0] == UInt8(ascii: "\"") }
            let plain = arguments.allSatisfy { $0 == "\"" || $0 == "," || $0.isWhitespace }
            guard plain, quotes.count % 2 == 0 else { return DeclaredRead(offset: offset, paths: nil) }
            var paths: [String] = []
            for pair in stride(from: 0, to: quotes.count, by: 2) {
                let literal = String(decoding: text[(quotes[pair] + 1)..<quotes[pair + 1]], as: UTF8.self)
                guard !literal.isEmpty, !literal.contains("\\"), !literal.contains("\"") else {
                    return DeclaredRead(offset: offset, paths: nil)
                }
                paths.append(literal)
            }
            return DeclaredRead(offset: offset, paths: paths.isEmpty ? nil : paths)
        }
    }
}
