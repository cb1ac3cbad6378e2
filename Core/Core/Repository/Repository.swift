#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One interface to find, list, save and delete, whatever the backend (the Repository pattern):
/// memory in tests and sandboxes, SQLite in the app, a web API for recipes.
/// Use it as `any Repository<ShoppingItem>`.
public protocol Repository<Entity>: Sendable {
    associatedtype Entity: Identifiable & Queryable where Entity.ID: Sendable

    func find(id: Entity.ID) async throws -> Entity?
    func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity]
    /// Inserts or replaces, all in one transaction: either every entity is saved or none.
    func save(_ entities: [Entity]) async throws
    /// Deletes, in one transaction, the entities with these ids that are stored and match
    /// `query` as stored now (not as a screen last showed them); ids that do not exist or no
    /// longer match are left alone. Returns the ids deleted.
    @discardableResult
    func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID]
    /// Changes the stored entity with this id, in one transaction: `change` is applied to the
    /// entity as stored now, not as a screen last showed it, so what another program changed
    /// meanwhile in other fields is kept. When no entity has this id (another program or screen
    /// removed it), nothing is stored and `RepositoryError.removedElsewhere` is thrown: a change
    /// never brings back what was removed. Returns the entity as saved.
    func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity
    /// Saves new entities after every stored one, in the order given: `place` sets each one's
    /// `order` to the next number, one past the largest stored, read in the same transaction as
    /// the save. So entities appended at the same time (by two screens, or two programs on one
    /// database) never share a place, and the order is the order they were saved in. Returns
    /// them as saved.
    func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    /// Reads the stored entities matching `query`, lets `change` edit, add to and remove from
    /// them, and stores the outcome, all in one transaction: no other writer (another screen,
    /// another program on the same database) comes between the read and the writes, so a change
    /// worked out from what is stored (a sum on the shopping list) is never lost. Entities
    /// `change` removes are deleted; those it leaves or adds are saved. `change` is also given
    /// the next number of `order` for what it adds, as `append` numbers: one past the largest
    /// stored, of every row (one this version cannot read too). `what` says the change in words,
    /// for a run that must name what it could not save ("adding “milk” to the shopping list").
    /// Returns what `change` returns.
    func update<Result: Sendable>(
        _ query: Query<Entity>, numbering order: Entity.Field, doing what: String, _ change: @Sendable (inout [Entity], Int) -> Result
    ) async throws -> Result
}

extension Repository {
    public func findAll(_ query: Query<Entity> = .all) async throws -> [Entity] {
        try await findAll(query, sort: [])
    }

    public func save(_ entity: Entity) async throws {
        try await save([entity])
    }

    /// Deletes in one transaction; ids that do not exist are ignored. Returns the ids deleted.
    @discardableResult
    public func delete(ids: [Entity.ID]) async throws -> [Entity.ID] {
        try await delete(ids: ids, matching: .all)
    }

    /// Whether there was one to delete.
    @discardableResult
    public func delete(id: Entity.ID) async throws -> Bool {
        try await !delete(ids: [id], matching: .all).isEmpty
    }
}

/// What a store refuses whatever its backend.
public enum RepositoryError: LocalizedError, Equatable, RetryAwareError {
    /// The entity a change was for is no longer stored: another program, or another screen,
    /// removed it after this one showed it.
    case removedElsewhere

    public var errorDescription: String? {
        switch self {
        case .removedElsewhere: "this item was removed elsewhere (by another program or screen), so nothing was changed"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .removedElsewhere: "The screen now shows what is stored; add it again if you still want it."
        }
    }

    public var canRetry: Bool { false }
}

/// A repository held in memory: the reference backend, used by sandboxes and tests,
/// and by the app when it has no durable store.
public actor InMemoryRepository<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
    private var entities: [Entity]

    public init(_ entities: [Entity] = []) {
        self.entities = entities
    }

    public func find(id: Entity.ID) -> Entity? {
        entities.first { $0.id == id }
    }

    public func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) -> [Entity] {
        query.results(in: entities, sortedBy: sort)
    }

    public func save(_ newEntities: [Entity]) {
        for entity in newEntities {
            if let index = entities.firstIndex(where: { $0.id == entity.id }) {
                entities[index] = entity
            } else {
                entities.append(entity)
            }
        }
    }

    @discardableResult
    public func delete(ids: [Entity.ID], matching query: Query<Entity>) -> [Entity.ID] {
        let doomed = Set(ids)
        let deleted = Set(entities.filter { doomed.contains($0.id) && query.matches($0) }.map(\.id))
        entities.removeAll { deleted.contains($0.id) }
        return ids.filter(deleted.contains)
    }

    public func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) throws(RepositoryError) -> Entity {
        guard let index = entities.firstIndex(where: { $0.id == id }) else { throw .removedElsewhere }
        change(&entities[index])
        return entities[index]
    }

    public func update<Result: Sendable>(
        _ query: Query<Entity>, numbering order: Entity.Field, doing what: String, _ change: @Sendable (inout [Entity], Int) -> Result
    ) -> Result {
        var matching = entities.filter(query.matches)
        let before = Set(matching.map(\.id))
        let result = change(&matching, nextNumber(of: order))
        let after = Set(matching.map(\.id))
        delete(ids: Array(before.subtracting(after)), matching: .all)
        save(matching)
        return result
    }

    public func append(_ newEntities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) -> [Entity] {
        let next = nextNumber(of: order)
        var placed = newEntities
        for index in placed.indices { place(&placed[index], next + index) }
        save(placed)
        return placed
    }

    /// One past the largest integer value of `order` stored; 0 when there is none.
    private func nextNumber(of order: Entity.Field) -> Int {
        let last = entities.lazy.compactMap { entity -> Int? in
            if case .integer(let number) = entity.value(of: order) { number } else { nil }
        }.max()
        return (last ?? -1) + 1
    }
}
