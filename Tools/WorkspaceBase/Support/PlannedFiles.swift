/// The workspace's files as a plan would leave them, without touching the disk: reads see what the
/// plan writes, and what is read or listed is kept. Planning many features in one run (`new-feature
/// A B C…`) reads each file of the workspace once instead of once per feature.
public final class PlannedFiles: FileSystem {
    public let base: any FileSystem
    /// What the plan writes, by path.
    public private(set) var planned: [String: String] = [:]
    private var read: [String: String] = [:]
    private var listed: [String: [String]] = [:]
    /// Planned paths by every folder above them (`Features/Pantry/PantryScreen.swift` under
    /// `Features/Pantry`, `Features` and ``), so a listing finds them without looking at every plan.
    private var plannedUnder: [String: Set<String>] = [:]

    public init(over base: any FileSystem) {
        self.base = base
    }

    public func read(_ path: String) throws -> String {
        if let text = planned[path] ?? read[path] { return text }
        let text = try base.read(path)
        read[path] = text
        return text
    }

    public func write(_ text: String, to path: String) throws {
        if planned[path] == nil {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                plannedUnder[String(folder), default: []].insert(path)
            }
            plannedUnder["", default: []].insert(path)
        }
        planned[path] = text
    }

    /// Plans never remove: a removal is a change this overlay cannot hold.
    public func remove(_ path: String) throws {
        throw FileSystemError(path: path, problem: "cannot be removed in a plan")
    }

    public func fileExists(_ path: String) -> Bool {
        planned[path] != nil || read[path] != nil || base.fileExists(path)
    }

    public func itemExists(_ path: String) -> Bool {
        planned[path] != nil || plannedUnder[path] != nil || base.itemExists(path)
    }

    public func files(under folder: String) -> [String] {
        let key = folder == "." ? "" : folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let existing: [String]
        if let cached = listed[key] {
            existing = cached
        } else {
            existing = base.files(under: key)
            listed[key] = existing
        }
        guard let added = plannedUnder[key], !added.isEmpty else { return existing }
        let hidden = added.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }
        return Set(existing).union(added.subtracting(hidden)).sorted()
    }
}
