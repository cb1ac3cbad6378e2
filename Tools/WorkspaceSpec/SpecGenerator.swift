import WorkspaceBase
import WorkspaceFocus

/// Writes `project-spec.yml` for XcodeGen from the manifest. The output depends on nothing
/// but the manifest (targets in manifest order), so the same manifest always gives the same
/// bytes and `spec --check` can compare them.
///
/// Targets whose folder and dependencies follow a `Package.swift` template get the matching
/// XcodeGen template (`CoreModule`, `PlatformModule`, `FeatureModule`, `EntriesPart`, `Sandbox`, `UnitTests`) and list only what
/// they add to it; any other target is written out in full.
///
/// XcodeGen has no system-library target. A system library (CSQLite: pkg-config `sqlite3`) is
/// linked as the SDK's library (`sdk: libsqlite3.tbd`) by the targets that depend on it, and its
/// folder goes on `SWIFT_INCLUDE_PATHS` so that Swift finds its module map.
public struct SpecGenerator: Sendable {
    public let manifest: Manifest

    public init(manifest: Manifest) {
        self.manifest = manifest
        systemLibraries = manifest.targets.filter { $0.kind == .system }
        systemsByName = Dictionary(systemLibraries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The system libraries, found once: every target's dependencies are looked up in them.
    let systemLibraries: [Target]
    let systemsByName: [String: Target]

    /// The template a target is written with, if any.
    public enum Template: String, CaseIterable, Sendable {
        case coreModule = "CoreModule"
        case platformModule = "PlatformModule"
        case featureModule = "FeatureModule"
        case entriesPart = "EntriesPart"
        case sandbox = "Sandbox"
        case unitTests = "UnitTests"
    }

    /// How a target is written: its template, its template attributes and what it adds.
    struct Layout {
        var template: Template?
        var attributes: [(String, String)] = []
        /// Dependencies besides the template's.
        var extraDependencies: [String]
    }

    // MARK: Templates

    func layout(of target: Target) -> Layout {
        let dependencies = target.targetDependencies + target.dependencies.filter(\.isProduct).map(\.name)
        switch target.kind {
        case .regular where target.path == "Core/\(target.name)":
            return Layout(template: .coreModule, extraDependencies: dependencies)
        case .regular where target.path == "Platform/\(target.name)":
            return Layout(template: .platformModule, extraDependencies: dependencies)
        case .regular where target.path == "Features/\(target.name)" && dependencies.contains(Conventions.core):
            return Layout(template: .featureModule, extraDependencies: dependencies.filter { $0 != Conventions.core })
        case .regular where target.path == "\(Conventions.entriesFolder)/\(target.name)" && target.name.hasPrefix("EntriesPart"):
            return Layout(template: .entriesPart, extraDependencies: dependencies)
        case .executable where target.path == "Sandboxes/\(target.name)" && target.name.hasSuffix("Sandbox"):
            let feature = String(target.name.dropLast("Sandbox".count))
            let required = [Conventions.core, Conventions.coreTesting, Conventions.sandboxSupport, feature]
            guard required.allSatisfy(dependencies.contains) else { break }
            return Layout(
                template: .sandbox, attributes: [("feature", feature)], extraDependencies: dependencies.filter { !required.contains($0) })
        case .test where target.path == "Tests/\(target.name)" && target.name.hasSuffix("Tests"):
            let module = String(target.name.dropLast("Tests".count))
            guard dependencies.contains(module) else { break }
            return Layout(template: .unitTests, attributes: [("module", module)], extraDependencies: dependencies.filter { $0 != module })
        default:
            break
        }
        return Layout(template: nil, extraDependencies: dependencies)
    }

    var platform: String {
        let names = ["macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"]
        guard let first = manifest.platforms.first else { return "macOS" }
        return names[first.name.lowercased()] ?? first.name
    }

    var bundleIDPrefix: String { "dev.\(manifest.name.lowercased())" }

    func templateLines(_ template: Template) -> [String] {
        switch template {
        case .coreModule:
            return [
                "  # What features import, and the stub environment of tests and sandboxes: modules under Core/.",
                "  CoreModule:",
                "    type: framework",
                "    platform: \(platform)",
                "    sources:",
                "      - path: Core/${target_name}",
            ]
        case .platformModule:
            return [
                "  # The runtime the app injects, which no feature sees: modules under Platform/.",
                "  PlatformModule:",
                "    type: framework",
                "    platform: \(platform)",
                "    sources:",
                "      - path: Platform/${target_name}",
            ]
        case .featureModule:
            return [
                "  # A feature: depends on Core only; reaches other features through descriptors.",
                "  FeatureModule:",
                "    type: framework",
                "    platform: \(platform)",
                "    sources:",
                "      - path: Features/${target_name}",
                "    settings:",
                "      base:",
                "        PRODUCT_BUNDLE_IDENTIFIER: \(bundleIDPrefix).feature.${target_name}",
                "    dependencies:",
                "      - target: \(Conventions.core)",
            ]
        case .entriesPart:
            return [
                "  # How the app builds the screens of the features of one part (the target's dependencies: Core",
                "  # and those features, or nothing while the part has none): App imports these modules, never a feature.",
                "  EntriesPart:",
                "    type: framework",
                "    platform: \(platform)",
                "    sources:",
                "      - path: \(Conventions.entriesFolder)/${target_name}",
                "    settings:",
                "      base:",
                "        PRODUCT_BUNDLE_IDENTIFIER: \(bundleIDPrefix).entry.${target_name}",
            ]
        case .sandbox:
            return [
                "  # A mini app running one feature (attribute `feature`) alone on the stub environment.",
                "  Sandbox:",
                "    type: tool",
                "    platform: \(platform)",
                "    sources:",
                "      - path: Sandboxes/${target_name}",
                "    dependencies:",
                "      - target: \(Conventions.core)",
                "      - target: \(Conventions.coreTesting)",
                "      - target: \(Conventions.sandboxSupport)",
                "      - target: ${feature}",
            ]
        case .unitTests:
            return [
                "  # The tests of one module (attribute `module`); other dependencies are listed per target.",
                "  UnitTests:",
                "    type: bundle.unit-test",
                "    platform: \(platform)",
                "    sources:",
                "      - path: Tests/${target_name}",
                "    dependencies:",
                "      - target: ${module}",
            ]
        }
    }

    // MARK: Settings

    /// The build settings a target's Swift settings stand for, sorted by key.
    func buildSettings(of target: Target) -> [(key: String, value: String)] {
        var settings: [String: String] = [:]
        var otherFlags: [String] = []
        var conditions: [String] = []
        for setting in target.swiftSettings {
            switch setting.kind {
            case "enableUpcomingFeature":
                for feature in setting.values {
                    settings["SWIFT_UPCOMING_FEATURE_\(NameForms(feature).snake.uppercased())"] = "YES"
                }
            case "enableExperimentalFeature":
                otherFlags += setting.values.flatMap { ["-enable-experimental-feature", $0] }
            case "unsafeFlags":
                otherFlags += setting.values
            case "define":
                conditions += setting.values
            case "swiftLanguageMode", "swiftLanguageVersion":
                if let version = setting.values.first { settings["SWIFT_VERSION"] = version }
            default:
                break
            }
        }
        if !otherFlags.isEmpty { settings["OTHER_SWIFT_FLAGS"] = (["$(inherited)"] + otherFlags).joined(separator: " ") }
        if !conditions.isEmpty { settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = (["$(inherited)"] + conditions).joined(separator: " ") }
        return settings.keys.sorted().compactMap { key in settings[key].map { (key, $0) } }
    }

    /// Swift settings the manifest has and the spec cannot express.
    func unmirroredSettings(of target: Target) -> [String] {
        let mirrored: Set<String> = [
            "enableUpcomingFeature", "enableExperimentalFeature", "unsafeFlags", "define", "swiftLanguageMode", "swiftLanguageVersion",
        ]
        return target.swiftSettings.filter { !mirrored.contains($0.kind) }.map { "\($0.kind)(\($0.values.joined(separator: ", ")))" }
    }

    var buildableTargets: [Target] { manifest.targets.filter { $0.kind != .system } }

    /// Settings every buildable target has: they go to the project.
    var sharedSettings: [(key: String, value: String)] {
        guard let first = buildableTargets.first else { return [] }
        return buildSettings(of: first).filter { setting in
            buildableTargets.allSatisfy { target in buildSettings(of: target).contains { $0 == setting } }
        }
    }

    var swiftVersion: String { manifest.swiftLanguageVersions.last ?? manifest.toolsVersion }

    /// The SDK library standing for a system library: `sqlite3` → `libsqlite3.tbd`.
    static func sdkLibrary(for system: Target) -> String {
        let name = system.pkgConfig ?? system.name.lowercased()
        return name.hasPrefix("lib") ? "\(name).tbd" : "lib\(name).tbd"
    }

    // MARK: Output

    static func quoted(_ value: String) -> String {
        let plain =
            value.allSatisfy { $0.isLetter || $0.isNumber || "._-/${}".contains($0) }
            && !(value.first?.isNumber ?? true) && !["yes", "no", "true", "false", "null", "on", "off"].contains(value.lowercased())
        return plain ? value : "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The whole spec.
    public func generate() -> String {
        var lines: [String] = [
            "# XcodeGen project spec for macOS users: `xcodegen generate --spec \(Conventions.specPath)`.",
            "# Generated from Package.swift by `Tools/workspace spec`; do not edit it by hand:",
            "# `Tools/workspace check` fails when it is stale. Package.swift stays the source of truth.",
        ]
        if !systemLibraries.isEmpty {
            lines += [
                "#",
                "# XcodeGen has no system-library target. Each SwiftPM system library is linked from the SDK",
                "# by the targets that declare it, and its folder is on SWIFT_INCLUDE_PATHS for its module map:",
            ]
            for system in systemLibraries {
                lines.append(
                    "#   \(system.name) (\(system.path)\(system.pkgConfig.map { ", pkg-config \($0)" } ?? "")) → sdk: \(Self.sdkLibrary(for: system))"
                )
            }
        }
        lines += [
            "name: \(Self.quoted(manifest.name))",
            "options:",
            "  bundleIdPrefix: \(bundleIDPrefix)",
        ]
        if let deployment = manifest.platforms.first {
            lines += ["  deploymentTarget:", "    \(platform): \(Self.quotedVersion(deployment.version))"]
        }
        lines += ["  createIntermediateGroups: true", "settings:", "  base:"]
        lines.append("    SWIFT_VERSION: \(Self.quotedVersion(swiftVersion))")
        if (Double(swiftVersion) ?? 0) >= 6 { lines.append("    SWIFT_STRICT_CONCURRENCY: complete") }
        for (key, value) in sharedSettings where key != "SWIFT_VERSION" {
            lines.append("    \(key): \(Self.quoted(value))")
        }
        if !systemLibraries.isEmpty {
            let paths = systemLibraries.map { "$(SRCROOT)/\($0.path)" }
            lines.append("    SWIFT_INCLUDE_PATHS: \(Self.quoted((["$(inherited)"] + paths).joined(separator: " ")))")
        }

        let layouts = buildableTargets.map { ($0, layout(of: $0)) }
        let usedTemplates = Template.allCases.filter { template in layouts.contains { $0.1.template == template } }
        if !usedTemplates.isEmpty {
            lines.append("targetTemplates:")
            for template in usedTemplates { lines += templateLines(template) }
        }
        lines.append("targets:")
        let shared = sharedSettings
        for (target, layout) in layouts {
            lines += targetLines(target, layout: layout, shared: shared)
        }
        lines += schemeLines()
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Schemes

    /// What the scheme of a test target builds: its module (all actions, when it has one), the
    /// test target for testing, and for an end-to-end target the executables it starts.
    public func schemeBuildTargets(of test: Target) -> [(target: String, actions: String)] {
        let module = FocusedTests.moduleName(ofTestTarget: test.name)
        var build: [(target: String, actions: String)] = []
        if module != test.name, let target = manifest.target(named: module), target.kind != .system { build.append((module, "all")) }
        build.append((test.name, "[test]"))
        if Conventions.endToEndTestTargets.contains(test.name) {
            build += buildableTargets.filter { $0.kind == .executable }.map { ($0.name, "[test]") }
        }
        return build
    }

    /// The programs a person runs from Xcode: the app and every sandbox, each executable but the
    /// workspace tool, which works on the package in its working folder and runs as `Tools/workspace`.
    public var runnablePrograms: [Target] {
        buildableTargets.filter { $0.kind == .executable && $0.name != Conventions.toolProgram }
    }

    /// One scheme per module with tests, named like `workspace test` names it (`Feed`): its test
    /// action holds that module's test target only, so Xcode builds the target's dependency
    /// closure and nothing else, as `workspace test Feed` does. Then one scheme per runnable
    /// program, named after it (`cookbook`, `FeedSandbox`): it builds the program and its run
    /// action starts it; a program whose name a module's scheme already has gets its run action there.
    func schemeLines() -> [String] {
        let tests = buildableTargets.filter { $0.kind == .test }
        let programs = runnablePrograms
        guard !tests.isEmpty || !programs.isEmpty else { return [] }
        var lines = [
            "# One scheme per module with tests (as `Tools/workspace test <Module>`): its test action holds",
            "# only that module's tests, so Xcode builds their dependency closure and nothing else.",
            "# One scheme per program (the app, each sandbox): Product > Run builds it and starts it.",
            "schemes:",
        ]
        let programNames = Set(programs.map(\.name))
        var testSchemes: Set<String> = []
        for test in tests {
            let name = FocusedTests.moduleName(ofTestTarget: test.name)
            testSchemes.insert(name)
            let build = schemeBuildTargets(of: test)
            // An end-to-end scheme builds every program, a line each; any other is one line.
            guard Conventions.endToEndTestTargets.contains(test.name) else {
                let targets = build.map { "\(Self.quoted($0.target)): \($0.actions)" }.joined(separator: ", ")
                let run = programNames.contains(name) ? ", run: {executable: \(Self.quoted(name))}" : ""
                lines.append("  \(Self.quoted(name)): {build: {targets: {\(targets)}}, test: {targets: [\(Self.quoted(test.name))]}\(run)}")
                continue
            }
            lines += ["  \(Self.quoted(name)):", "    build:", "      targets:"]
            lines += build.map { "        \(Self.quoted($0.target)): \($0.actions)" }
            lines += ["    test:", "      targets:", "        - \(Self.quoted(test.name))"]
            if programNames.contains(name) { lines += runLines(name) }
        }
        for program in programs where !testSchemes.contains(program.name) {
            let quoted = Self.quoted(program.name)
            lines.append("  \(quoted): {build: {targets: {\(quoted): all}}, run: {executable: \(quoted)}}")
        }
        return lines
    }

    /// The run action of a program's scheme: it starts the program.
    func runLines(_ program: String) -> [String] {
        ["    run:", "      executable: \(Self.quoted(program))"]
    }

    /// `15.0` → `"15.0"`: versions are strings (unquoted `16.10` would be the number 16.1).
    static func quotedVersion(_ version: String) -> String {
        let parts = version.split(separator: ".")
        let short = parts.count > 2 && parts[2] == "0" ? parts.prefix(2).joined(separator: ".") : version
        return "\"\(short)\""
    }

    /// A target made from a template, on one line in YAML's flow style
    /// (`  Pantry: {templates: [FeatureModule]}`), as every scheme but an end-to-end one is: a feature
    /// is then a line in each place it appears, appended in the order of Package.swift, so that two
    /// branches each adding one merge without a conflict (`merge=union` in .gitattributes). Nil for
    /// a target with no template or with something that needs a comment.
    func targetLine(_ target: Target, layout: Layout, shared: [(key: String, value: String)]) -> String? {
        guard let template = layout.template, unmirroredSettings(of: target).isEmpty else { return nil }
        let products = Set(target.dependencies.filter(\.isProduct).map(\.name))
        guard !layout.extraDependencies.contains(where: products.contains) else { return nil }
        var fields = ["templates: [\(template.rawValue)]"]
        if !layout.attributes.isEmpty {
            fields.append("templateAttributes: {\(layout.attributes.map { "\($0.0): \(Self.quoted($0.1))" }.joined(separator: ", "))}")
        }
        let own = buildSettings(of: target).filter { setting in !shared.contains { $0 == setting } }
        if !own.isEmpty {
            fields.append("settings: {base: {\(own.map { "\($0.key): \(Self.quoted($0.value))" }.joined(separator: ", "))}}")
        }
        let dependencies = layout.extraDependencies.map { dependency in
            systemsByName[dependency].map { "{sdk: \(Self.sdkLibrary(for: $0))}" } ?? "{target: \(Self.quoted(dependency))}"
        }
        if !dependencies.isEmpty { fields.append("dependencies: [\(dependencies.joined(separator: ", "))]") }
        return "  \(target.name): {\(fields.joined(separator: ", "))}"
    }

    func targetLines(_ target: Target, layout: Layout, shared: [(key: String, value: String)]) -> [String] {
        if let line = targetLine(target, layout: layout, shared: shared) { return [line] }
        var lines = ["  \(target.name):"]
        if let template = layout.template {
            lines.append("    templates: [\(template.rawValue)]")
            if !layout.attributes.isEmpty {
                lines.append("    templateAttributes:")
                lines += layout.attributes.map { "      \($0.0): \(Self.quoted($0.1))" }
            }
        } else {
            let type: String
            switch target.kind {
            case .executable: type = "tool"
            case .test: type = "bundle.unit-test"
            default: type = "framework"
            }
            lines += ["    type: \(type)", "    platform: \(platform)", "    sources:", "      - path: \(Self.quoted(target.path))"]
        }
        let own = buildSettings(of: target).filter { setting in !shared.contains { $0 == setting } }
        if !own.isEmpty {
            lines += ["    settings:", "      base:"]
            lines += own.map { "        \($0.key): \(Self.quoted($0.value))" }
        }
        for setting in unmirroredSettings(of: target) {
            lines.append("    # not mirrored from Package.swift: \(setting)")
        }
        let products = Set(target.dependencies.filter(\.isProduct).map(\.name))
        var dependencyLines: [String] = []
        for dependency in layout.extraDependencies {
            if let system = systemsByName[dependency] {
                dependencyLines.append("      - sdk: \(Self.sdkLibrary(for: system))")
            } else if products.contains(dependency) {
                dependencyLines.append("      # not mirrored from Package.swift: product \(dependency) of another package")
            } else {
                dependencyLines.append("      - target: \(Self.quoted(dependency))")
            }
        }
        if !dependencyLines.isEmpty {
            lines.append("    dependencies:")
            lines += dependencyLines
        }
        return lines
    }
}
