import Foundation
import WorkspaceBase

/// Checks a new feature's name before anything is written. The name becomes a module, a
/// folder, a sandbox and a test target, a descriptor type, a `ScreenKind` case and a link.
public struct FeatureNameValidator: Sendable {
    /// What already exists in the workspace.
    public struct Context: Sendable {
        /// Every target of the package.
        public var targets: [String]
        /// The package's name (its executable may share it, spelled differently).
        public var packageName: String
        /// Public types of the modules a feature and its tests import (Core, CoreTesting), and
        /// nested screen descriptors by qualified name (`Screens.PantryDescriptor`).
        public var types: Set<String>
        /// Link paths of the screen descriptors, with their descriptor: `["search": "RecipeSearchDescriptor"]`.
        public var linkPaths: [String: String]
        /// Files and folders the feature would create that exist already.
        public var existingPaths: [String]
        /// The length of the package folder's absolute path (0 when unknown): the feature's
        /// deepest build file must fit the platform's path limit below it.
        public var packageRootLength: Int

        public init(
            targets: [String], packageName: String = "", types: Set<String> = [], linkPaths: [String: String] = [:],
            existingPaths: [String] = [], packageRootLength: Int = 0
        ) {
            self.targets = targets
            self.packageName = packageName
            self.types = types
            self.linkPaths = linkPaths
            self.existingPaths = existingPaths
            self.packageRootLength = packageRootLength
        }
    }

    public let context: Context

    public init(context: Context) {
        self.context = context
    }

    /// Keywords that cannot name a type, and their capitalised cousins that name special types.
    public static let typeKeywords: Set<String> = ["Any", "Self", "Type", "Protocol"]

    /// Keywords that cannot name an enum case without backticks: the `ScreenKind` case is the name in lowerCamelCase.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "super", "throws", "true", "try", "await", "async", "actor", "any", "some", "package",
        "macro", "consume", "copy", "borrowing", "consuming", "each", "type",
    ]

    /// Names a feature cannot take: the workspace's own modules, the platform's modules and
    /// the standard types feature code uses. Compared without regard to case.
    public static let reservedNames: Set<String> = [
        "Core", "CoreTesting", "App", "TerminalRunner", "SandboxSupport", "WorkspaceKit", "Workspace", "CSQLite", "Cookbook",
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "Testing", "XCTest", "Observation", "Distributed",
        "RegexBuilder", "PackageDescription", "PackagePlugin", "ObjectiveC", "Combine", "SwiftUI", "UIKit", "AppKit",
        "Cxx", "CxxStdlib", "SQLite3", "String", "Int", "Double", "Float", "Bool", "Character", "Array", "Dictionary",
        "Set", "Optional", "Result", "Error", "Never", "Void", "Task", "Actor", "MainActor", "Sendable", "Equatable",
        "Hashable", "Codable", "Identifiable", "Duration", "Data", "Date", "URL", "UUID",
    ]

    /// The type names the feature declares, for `name`: its own, and its descriptor as
    /// `Screens.<Name>` (`<Name>Descriptor` is reserved too, so that one name means one screen).
    public static func declaredTypes(for name: String) -> [String] {
        [name] + ["Feature", "Screen", "ViewModel", "Translator", "State", "Row", "Descriptor"].map { name + $0 }
            + ["\(Conventions.screensNamespace).\(name)"]
    }

    /// A file name's limit in bytes (NAME_MAX on Linux's and macOS's file systems).
    public static let fileNameLimit = 255
    /// A path's limit in bytes: macOS's PATH_MAX, the stricter of the two platforms (Linux: 4096).
    public static let pathLimit = 1024
    /// The most a build adds to the name of a file the feature writes: `PantryScreenTests.swift`
    /// becomes `PantryScreenTests.swiftconstvalues` or `PantryScreenTests.swift.o`; the longest
    /// suffix of a feature's file name, `ScreenTests.swiftconstvalues`, is 28 bytes.
    static let longestBuildSuffix = 28
    /// The deepest build file names the feature twice, below about 100 bytes of build folders:
    /// `.build/arm64-apple-macosx/debug/PantryTests.build/PantryScreenTests.swift.o`.
    static let deepestBuildPathOverhead = 100

    /// The longest name whose files, and their build products, fit the file system's limits.
    public func maximumNameLength() -> Int {
        let byFileName = Self.fileNameLimit - Self.longestBuildSuffix
        let byPath = (Self.pathLimit - context.packageRootLength - Self.deepestBuildPathOverhead) / 2
        return max(0, min(byFileName, byPath))
    }

    /// Why `name` cannot name a feature, or nil if it can.
    public func problem(with name: String) -> String? {
        if name.isEmpty {
            return "the feature needs a name, such as Pantry"
        }
        let limit = maximumNameLength()
        if name.utf8.count > limit {
            return
                "“\(name.prefix(24))…” is \(name.utf8.count) characters long; its files and their build products (such as \(name.prefix(8))…ScreenTests.swift.o, deep in .build) would not fit the file system's limits (\(Self.fileNameLimit) bytes a name, \(Self.pathLimit) a path on macOS): use at most \(limit) characters"
        }
        if name.contains("/") || name.contains("\\") || name.contains("..") {
            return "“\(name)” contains a path separator or “..”: a feature name is one identifier, such as Pantry"
        }
        if let problem = Self.casingProblem(name) {
            return problem
        }
        let forms = NameForms(name)
        if Self.typeKeywords.contains(name) || Self.keywords.contains(name) {
            return "“\(name)” is a Swift keyword; choose another name"
        }
        if Self.keywords.contains(forms.lowerCamel) {
            return "“\(name)” would name its builder `\(forms.lowerCamel)`, a Swift keyword; choose another name"
        }
        for suffix in ["Sandbox", "Tests"] where name.hasSuffix(suffix) {
            return
                "“\(name)” ends in “\(suffix)”, which names a feature's \(suffix == "Sandbox" ? "sandbox" : "test target") (Pantry gets Pantry\(suffix)); drop the suffix"
        }
        let lowered = name.lowercased()
        if let reserved = Self.reservedNames.first(where: { $0.lowercased() == lowered }) {
            return "“\(name)” is reserved: \(reserved) is a module or type name of the workspace or the platform"
        }
        if !context.packageName.isEmpty, context.packageName.lowercased() == lowered {
            return "“\(name)” is reserved: it is the package's name"
        }
        for target in [name, Conventions.sandbox(of: name), Conventions.testTarget(of: name)] {
            if let existing = context.targets.first(where: { $0.lowercased() == target.lowercased() }) {
                return existing == name
                    ? "“\(name)” is already a target of the package"
                    : "“\(name)” would add the target \(target), but the package already has \(existing)"
            }
        }
        if let type = Self.declaredTypes(for: name).first(where: context.types.contains) {
            return "“\(name)” would declare \(type), but Core or CoreTesting already has a type of that name"
        }
        if let descriptor = context.linkPaths[forms.kebab] {
            return "“\(name)” would link to \(forms.kebab), but \(descriptor) already uses that link path"
        }
        if let path = context.existingPaths.first {
            return "“\(name)”: \(path) already exists"
        }
        return nil
    }

    /// Whether `name` is UpperCamelCase: a capital letter, then letters and digits, some lower case.
    static func casingProblem(_ name: String) -> String? {
        guard let first = name.first else { return nil }
        let ascii = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let suggestion = Self.suggestion(for: name)
        let hint = suggestion.isEmpty || suggestion == name ? "" : " (e.g. \(suggestion))"
        if !ascii {
            return "“\(name)” is not UpperCamelCase: use ASCII letters and digits only\(hint)"
        }
        if first.isNumber {
            return "“\(name)” is not UpperCamelCase: it must start with a capital letter, not a digit"
        }
        if first.isLowercase {
            return "“\(name)” is not UpperCamelCase: start it with a capital letter\(hint)"
        }
        if !name.contains(where: \.isLowercase) {
            return "“\(name)” is not UpperCamelCase: write words with a capital then lower-case letters\(hint)"
        }
        return nil
    }

    /// `pan_try` → `PanTry`, `pantry` → `Pantry`, `PANTRY` → `Pantry`; letters of other alphabets
    /// and with accents as their plain Latin letters: `Ünïcødé` → `Unicode`, `crème brûlée` →
    /// `CremeBrulee`, `カレー` → `Kare`.
    static func suggestion(for name: String) -> String {
        let parts = latin(name).split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let words = parts.map { part -> String in
            let word = part.allSatisfy({ !$0.isLowercase }) ? part.lowercased() : String(part)
            return word.prefix(1).uppercased() + word.dropFirst()
        }
        let joined = words.joined()
        return joined.first?.isNumber == true ? "" : joined
    }

    /// Letters that neither a transliteration nor taking off accents makes ASCII.
    private static let latinLetters: [Character: String] = [
        "ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d",
        "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
    ]

    /// `text` in Latin letters without accents, as far as ICU's transforms and the table above go.
    private static func latin(_ text: String) -> String {
        let transliterated = text.applyingTransform(.toLatin, reverse: false) ?? text
        let plain = transliterated.applyingTransform(.stripDiacritics, reverse: false) ?? transliterated
        return plain.map { latinLetters[$0] ?? String($0) }.joined()
    }
}
