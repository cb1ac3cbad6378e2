/// One target of the manifest. Its fields are kept in one immutable box, so a copy of a target is
/// one reference to count rather than a dozen: the rules and the spec walk thousands of targets,
/// some of them once for every target.
public struct Target: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case regular, executable, test, system, plugin, macro, binary
    }

    public var name: String {
        get { box.fields.name }
        set { self[field: \.name] = newValue }
    }
    public var kind: Kind {
        get { box.fields.kind }
        set { self[field: \.kind] = newValue }
    }
    /// The folder, relative to the package root.
    public var path: String {
        get { box.fields.path }
        set { self[field: \.path] = newValue }
    }
    /// Targets and products this one depends on, in manifest order.
    public var dependencies: [Dependency] {
        get { box.fields.dependencies }
        set { self[field: \.dependencies] = newValue }
    }
    /// The system library's pkg-config name (`sqlite3`).
    public var pkgConfig: String? {
        get { box.fields.pkgConfig }
        set { self[field: \.pkgConfig] = newValue }
    }
    public var swiftSettings: [SwiftSetting] {
        get { box.fields.swiftSettings }
        set { self[field: \.swiftSettings] = newValue }
    }
    /// Resources, relative to the target's folder: `Resources/recipes.json` with rule `copy`.
    public var resources: [Resource] {
        get { box.fields.resources }
        set { self[field: \.resources] = newValue }
    }
    /// `exclude:` and `sources:` of the target, relative to its folder (nil: every source).
    public var exclude: [String] {
        get { box.fields.exclude }
        set { self[field: \.exclude] = newValue }
    }
    public var sources: [String]? {
        get { box.fields.sources }
        set { self[field: \.sources] = newValue }
    }
    /// A system library's install hints: `apt` → `["libsqlite3-dev"]`.
    public var providers: [Provider] {
        get { box.fields.providers }
        set { self[field: \.providers] = newValue }
    }
    /// What the manifest declares for the target that this reading does not model (a C setting,
    /// a condition on a setting or a dependency), in words: a copy of the target made from this
    /// reading would differ from the original.
    public var unmodelled: [String] {
        get { box.fields.unmodelled }
        set { self[field: \.unmodelled] = newValue }
    }

    public struct Resource: Sendable, Equatable, Codable {
        /// `copy`, `process` or `embedInCode`.
        public var rule: String
        public var path: String

        public init(rule: String, path: String) {
            self.rule = rule
            self.path = path
        }
    }

    public struct Provider: Sendable, Equatable, Codable {
        /// `apt`, `brew` or `yum`.
        public var manager: String
        public var packages: [String]

        public init(manager: String, packages: [String]) {
            self.manager = manager
            self.packages = packages
        }
    }

    public init(
        name: String, kind: Kind, path: String? = nil, dependencies: [Dependency] = [], pkgConfig: String? = nil,
        swiftSettings: [SwiftSetting] = [], resources: [Resource] = [], exclude: [String] = [], sources: [String]? = nil,
        providers: [Provider] = [], unmodelled: [String] = []
    ) {
        box = Box(
            Fields(
                name: name, kind: kind, path: path ?? (kind == .test ? "Tests/\(name)" : "Sources/\(name)"), dependencies: dependencies,
                pkgConfig: pkgConfig, swiftSettings: swiftSettings, resources: resources, exclude: exclude, sources: sources,
                providers: providers, unmodelled: unmodelled))
    }

    /// The names of the targets of this package it depends on (products of other packages left out).
    public var targetDependencies: [String] {
        dependencies.filter { !$0.isProduct }.map(\.name)
    }

    // MARK: The box

    /// What a target is, as the manifest's reading (and its cache) spells it.
    struct Fields: Sendable, Equatable, Codable {
        var name: String
        var kind: Kind
        var path: String
        var dependencies: [Dependency]
        var pkgConfig: String?
        var swiftSettings: [SwiftSetting]
        var resources: [Resource]
        var exclude: [String]
        var sources: [String]?
        var providers: [Provider]
        var unmodelled: [String]
    }

    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var box: Box

    /// One of the fields; setting it boxes a changed copy, so no other copy of the target changes.
    private subscript<Value>(field field: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: field] }
        set {
            var fields = box.fields
            fields[keyPath: field] = newValue
            box = Box(fields)
        }
    }

    public init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }

    public static func == (lhs: Target, rhs: Target) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }
}
