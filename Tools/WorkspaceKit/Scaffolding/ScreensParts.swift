/// Where `new-feature` declares a screen: the parts of `Screens`, files beside the one declaring
/// `enum Screens` (`Screens+Part01.swift`, …), each one `extension Screens { … }` holding at most
/// `capacity` descriptors.
///
/// Why parts: a file is what the compiler compiles. In the enum's one body, a thousand screens are
/// a 12,000-line file compiled whole, in one job, whenever a screen is added (12 s on one core). In
/// parts, the jobs are spread over the cores. A member added to an existing extension recompiles
/// no other module's files (only those naming it), like a member added to the body; a new part is
/// a new top-level declaration, which recompiles what imports Core once, so parts are few and full.
enum ScreensParts {
    static let capacity = 50
    static let prefix = "Screens+Part"

    enum Placement: Equatable {
        /// Add to this part, which holds `count` descriptors.
        case existing(path: String, count: Int)
        /// Create this part.
        case new(path: String)
    }

    /// The part the next screen goes into, beside `namespaceFile` (the file declaring `enum Screens`).
    static func placement(in index: SourceIndex, namespaceFile: String) -> Placement {
        let folder = namespaceFile.split(separator: "/").dropLast().joined(separator: "/")
        let parts = index.swiftFiles(ofTargetNamed: Conventions.core).compactMap { path -> (path: String, number: Int)? in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard path == "\(folder)/\(name)", name.hasPrefix(prefix), name.hasSuffix(".swift") else { return nil }
            return Int(name.dropFirst(prefix.count).dropLast(".swift".count)).map { (path, $0) }
        }
        guard let last = parts.max(by: { $0.number < $1.number }) else {
            return .new(path: path(1, in: folder))
        }
        let count = index.screenDescriptors.filter { $0.path == last.path }.count
        return count < capacity ? .existing(path: last.path, count: count) : .new(path: path(last.number + 1, in: folder))
    }

    static func path(_ number: Int, in folder: String) -> String {
        let digits = String(number)
        let name = "\(prefix)\(String(repeating: "0", count: max(0, 2 - digits.count)))\(digits).swift"
        return folder.isEmpty ? name : "\(folder)/\(name)"
    }

    /// A new part holding `member` (a descriptor, without indentation).
    static func text(holding member: String, path: String) throws(SourceEdits.Failure) -> String {
        let empty = """
            /// Screens made by `workspace new-feature`, at most \(capacity) a part: adding one to an existing
            /// `extension Screens` recompiles this file rather than one file of every screen, and no other
            /// module's files but those naming it (docs/architecture.md, "Screens in parts").
            extension \(Conventions.screensNamespace) {
            }

            """
        return try SourceEdits.addingMember(member, toEnumNamed: Conventions.screensNamespace, in: empty, path: path, kind: "extension")
    }
}
