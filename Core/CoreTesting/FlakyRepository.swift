import Core

/// An in-memory store that can be told to fail reads or writes with `StubStoreError.diskFull`,
/// as a full disk or a locked database would, and records every `delete(ids:)` call.
public actor FlakyRepository<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
    private let base: InMemoryRepository<Entity>
    private var failsReads: Bool
    private var failsWrites: Bool
    /// The ids of every successful `delete(ids:)` call, one entry a call.
    public private(set) var deleteCalls: [[Entity.ID]] = []

    public init(_ entities: [Entity] = [], failsReads: Bool = false, failsWrites: Bool = false) {
        base = InMemoryRepository(entities)
        self.failsReads = failsReads
        self.failsWrites = failsWrites
    }

    public func setFailing(reads: Bool, writes: Bool) {
        failsReads = reads
        failsWrites = writes
    }

    public func find(id: Entity.ID) async throws -> Entity? {
        if failsReads { throw StubStoreError.diskFull }
        return await base.find(id: id)
    }

    public func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] {
        if failsReads { throw StubStoreError.diskFull }
        return await base.findAll(query, sort: sort)
    }

    public func save(_ entities: [Entity]) async throws {
        if failsWrites { throw StubStoreError.diskFull }
        await base.save(entities)
    }

    public func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID] {
        if failsWrites { throw StubStoreError.diskFull }
        deleteCalls.append(ids)
        return await base.delete(ids: ids, matching: query)
    }

    public func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity {
        if failsWrites { throw StubStoreError.diskFull }
        return try await base.update(id: id, change)
    }

    public func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    {
        if failsWrites { throw StubStoreError.diskFull }
        return await base.append(entities, numbering: order, place)
    }

    public func update<Result: Sendable>(
        _ query: Query<Entity>, numbering order: Entity.Field, doing what: String, _ change: @Sendable (inout [Entity], Int) -> Result
    ) async throws -> Result {
        if failsWrites || failsReads { throw StubStoreError.diskFull }
        return await base.update(query, numbering: order, doing: what, change)
    }

    /// What is stored, ignoring failures: what the user would find after a restart.
    public func stored(sort: [Sort<Entity>] = []) async -> [Entity] {
        await base.findAll(.all, sort: sort)
    }
}
