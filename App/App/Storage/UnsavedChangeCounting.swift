import Core
import TerminalRunner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A store of the person's data (favorites, the shopping list, kitchen preferences) that counts
/// the changes it does not keep: every change when the store is in memory, and every change the
/// store refuses (locked, read-only, disk full). The runner says how many at the end and exits
/// with status 4 (`RunNotices`), so no script reports success for changes that were lost. Reads
/// pass straight through.
///
/// Each change is announced to `notices` while it is saved: a run told to stop (SIGTERM) waits
/// for it to finish or roll back, starts no other, and names what was not saved.
struct UnsavedChangeCounting<Entity: NamedEntity>: Repository where Entity.ID: Sendable {
    let base: any Repository<Entity>
    /// True when what `base` keeps is gone at quit.
    let isMemoryOnly: Bool
    let notices: RunNotices

    func find(id: Entity.ID) async throws -> Entity? {
        try await base.find(id: id)
    }

    func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] {
        try await base.findAll(query, sort: sort)
    }

    func save(_ entities: [Entity]) async throws {
        guard !entities.isEmpty else { return }
        try await counted("saving \(listed(entities)) to \(Entity.storeName)") { try await base.save(entities) }
    }

    func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID] {
        guard !ids.isEmpty else { return [] }
        return try await counted("removing \(ids.count == 1 ? "an entry" : "\(ids.count) entries") from \(Entity.storeName)") {
            try await base.delete(ids: ids, matching: query)
        }
    }

    func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity {
        try await counted("changing an entry of \(Entity.storeName)") { try await base.update(id: id, change) }
    }

    func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    {
        guard !entities.isEmpty else { return [] }
        return try await counted("adding \(listed(entities)) to \(Entity.storeName)") {
            try await base.append(entities, numbering: order, place)
        }
    }

    func update<Result: Sendable>(
        _ query: Query<Entity>, numbering order: Entity.Field, doing what: String, _ change: @Sendable (inout [Entity], Int) -> Result
    ) async throws -> Result {
        try await counted(what) { try await base.update(query, numbering: order, doing: what, change) }
    }

    /// “milk”, “milk” and “eggs”, or “milk” and 4 more.
    private func listed(_ entities: [Entity]) -> String {
        let names = entities.map { "“\($0.nameInWords)”" }
        return switch names.count {
        case 1: names[0]
        case 2: "\(names[0]) and \(names[1])"
        default: "\(names[0]) and \(names.count - 1) more"
        }
    }

    private func counted<Result>(_ what: String, _ change: () async throws -> Result) async throws -> Result {
        guard let token = notices.beginChange(what) else {
            notices.recordUnsavedChange("\(what): Cookbook was stopping, so it was not started")
            throw StoppingError()
        }
        defer { notices.endChange(token) }
        let result: Result
        do {
            result = try await change()
        } catch RepositoryError.removedElsewhere {
            // Nothing of the person's is lost: what the change was for is gone, and the screen says so.
            throw RepositoryError.removedElsewhere
        } catch {
            let rolledBack = notices.isStopping ? " (rolled back: Cookbook was told to stop)" : ""
            notices.recordUnsavedChange("\(what): \(error.inWords)\(rolledBack)")
            throw error
        }
        if isMemoryOnly { notices.recordUnsavedChange("\(what): kept in memory only") }
        return result
    }
}

/// What the person keeps, named in what is said about a change that was not saved.
protocol NamedEntity: Identifiable & Queryable {
    /// The store in words: “the shopping list”.
    static var storeName: String { get }
    /// This one in words: milk.
    var nameInWords: String { get }
}

extension ShoppingItem: NamedEntity {
    static var storeName: String { "the shopping list" }
    var nameInWords: String { name }
}

extension FavoriteRecipe: NamedEntity {
    static var storeName: String { "favorites" }
    var nameInWords: String { recipe.title }
}

extension KitchenPreference: NamedEntity {
    static var storeName: String { "kitchen preferences" }
    var nameInWords: String { key }
}

/// A change refused because the run was told to stop.
struct StoppingError: LocalizedError {
    var errorDescription: String? { "Cookbook is stopping, so the change was not made" }
}
