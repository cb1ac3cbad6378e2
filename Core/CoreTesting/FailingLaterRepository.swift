import Core

/// A store on a disk that is going: it answers its first `reads` reads from `base`, and every read
/// after those fails with `error`; changes fail from the start when `changesFail`, else they
/// reach `base`. Sandbox scenarios use it to show a screen whose store gave out after it opened
/// (a change refused, then the list that cannot be read again).
public actor FailingLaterRepository<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
    private let base: any Repository<Entity>
    private var readsLeft: Int
    private let changesFail: Bool
    private let error: StubStoreError

    public init(_ base: any Repository<Entity>, reads: Int, changesFail: Bool, error: StubStoreError = .diskFailing) {
        self.base = base
        readsLeft = reads
        self.changesFail = changesFail
        self.error = error
    }

    private func read() throws(StubStoreError) {
        guard readsLeft > 0 else { throw error }
        readsLeft -= 1
    }

    private func change() throws(StubStoreError) {
        if changesFail { throw error }
    }

    public func find(id: Entity.ID) async throws -> Entity? {
        try read()
        return try await base.find(id: id)
    }

    public func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] {
        try read()
        return try await base.findAll(query, sort: sort)
    }

    public func save(_ entities: [Entity]) async throws {
        try change()
        try await base.save(entities)
    }

    public func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID] {
        try change()
        return try await base.delete(ids: ids, matching: query)
    }

    public func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity {
        try self.change()
        return try await base.update(id: id, change)
    }

    public func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    {
        try change()
        return try await base.append(entities, numbering: order, place)
    }

    public func update<Result: Sendable>(
        _ query: Query<Entity>, numbering order: Entity.Field, doing what: String, _ change: @Sendable (inout [Entity], Int) -> Result
    ) async throws -> Result {
        try self.change()
        return try await base.update(query, numbering: order, doing: what, change)
    }
}
