/// One option of a subcommand, declared once: the parser reads whether it takes a value, the
/// synopsis and the usage show it (the usage with its help), and the subcommand reads what was
/// given through it (`arguments.value(Self.filter)`).
struct CommandLineOption: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case flag
        /// Takes a value, written as the placeholder in the usage: `--html FILE`.
        case value(placeholder: String)
        /// Takes a value and may be given more than once: `--store PATH…`.
        case repeatable(placeholder: String)
    }

    var name: String
    var kind: Kind
    /// What it does, for the usage's list of options: lines of at most 66 characters.
    var help: String
    /// Shown without brackets in the synopsis: the subcommand refuses a command line without it.
    var isRequired = false

    static func flag(_ name: String, help: String) -> Self {
        Self(name: name, kind: .flag, help: help)
    }

    static func value(_ name: String, _ placeholder: String, help: String, required: Bool = false) -> Self {
        Self(name: name, kind: .value(placeholder: placeholder), help: help, isRequired: required)
    }

    static func repeatable(_ name: String, _ placeholder: String, help: String) -> Self {
        Self(name: name, kind: .repeatable(placeholder: placeholder), help: help)
    }

    var takesValue: Bool { kind != .flag }

    /// As the usage writes it: `--json`, `--html FILE`, `--store PATH…`.
    var form: String {
        switch kind {
        case .flag: name
        case .value(let placeholder): "\(name) \(placeholder)"
        case .repeatable(let placeholder): "\(name) \(placeholder)…"
        }
    }

    /// Which package, and where SwiftPM builds: every subcommand takes these.
    static let packagePath = value("--package-path", "DIR", help: "the package")
    static let scratchPath = value("--scratch-path", "DIR", help: "the build folder")
}
