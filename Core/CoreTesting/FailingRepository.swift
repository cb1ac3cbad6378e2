import Core
import Foundation

/// A store that cannot be used: every call throws `StubStoreError.unavailable`. The
/// `failure` scenario uses it, so features that only touch stores show their error state too.
public struct FailingRepository<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
    public init() {}

    public func find(id: Entity.ID) async throws -> Entity? { throw StubStoreError.unavailable }
    public func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] { throw StubStoreError.unavailable }
    public func save(_ entities: [Entity]) async throws { throw StubStoreError.unavailable }
    public func delete(ids: [Entity.ID]) async throws { throw StubStoreError.unavailable }
}

public enum StubStoreError: LocalizedError, Equatable {
    case unavailable

    public var errorDescription: String? { "the local store cannot be opened" }
    public var recoverySuggestion: String? { "This is the sandbox's “failure” scenario; run without --scenario to use working stores." }
}
