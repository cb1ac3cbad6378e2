import DataFormats
import Foundation
import WorkspaceBase

/// The states each kind of screen can show, read from its feature's sources rather than declared:
/// the feature's `makeScreen(_ descriptor: Screens.X, …)` names the screen it builds, the screen's
/// `translator = …Translator()` names its Translator, and what the translator's `translate` can
/// produce is its states: a status of `.loading(…)`, `.empty(…)`, `.failed(…)`, content (a
/// `ScreenContent` without a status, or `.ready`), a row that may be locked (`isEnabled:` anything
/// but `true`) and a notice (`notice:` anything but `nil`). `workspace gallery` adds them to the
/// states each screen must be seen in, so a state nobody declared is checked all the same.
///
/// It also reads which states each `ScreenContent(…)` of the translator shows together: a notice
/// beside the status it is made with (`status: .empty(…), notice: feed.savedCopy?.notice(…)` can
/// show an empty feed with a saved-copy notice). Each such combination must be seen too: a
/// rendering in both states at once, or the sandbox's word for why none can be (`unseen:`).
///
/// It is a reading of the sources, not of the running code: a state a translator gets from a
/// helper of its own (a row made elsewhere) is seen only when its sandbox declares it.
package struct ScreenStates {
    let index: SourceIndex

    /// What one kind of screen can show, and which translator says so.
    struct Derived: Equatable, Sendable {
        var translator: String
        var states: [GalleryReport.State]
        /// The states it shows together, each sorted: `[.empty, .notice]`.
        var combinations: [[GalleryReport.State]] = []
    }

    /// The derived states of every kind of screen a feature builds, by kind name (`Feed`).
    func derived() -> [String: Derived] {
        var result: [String: Derived] = [:]
        for feature in index.manifest.features {
            let paths = index.swiftFiles(of: feature)
            var bodies: [String: String] = [:]
            for path in paths {
                guard let source = index.source(path) else { continue }
                for declaration in index.typeDeclarations(path) where declaration.kind != "extension" {
                    bodies[declaration.name] = Self.text(of: source, from: declaration.open, to: declaration.close)
                }
            }
            for path in paths {
                guard let source = index.source(path) else { continue }
                for (kind, screen) in Self.screensBuilt(in: source) {
                    guard let screenBody = bodies[screen], let translator = Self.firstMatch(Self.translatorPattern, in: screenBody),
                        let translatorBody = bodies[translator]
                    else { continue }
                    result[kind] = Derived(
                        translator: translator, states: Self.states(inTranslator: translatorBody),
                        combinations: Self.combinations(inTranslator: translatorBody))
                }
            }
        }
        return result
    }

    /// The reports with each screen's required states widened by what its translator can show.
    static func requiring(_ derived: [String: Derived], in reports: [GalleryReport]) -> [GalleryReport] {
        reports.map { report in
            var report = report
            report.screens = report.screens.map { screen in
                var screen = screen
                if let derived = derived[screen.kind] {
                    screen.requiredStates = Set(screen.requiredStates + derived.states).sorted()
                    screen.requiredCombinations = derived.combinations.isEmpty ? nil : derived.combinations
                }
                return screen
            }
            return report
        }
    }

    // MARK: Reading

    static let makeScreenPattern = #"func\s+makeScreen\s*\(\s*_\s+\w+\s*:\s*Screens\.(\w+)"#
    static let screenPattern = #"\b([A-Z]\w*Screen)\s*\("#
    static let translatorPattern = #"\btranslator\s*=\s*([A-Z]\w*)\s*\("#

    /// `(kind, screen type)` for each `makeScreen(_ descriptor: Screens.Kind, …)` in a source: the
    /// first `…Screen(` its body calls.
    static func screensBuilt(in source: SwiftSource) -> [(kind: String, screen: String)] {
        let code = source.code
        var result: [(kind: String, screen: String)] = []
        for match in matches(makeScreenPattern, in: code) {
            guard let kind = match.captures.first, let open = source.firstOffset(of: UInt8(ascii: "{"), from: match.end),
                let close = source.matchingClose(ofOpenAt: open)
            else { continue }
            if let screen = firstMatch(screenPattern, in: text(of: source, from: open, to: close)) { result.append((kind, screen)) }
        }
        return result
    }

    /// The states a translator's body can produce.
    static func states(inTranslator body: String) -> [GalleryReport.State] {
        var states: Set<GalleryReport.State> = []
        if body.contains(".loading(") { states.insert(.loading) }
        if body.contains(".empty(") { states.insert(.empty) }
        if body.contains(".failed(") { states.insert(.error) }
        let contents = SwiftSource(body).references().filter { $0.name == "ScreenContent" && $0.labels != nil }
        if body.contains(".ready") || contents.contains(where: { !($0.labels ?? []).contains("status") }) { states.insert(.content) }
        if firstMatch(#"\bisEnabled\s*:\s*(?!true\b)(\S+)"#, in: body) != nil { states.insert(.locked) }
        if firstMatch(#"\bnotice\s*:\s*(?!nil\b)(\S+)"#, in: body) != nil { states.insert(.notice) }
        return states.sorted()
    }

    /// The states a translator's `ScreenContent(…)`s show together: each status one can be made
    /// with (its `status:`: the cases it names, or every status the translator makes when it is a
    /// variable; content without one) beside a notice, when its `notice:` is anything but `nil`.
    static func combinations(inTranslator body: String) -> [[GalleryReport.State]] {
        let source = SwiftSource(body)
        let statuses: Set<GalleryReport.State> = [.loading, .content, .empty, .error]
        let made = Set(states(inTranslator: body)).intersection(statuses)
        var combinations: Set<[GalleryReport.State]> = []
        for reference in source.references() where reference.name == "ScreenContent" && reference.labels != nil {
            guard let arguments = arguments(ofCallAt: reference.offset, in: source),
                let notice = arguments.first(where: { $0.label == "notice" })?.text, notice != "nil"
            else { continue }
            for status in self.statuses(in: arguments.first { $0.label == "status" }?.text, otherwise: made) {
                combinations.insert([status, .notice])
            }
        }
        return combinations.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The statuses a `status:` argument can be: the cases it names (`items.isEmpty ? .empty(…) :
    /// .ready`), else (a variable) `otherwise`; content when there is none.
    static func statuses(in argument: String?, otherwise: Set<GalleryReport.State>) -> [GalleryReport.State] {
        guard let argument else { return [.content] }
        var named: Set<GalleryReport.State> = []
        if argument.contains(".loading(") { named.insert(.loading) }
        if argument.contains(".empty(") { named.insert(.empty) }
        if argument.contains(".failed(") { named.insert(.error) }
        if firstMatch(#"(\.ready)\b"#, in: argument) != nil { named.insert(.content) }
        return (named.isEmpty ? otherwise : named).sorted()
    }

    /// The arguments of the call whose name is at `offset`, each with its label (nil when it has
    /// none) and its code, trimmed; nil when the call's parentheses do not close.
    static func arguments(ofCallAt offset: Int, in source: SwiftSource) -> [(label: String?, text: String)]? {
        guard let open = source.firstOffset(of: UInt8(ascii: "("), from: offset), let close = source.matchingClose(ofOpenAt: open)
        else { return nil }
        var pieces: [String] = []
        var depth = 0
        var start = open + 1
        let bytes = source.codeBytes
        for index in (open + 1)..<close {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index + 1
            default: break
            }
        }
        pieces.append(String(decoding: bytes[start..<close], as: UTF8.self))
        return pieces.map { piece in
            let text = piece.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let label = firstMatch(#"^(\w+)\s*:(?!:)"#, in: text) else { return (nil, text) }
            let value = text.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
            return (label, value)
        }
    }

    static func text(of source: SwiftSource, from open: Int, to close: Int) -> String {
        String(decoding: source.codeBytes[open...close], as: UTF8.self)
    }

    static func matches(_ pattern: String, in text: String) -> [(captures: [String], end: Int)] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let utf16 = text.utf16
        return expression.matches(in: text, range: NSRange(location: 0, length: utf16.count)).map { match in
            let captures = (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
            let end = Range(match.range, in: text).map { text.utf8.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
            return (captures, end)
        }
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        matches(pattern, in: text).first?.captures.first
    }
}
