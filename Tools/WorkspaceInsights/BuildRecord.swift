import Foundation

/// One build or test run the workspace measured: what ran, how long it took, what it compiled and,
/// for an incremental build, why. The insights store keeps these (`.build/insights`), the report
/// reads them; both sides share only this shape.
public struct BuildRecord: Codable, Sendable, Equatable {
    /// The developer loop a build belongs to; the report compares a loop with its own past.
    public enum Loop: String, Codable, Sendable, CaseIterable {
        /// A feature's sandbox built and started (`run FEATURE`, `watch`).
        case sandbox
        /// One module's tests (`test MODULE`).
        case moduleTests = "module-tests"
        /// The whole app (`run cookbook`).
        case app
        /// The screen gallery (`gallery`, `gallery --check`).
        case gallery
        /// A new feature's check (`new-feature`).
        case newFeature = "new-feature"
        /// Any other command (`insights record -- COMMAND…`).
        case other
    }

    /// Whether the build started from nothing, reused earlier work, or had nothing to do.
    public enum Kind: String, Codable, Sendable {
        case clean
        case incremental
        case upToDate = "up-to-date"
        case unknown
    }

    /// A module the build compiled, with the files it compiled (not every file of the module).
    public struct CompiledModule: Codable, Sendable, Equatable {
        public var name: String
        /// Wall time of the module's compile job(s), when the build's output says it.
        public var seconds: Double?
        /// Paths relative to the package root.
        public var files: [String]

        public init(name: String, seconds: Double?, files: [String]) {
            self.name = name
            self.seconds = seconds
            self.files = files
        }
    }

    /// An edit and what it made recompile: "adding a member to `Screens` recompiled 10 files in
    /// 5 features". `cause` is a declaration when the driver names one, otherwise the edited file.
    public struct RecompileCause: Codable, Sendable, Equatable {
        public var cause: String
        public var causeModule: String?
        /// Recompiled files grouped by module: module name → paths relative to the package root.
        public var recompiled: [String: [String]]

        public init(cause: String, causeModule: String?, recompiled: [String: [String]]) {
            self.cause = cause
            self.causeModule = causeModule
            self.recompiled = recompiled
        }
    }

    /// Whether the causes could be read from the compiler driver's output, and if not, why.
    public enum Explanation: Codable, Sendable, Equatable {
        case explained([RecompileCause])
        /// Nothing was recompiled, or the build was clean: there is nothing to explain.
        case notNeeded
        /// The driver's output did not have the shape this version understands.
        case unknownDriverOutput(driverVersion: String?)
        /// The build did not ask the driver why (the app's closure in a large workspace:
        /// `Focus.driverRemarks(for:)`); what compiled is recorded, not why.
        case notAsked
    }

    public var startedAt: Date
    /// The workspace subcommand (`run`, `test`, `watch`, `gallery`, `new-feature`) or `record`.
    public var command: String
    public var loop: Loop
    /// The product or test target built (`FeedSandbox`, `FeedTests`, `cookbook`), if one.
    public var target: String?
    public var arguments: [String]
    public var wallSeconds: Double
    public var exitStatus: Int32
    public var kind: Kind
    /// Feature modules in Package.swift when the build ran.
    public var featureCount: Int
    /// `git rev-parse HEAD`, nil outside a repository.
    public var commit: String?
    /// Whether the working tree had uncommitted changes.
    public var dirty: Bool
    public var cores: Int
    public var modules: [CompiledModule]
    public var explanation: Explanation

    public var succeeded: Bool { exitStatus == 0 }

    public init(
        startedAt: Date, command: String, loop: Loop, target: String?, arguments: [String], wallSeconds: Double,
        exitStatus: Int32, kind: Kind, featureCount: Int, commit: String?, dirty: Bool, cores: Int,
        modules: [CompiledModule], explanation: Explanation
    ) {
        self.startedAt = startedAt
        self.command = command
        self.loop = loop
        self.target = target
        self.arguments = arguments
        self.wallSeconds = wallSeconds
        self.exitStatus = exitStatus
        self.kind = kind
        self.featureCount = featureCount
        self.commit = commit
        self.dirty = dirty
        self.cores = cores
        self.modules = modules
        self.explanation = explanation
    }
}
