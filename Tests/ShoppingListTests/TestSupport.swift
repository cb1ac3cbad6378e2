import Core
import Foundation

/// A store error that says what happened in words, as `LocalizedError`s do.
struct DiskFull: LocalizedError, Equatable {
    var errorDescription: String? { "the disk is full" }
    var recoverySuggestion: String? { "Free some space and try again." }
}

/// An in-memory store that can be told to fail reads or writes with `DiskFull`, as a full
/// disk or a locked database would, and records every `delete(ids:)` call.
actor TestRepository<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
    private let base: InMemoryRepository<Entity>
    private var failsReads: Bool
    private var failsWrites: Bool
    /// The ids of every successful `delete(ids:)` call, one entry a call.
    private(set) var deleteCalls: [[Entity.ID]] = []

    init(_ entities: [Entity] = [], failsReads: Bool = false, failsWrites: Bool = false) {
        base = InMemoryRepository(entities)
        self.failsReads = failsReads
        self.failsWrites = failsWrites
    }

    func setFailing(reads: Bool, writes: Bool) {
        failsReads = reads
        failsWrites = writes
    }

    func find(id: Entity.ID) async throws -> Entity? {
        if failsReads { throw DiskFull() }
        return await base.find(id: id)
    }

    func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] {
        if failsReads { throw DiskFull() }
        return await base.findAll(query, sort: sort)
    }

    func save(_ entities: [Entity]) async throws {
        if failsWrites { throw DiskFull() }
        await base.save(entities)
    }

    func delete(ids: [Entity.ID]) async throws {
        if failsWrites { throw DiskFull() }
        deleteCalls.append(ids)
        await base.delete(ids: ids)
    }

    /// What is stored, ignoring failures: what the user would find after a restart.
    func stored(sort: [Sort<Entity>] = []) async -> [Entity] {
        await base.findAll(.all, sort: sort)
    }
}
