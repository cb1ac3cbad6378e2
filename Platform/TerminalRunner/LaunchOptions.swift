import Core

/// An option a program accepts, as `--name VALUE` or `--name=VALUE`, or a bare flag.
public struct OptionSpec: Sendable {
    public var name: String
    /// Nil for flags such as `--help`.
    public var valueName: String?
    public var help: String

    public init(_ name: String, value valueName: String? = nil, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }
}

/// What a program is, for `--help`, `--version` and usage errors.
public struct ProgramInfo: Sendable {
    public var name: String
    public var summary: String
    public var version: String
    /// Options beyond the ones every runner shares (`commonOptions`).
    public var options: [OptionSpec]
    /// Extra paragraphs for `--help` (scenarios, environment variables…).
    public var notes: [String]

    public init(name: String, summary: String, version: String = CookbookVersion.current, options: [OptionSpec] = [], notes: [String] = [])
    {
        self.name = name
        self.summary = summary
        self.version = version
        self.options = options
        self.notes = notes
    }

    public static let commonOptions = [
        OptionSpec("--script", value: "FILE", help: "run the commands in FILE, then exit (default when input is not a terminal)"),
        OptionSpec(
            "--width", value: "COLUMNS",
            help: "script mode: print screens wrapped to COLUMNS (20–1000); unwrapped by default, the same in any window"),
        OptionSpec("--open", value: "LINK", help: "start on the screen LINK names, e.g. cookbook://recipes/42 (forms below)"),
        OptionSpec("--report-screen", value: "FILE", help: "keep FILE holding the link of the screen on show (for workspace watch)"),
        OptionSpec("--help", help: "show this help"),
        OptionSpec("--version", help: "show the version"),
    ]

    public var allOptions: [OptionSpec] { options + Self.commonOptions }

    public var usage: String {
        let forms = allOptions.map { spec in spec.valueName.map { "\(spec.name) \($0)" } ?? spec.name }
        let width = forms.map(\.count).max() ?? 0
        let lines = zip(forms, allOptions).map { form, spec in
            "  \(form.padded(toWidth: width))  \(spec.help)"
        }
        return
            (["\(name): \(summary)", "", "Usage: \(name) [options]", "", "Options:"] + lines
            + notes.flatMap { ["", $0] }
            + ["", "Links (--open LINK; a parameter a link does not take is refused):"] + DeepLinks.help.map { "  \($0)" }
            + ["", Self.modes, "", Self.exitStatuses])
            .joined(separator: "\n") + "\n"
    }

    static let modes = """
        At a terminal the program runs full screen (press ? for the keys); with --script FILE
        or piped input it runs the commands of the script language (the `help` command lists them).
        """

    static let exitStatuses = """
        Exit status: 0 done, 1 a script command failed, 2 bad command line, 3 could not start,
        4 changes made in the run were not saved, 5 the output could not be written,
        129 the terminal hung up, 130 interrupted (Ctrl-C, SIGINT), 143 terminated (SIGTERM);
        on a signal, a change being saved is finished or rolled back and what was not saved is said.
        """
}

public enum CookbookVersion {
    public static let current = "0.1.0"
}

/// Parsed command-line options.
public struct LaunchOptions: Equatable, Sendable {
    public private(set) var values: [String: String] = [:]
    public private(set) var flags: Set<String> = []

    public func value(_ name: String) -> String? { values[name] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Parses `arguments` (without the program name) against what `program` accepts.
    public static func parse(_ arguments: [String], for program: ProgramInfo) throws(UsageError) -> LaunchOptions {
        var options = LaunchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0] == "-h" ? "--help" : parts[0]
            guard let spec = program.allOptions.first(where: { $0.name == name }) else {
                throw UsageError("unknown option “\(argument)”")
            }
            if let valueName = spec.valueName {
                let value = parts.count == 2 ? parts[1] : remaining.popFirst()
                guard let value, !value.isEmpty, parts.count == 2 || !value.hasPrefix("--") else {
                    throw UsageError("\(name) needs a value: \(name) \(valueName)")
                }
                options.values[name] = value
            } else {
                guard parts.count == 1 else { throw UsageError("\(name) takes no value") }
                options.flags.insert(name)
            }
        }
        return options
    }
}

/// A command line that cannot be run: exit status 2, with the usage.
public struct UsageError: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The program cannot start (its data cannot be opened, say): exit status 3.
public struct StartupError: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
