/// One interface to find, list, save and delete, whatever the backend (seed 003):
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
}
