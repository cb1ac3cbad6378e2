import Core

/// A store that waits `delay` on the clock before every call, then answers as `base` does: the
/// `slow` scenario's stores, so screens that only read stores show their loading state too.
public struct SlowRepository<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
    public let base: any Repository<Entity>
    public let delay: Duration
    /// What the delay is slept on: in sandboxes and the gallery, time a script can hold.
    public let clock: any WallClock

    public init(_ base: any Repository<Entity>, delay: Duration, clock: any WallClock) {
        self.base = base
        self.delay = delay
        self.clock = clock
    }

    public func find(id: Entity.ID) async throws -> Entity? {
        try await clock.sleep(for: delay)
        return try await base.find(id: id)
    }

    public func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] {
        try await clock.sleep(for: delay)
        return try await base.findAll(query, sort: sort)
    }

    public func save(_ entities: [Entity]) async throws {
        try await clock.sleep(for: delay)
        try await base.save(entities)
    }

    public func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID] {
        try await clock.sleep(for: delay)
        return try await base.delete(ids: ids, matching: query)
    }

    public func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity {
        try await clock.sleep(for: delay)
        return try await base.update(id: id, change)
    }

    public func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    {
        try await clock.sleep(for: delay)
        return try await base.append(entities, numbering: order, place)
    }

    public func update<Result: Sendable>(
        _ query: Query<Entity>, numbering order: Entity.Field, doing what: String, _ change: @Sendable (inout [Entity], Int) -> Result
    ) async throws -> Result {
        try await clock.sleep(for: delay)
        return try await base.update(query, numbering: order, doing: what, change)
    }
}
