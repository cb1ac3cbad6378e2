/// One interface to find, list, save and delete, whatever the backend (the Repository pattern):
/// memory in tests and sandboxes, SQLite in the app, a web API for recipes.
/// Use it as `any Repository<ShoppingItem>`.
public protocol Repository<Entity>: Sendable {
    associatedtype Entity: Identifiable & Queryable where Entity.ID: Sendable

    func find(id: Entity.ID) async throws -> Entity?
    func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity]
    /// Inserts or replaces, all in one transaction: either every entity is saved or none.
    func save(_ entities: [Entity]) async throws
    /// Deletes in one transaction; ids that do not exist are ignored.
    func delete(ids: [Entity.ID]) async throws
    /// Saves new entities after every stored one, in the order given: `place` sets each one's
    /// `order` to the next number, one past the largest stored, read in the same transaction as
    /// the save. So entities appended at the same time (by two screens, or two programs on one
    /// database) never share a place, and the order is the order they were saved in. Returns
    /// them as saved.
    func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
}

extension Repository {
    public func findAll(_ query: Query<Entity> = .all) async throws -> [Entity] {
        try await findAll(query, sort: [])
    }

    public func save(_ entity: Entity) async throws {
        try await save([entity])
    }

    public func delete(id: Entity.ID) async throws {
        try await delete(ids: [id])
    }
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
        entities.filter(query.matches).sorted(by: sort)
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

    public func delete(ids: [Entity.ID]) {
        let doomed = Set(ids)
        entities.removeAll { doomed.contains($0.id) }
    }

    public func append(_ newEntities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) -> [Entity] {
        let last = entities.lazy.compactMap { entity -> Int? in
            if case .integer(let number) = entity.value(of: order) { number } else { nil }
        }.max()
        var placed = newEntities
        for index in placed.indices { place(&placed[index], (last ?? -1) + 1 + index) }
        save(placed)
        return placed
    }
}
