import Foundation
import Testing

/// Nothing here builds for macOS, so two promises are checked on the sources instead:
/// Linux-only code (Glibc, FoundationNetworking, inotify, /proc/self, dlopen of a `.so`) is
/// behind a condition that is false on macOS, and docs/macos.md
/// lists every file with a platform branch, saying what it does on macOS.
@Suite("platform branches")
struct PlatformBranchesTests {
    static let repository = RepositoryFiles(
        reading: "Package.swift", "Core", "Platform", "Features", "App", "Sandboxes", "Tools", "Tests", "docs/macos.md")

    /// Every Swift file of the package's targets and the manifest, package-relative.
    static func sources() -> [String] {
        var paths = ["Package.swift"]
        for folder in ["Core", "Platform", "Features", "App", "Sandboxes", "Tools", "Tests"] {
            guard let url = try? repository.url(folder), let enumerator = FileManager.default.enumerator(atPath: url.path) else { continue }
            while let relative = enumerator.nextObject() as? String {
                if relative.hasSuffix(".swift") { paths.append(folder + "/" + relative) }
            }
        }
        return paths.sorted()
    }

    static func text(_ path: String) throws -> String {
        try repository.text(path)
    }

    /// One branch of an `#if`: its condition (none for `#else`) and the conditions of the
    /// branches before it, all of which are false where this one is compiled.
    struct Branch: Equatable {
        var condition: String?
        var earlier: [String]

        func mentions(_ condition: String) -> Bool { self.condition == condition || earlier.contains(condition) }
    }

    /// A line of code and the branches it is in, innermost last.
    struct Line {
        var number: Int
        var text: String
        var branches: [Branch]
    }

    /// The lines of `text` that are code, trimmed and without `//` comments: the contents of
    /// multi-line string literals are left out (tests quote sources as fixtures).
    static func codeLines(of text: String) -> [(number: Int, text: String)] {
        var inString = false
        var result: [(number: Int, text: String)] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let delimiters = raw.components(separatedBy: "\"\"\"").count - 1
            defer { if delimiters % 2 == 1 { inString.toggle() } }
            if inString { continue }
            let code = raw.hasPrefix("//") ? "" : raw.components(separatedBy: " //").first ?? raw
            result.append((index + 1, code.trimmingCharacters(in: .whitespaces)))
        }
        return result
    }

    /// The condition of an `#if` or `#elseif` line, nil for any other line.
    static func condition(of line: String) -> String? {
        for keyword in ["#if ", "#elseif "] where line.hasPrefix(keyword) {
            return line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// Each code line that is not a compiler directive, with the branches around it.
    static func lines(of text: String) -> [Line] {
        var stack: [Branch] = []  // the branch taken so far in each open #if
        var result: [Line] = []
        for line in codeLines(of: text) {
            if line.text.hasPrefix("#if ") {
                stack.append(Branch(condition: condition(of: line.text), earlier: []))
            } else if let open = stack.last, line.text.hasPrefix("#elseif ") || line.text == "#else" {
                stack[stack.count - 1] = Branch(
                    condition: condition(of: line.text), earlier: open.earlier + [open.condition].compactMap { $0 })
            } else if line.text == "#endif", !stack.isEmpty {
                stack.removeLast()
            } else if !line.text.isEmpty {
                result.append(Line(number: line.number, text: line.text, branches: stack))
            }
        }
        return result
    }

    /// Whether one of the branches cannot be compiled on macOS: its condition requires a
    /// Linux-only module or Linux itself, or an earlier branch holds on macOS. Anything
    /// subtler (an `||`, a negation) counts as compiled on macOS, to be safe.
    static func excludesMacOS(_ branches: [Branch]) -> Bool {
        branches.contains { branch in
            branch.condition.map(requiresLinux) == true || branch.earlier.contains { ["canImport(Darwin)", "os(macOS)"].contains($0) }
        }
    }

    /// Whether a condition holds only where a Linux-only module, or Linux itself, is.
    static func requiresLinux(_ condition: String) -> Bool {
        let linux = ["canImport(Glibc)", "canImport(Musl)", "canImport(FoundationNetworking)", "os(Linux)"]
        return !condition.contains("||")
            && condition.components(separatedBy: "&&").contains { linux.contains($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// What only Linux has.
    static let linuxOnly = ["import Glibc", "import FoundationNetworking", "Glibc.", "inotify_", "IN_CLOSE_WRITE", "/proc/self", ".so\""]

    /// Whether `pattern` occurs in `line` as code, not inside a string (escaped quotes are not
    /// string ends); `.so"` ends a string by itself, so only what precedes that string counts.
    static func isCode(_ pattern: String, in line: String) -> Bool {
        var searched = line.startIndex
        while let range = line.range(of: pattern, range: searched..<line.endIndex) {
            var before = line[..<range.lowerBound]
            if pattern.hasSuffix("\""), let opening = before.lastIndex(of: "\"") { before = before[..<opening] }
            if before.replacingOccurrences(of: "\\\"", with: "").filter({ $0 == "\"" }).count % 2 == 0 { return true }
            searched = range.upperBound
        }
        return false
    }

    /// The lines of Linux-only code in `text` that macOS would compile.
    static func unguardedLinuxOnly(in text: String) -> [Line] {
        lines(of: text).filter { line in
            linuxOnly.contains { isCode($0, in: line.text) } && !excludesMacOS(line.branches)
        }
    }

    static let essentials = "canImport(FoundationEssentials)"

    /// Whether `text` has an `#if os(…)` or `#if canImport(…)` branch other than the import
    /// idiom `#if canImport(FoundationEssentials)`, whose branches hold imports only.
    static func hasPlatformBranch(_ text: String) -> Bool {
        let conditions = codeLines(of: text).compactMap { condition(of: $0.text) }
        let platform = conditions.filter { $0.contains("os(") || $0.contains("canImport(") }
        return platform.contains { $0 != essentials }
            || lines(of: text).contains { line in
                line.branches.contains { $0.mentions(essentials) } && !line.text.hasPrefix("import ") && !line.text.contains(" import ")
            }
    }

    /// The files among `files` (path and text) with a platform branch that `document` does
    /// not name as `path` in backticks.
    static func undocumented(_ files: [(path: String, text: String)], in document: String) -> [String] {
        files.filter { hasPlatformBranch($0.text) && !document.contains("`\($0.path)`") }.map(\.path)
    }

    @Test("Linux-only code is behind a condition that is false on macOS")
    func linuxOnlyIsGuarded() throws {
        let sources = Self.sources()
        #expect(sources.contains("Platform/WebAPI/NetworkingLibrary.swift"), "the scan found the sources")
        var unguarded: [String] = []
        for path in sources {
            unguarded += Self.unguardedLinuxOnly(in: try Self.text(path)).map { "\(path):\($0.number): \($0.text)" }
        }
        #expect(unguarded.isEmpty, "Linux-only code that macOS would compile:\n\(unguarded.joined(separator: "\n"))")
    }

    @Test("docs/macos.md lists every file with an #if os or canImport branch, and describes the FoundationEssentials idiom")
    func branchesAreDocumented() throws {
        let document = try Self.text("docs/macos.md")
        let files = try Self.sources().map { (path: $0, text: try Self.text($0)) }
        #expect(files.filter { Self.hasPlatformBranch($0.text) }.count > 10, "the scan found the files")
        let missing = Self.undocumented(files, in: document)
        #expect(missing.isEmpty, "add these to docs/macos.md:\n\(missing.joined(separator: "\n"))")
        let describesIdiom = document.contains(Self.essentials)
        #expect(describesIdiom, "docs/macos.md describes the #if \(Self.essentials) import idiom")
    }

    @Test("the scan sees #else as the other side of its #if, and leaves strings and comments out")
    func scanner() {
        let lines = Self.lines(
            of: """
                #if canImport(Darwin)
                    import Darwin
                #else
                    import Glibc  // the other side
                #endif
                #if canImport(Glibc)
                    Glibc.write(1, nil, 0)
                #elseif canImport(Darwin)
                    Darwin.write(1, nil, 0)
                #endif
                #if !os(Linux) || DEBUG
                    let notLinux = 1
                #endif
                let fixture = \"\"\"
                    #if os(Linux)
                    \"\"\"
                import FoundationNetworking
                """)
        #expect(
            lines.map(\.text) == [
                "import Darwin", "import Glibc", "Glibc.write(1, nil, 0)", "Darwin.write(1, nil, 0)", "let notLinux = 1",
                "let fixture = \"\"\"", "import FoundationNetworking",
            ])
        #expect(lines[1].branches == [Branch(condition: nil, earlier: ["canImport(Darwin)"])])
        #expect(Self.excludesMacOS(lines[1].branches), "import Glibc in the #else of canImport(Darwin)")
        #expect(!Self.excludesMacOS(lines[0].branches))
        #expect(Self.excludesMacOS(lines[2].branches))
        #expect(!Self.excludesMacOS(lines[3].branches))
        #expect(!Self.excludesMacOS(lines[4].branches), "an || can hold on macOS")
        #expect(!Self.excludesMacOS(lines[6].branches), "no condition at all")
    }

    @Test("a planted violation is found: Linux-only code outside its guard")
    func plantedUnguardedCode() {
        let found = Self.unguardedLinuxOnly(
            in: """
                #if canImport(Glibc)
                    import Glibc
                #endif
                #if canImport(Darwin)
                    let path = "libcurl.dylib"
                #else
                    let path = "libcurl.so"
                #endif
                let me = "/proc/self/exe"  // only in a string
                let quoted = "say \\"hi\\" to import FoundationNetworking"
                let glibc = "Glibc."; _ = Glibc.errno
                // import FoundationNetworking, in a comment
                let handle = dlopen("libURLSessionHTTP.so", RTLD_NOW)
                _ = inotify_init1(0)
                """)
        #expect(found.map(\.number) == [11, 13, 14], "Glibc. in code after Glibc. in a string")
    }

    @Test("a planted violation is found: a branched file the document does not name")
    func plantedUndocumentedFile() {
        let idiom = "#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\n"
        let files = [
            (path: "Core/Listed.swift", text: "#if os(macOS)\n    let a = 1\n#endif\n"),
            (path: "Core/Unlisted.swift", text: "#if canImport(Darwin)\n    import Darwin\n#endif\n"),
            (path: "Core/IdiomOnly.swift", text: idiom + "let b = 2\n"),
            (path: "Core/IdiomWithCode.swift", text: idiom.replacingOccurrences(of: "#else", with: "    let c = 3\n#else")),
            (path: "Core/IdiomAndOS.swift", text: idiom + "#if os(Linux)\n    let d = 4\n#endif\n"),
            (path: "Core/Plain.swift", text: "let e = 5\n"),
        ]
        #expect(
            Self.undocumented(files, in: "`Core/Listed.swift` compiles `a` on macOS") == [
                "Core/Unlisted.swift", "Core/IdiomWithCode.swift", "Core/IdiomAndOS.swift",
            ])
    }
}
