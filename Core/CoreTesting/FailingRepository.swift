import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A store that cannot be used: every call throws `error`. The `failure` scenario uses it
/// (`StubStoreError.unavailable`), so features that only touch stores show their error state too.
public struct FailingRepository<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
    public let error: StubStoreError

    public init(error: StubStoreError = .unavailable) {
        self.error = error
    }

    public func find(id: Entity.ID) async throws -> Entity? { throw error }
    public func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] { throw error }
    public func save(_ entities: [Entity]) async throws { throw error }
    public func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID] { throw error }
    public func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity { throw error }
    public func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    { throw error }
    public func update<Result: Sendable>(
        _ query: Query<Entity>, numbering order: Entity.Field, doing what: String, _ change: @Sendable (inout [Entity], Int) -> Result
    ) async throws -> Result {
        throw error
    }
}

/// What the stub stores throw. Each says what happened and what to do, in words, as the
/// app's own store errors do.
public enum StubStoreError: LocalizedError, Equatable {
    /// The sandbox's `failure` scenario.
    case unavailable
    /// A write or read that fails as on a full disk: for tests of what a screen says.
    case diskFull
    /// A disk that gave out after the store was read: the sandboxes' `failing-disk` scenarios.
    case diskFailing

    public var errorDescription: String? {
        switch self {
        case .unavailable: "the local store cannot be opened"
        case .diskFull: "the disk is full"
        case .diskFailing: "the disk holding the store is failing"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .unavailable: "This is the sandbox's “failure” scenario; run without --scenario to use working stores."
        case .diskFull: "Free some space and try again."
        case .diskFailing: "This is the sandbox's “failing-disk” scenario; run without --scenario to use working stores."
        }
    }
}
