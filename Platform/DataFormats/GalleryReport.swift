#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a program prints for `--gallery`: every screen it builds itself, in every scenario, as
/// the text script mode shows, with the states each rendering is in. `workspace gallery` reads
/// one from each sandbox and from the app, and writes `docs/gallery` from them (`ScreenGallery`).
///
/// It is JSON with sorted keys, so two reports of the same screens are the same bytes.
public struct GalleryReport: Codable, Equatable, Sendable {
    /// A state a screen can be seen in. A rendering is in one of the first four, by its status,
    /// and also `locked` when a row is locked (a premium filter for a free user) and `notice` when
    /// it says something above its rows (a saved copy, the outcome of an action).
    public enum State: String, Codable, CaseIterable, Comparable, Sendable {
        case loading
        case content
        case empty
        case error
        case locked
        case notice

        /// What every screen that loads something can show, unless its gallery entry says otherwise.
        public static let standard: [State] = [.loading, .content, .empty, .error]

        public static func < (lhs: State, rhs: State) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    public struct Scenario: Codable, Equatable, Sendable {
        public var name: String
        public var summary: String
        /// The program's own scenario (a feature's, in its sandbox), not one every program has: it
        /// must show something no other scenario does, or it has no reason to be.
        public var isOwn: Bool?

        public init(name: String, summary: String, isOwn: Bool? = nil) {
            self.name = name
            self.summary = summary
            self.isOwn = isOwn
        }
    }

    /// When a rendering is shown: in a scenario, before `wait` (while the screen waits on held
    /// time: its loading state) or once its work is done, after a gallery script when one
    /// drove the screen to a state only an action reaches, and wrapped to a narrow window's width
    /// (script mode's `--width`) for the one narrow rendering of each screen.
    public struct Moment: Codable, Equatable, Sendable {
        public var scenario: String
        public var beforeWait: Bool
        /// The script's commands, one line: `toggle Favorite`; nil for the screen as it opens.
        public var script: String?
        /// The columns the text is wrapped to; nil: unwrapped, as script mode prints by default.
        public var width: Int?

        public init(scenario: String, beforeWait: Bool = false, script: String? = nil, width: Int? = nil) {
            self.scenario = scenario
            self.beforeWait = beforeWait
            self.script = script
            self.width = width
        }

        /// `slow, before wait`, `default, after toggle Favorite`, `default, 40 columns`, or the
        /// scenario's name.
        public var label: String {
            if let script { return "\(scenario), after \(script)" }
            if let width { return "\(scenario), \(width) columns" }
            return beforeWait ? "\(scenario), before wait" : scenario
        }
    }

    /// States a screen's sandbox says no scenario can show together, and why: the gallery page
    /// says so where a rendering would be (`loading` + `notice`: "a search clears the notice as
    /// it starts; only a key on a locked filter during a search sets one").
    public struct Unseen: Codable, Equatable, Sendable {
        /// Sorted: `[.loading, .notice]`.
        public var states: [State]
        public var reason: String

        public init(states: [State], reason: String) {
            self.states = states.sorted()
            self.reason = reason
        }

        /// `.together(.loading, .notice, because: "…")`.
        public static func together(_ states: State..., because reason: String) -> Unseen {
            Unseen(states: states, reason: reason)
        }
    }

    /// One text of a screen and every moment it is shown.
    public struct Rendering: Codable, Equatable, Sendable {
        public var moments: [Moment]
        public var states: [State]
        /// Exactly what script mode prints for the screen.
        public var text: String

        public init(moments: [Moment], states: [State], text: String) {
            self.moments = moments
            self.states = states
            self.text = text
        }
    }

    /// One descriptor of a screen (`Screens.RecipeSearch(query: "curry")`) and its renderings.
    public struct Example: Codable, Equatable, Sendable {
        /// The Swift that makes the descriptor.
        public var descriptor: String
        /// Its deep link: `--open` shows it.
        public var link: String
        public var renderings: [Rendering]

        public init(descriptor: String, link: String, renderings: [Rendering]) {
            self.descriptor = descriptor
            self.link = link
            self.renderings = renderings
        }
    }

    /// A kind of screen (`ScreenKind`) the program builds, the states it must be seen in, and its examples.
    public struct Screen: Codable, Equatable, Sendable {
        /// The descriptor's name in `Screens`: `RecipeDetails`.
        public var kind: String
        public var requiredStates: [State]
        /// States the screen must be seen in together, each sorted (`[.empty, .notice]`): what its
        /// translator can show at once (`workspace gallery` reads them from it); nil for none.
        public var requiredCombinations: [[State]]?
        /// Combinations the program says no scenario can show, with why; nil for none.
        public var unseen: [Unseen]?
        public var examples: [Example]

        public init(
            kind: String, requiredStates: [State], requiredCombinations: [[State]]? = nil, unseen: [Unseen]? = nil, examples: [Example]
        ) {
            self.kind = kind
            self.requiredStates = requiredStates
            self.requiredCombinations = requiredCombinations
            self.unseen = unseen
            self.examples = examples
        }

        /// Every state some rendering of the screen is in.
        public var reachedStates: [State] {
            Set(examples.flatMap(\.renderings).flatMap(\.states)).sorted()
        }

        /// The required states no scenario reaches.
        public var missingStates: [State] {
            let reached = Set(reachedStates)
            return requiredStates.filter { !reached.contains($0) }
        }

        /// Whether some rendering is in every one of `states` at once.
        public func reaches(together states: [State]) -> Bool {
            examples.flatMap(\.renderings).contains { Set(states).isSubset(of: $0.states) }
        }

        /// The required combinations no rendering shows and the program does not say are unseen.
        public var missingCombinations: [[State]] {
            let excused = Set((unseen ?? []).map(\.states))
            return (requiredCombinations ?? []).filter { !excused.contains($0) && !reaches(together: $0) }
        }
    }

    /// The executable: `FeedSandbox`, `cookbook`.
    public var program: String
    /// Whose screens they are, and the name of their gallery page: the feature (`Feed`), or `App`.
    public var owner: String
    public var scenarios: [Scenario]
    public var screens: [Screen]
    /// Every kind of screen the program knows (`ScreenKind.allCases`): one no program builds is reported.
    public var knownKinds: [String]
    /// What went wrong: a scenario that could not start, a screen without an example.
    public var problems: [String]

    public init(program: String, owner: String, scenarios: [Scenario], screens: [Screen], knownKinds: [String], problems: [String]) {
        self.program = program
        self.owner = owner
        self.scenarios = scenarios
        self.screens = screens
        self.knownKinds = knownKinds
        self.problems = problems
    }

    /// Pretty-printed JSON with sorted keys, ending with a newline.
    public func encoded() -> Data {
        FileJSON.encode(self)
    }

    /// Reads a report; `source` names where it came from in the error.
    public static func decode(_ data: Data, source: String) throws(GalleryFormatError) -> GalleryReport {
        try GalleryJSON.decode(GalleryReport.self, from: data, source: source)
    }
}

/// The committed gallery's data (`docs/gallery/gallery.json`): the last report of every program,
/// so a change re-renders only the programs it affects and takes the others from here.
public struct ScreenGallery: Codable, Equatable, Sendable {
    public static let formatName = "cookbook screen gallery"
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    /// One a program, in the order the gallery lists them.
    public var reports: [GalleryReport]

    public init(reports: [GalleryReport]) {
        format = Self.formatName
        version = Self.currentVersion
        self.reports = reports
    }

    public func encoded() -> Data {
        FileJSON.encode(self)
    }

    public static func decode(_ data: Data, source: String) throws(GalleryFormatError) -> ScreenGallery {
        let gallery = try GalleryJSON.decode(ScreenGallery.self, from: data, source: source)
        guard gallery.format == formatName else {
            throw GalleryFormatError(source: source, problem: "it is not a screen gallery (its format is “\(gallery.format)”)")
        }
        guard gallery.version <= currentVersion else {
            throw GalleryFormatError(
                source: source, problem: "it is version \(gallery.version), newer than this tool reads (\(currentVersion))")
        }
        return gallery
    }
}

/// Gallery JSON that cannot be read: where it came from and what is wrong.
public struct GalleryFormatError: Error, Equatable, CustomStringConvertible {
    public var source: String
    public var problem: String

    public init(source: String, problem: String) {
        self.source = source
        self.problem = problem
    }

    public var description: String { "\(source): \(problem)" }
}

enum GalleryJSON {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, source: String) throws(GalleryFormatError) -> Value {
        do {
            return try JSONReader.decode(type, from: data)
        } catch {
            throw GalleryFormatError(source: source, problem: error.description(file: source))
        }
    }
}
