import Core
import TerminalRunner

/// A store of the person's data (favorites, the shopping list, kitchen preferences) that counts the changes it does not keep: every change when
/// the store is in memory, and every change the store refuses (locked, read-only, disk full).
/// The runner says how many at the end and exits with status 4 (`RunNotices`), so no script
/// reports success for changes that were lost. Reads pass straight through.
struct UnsavedChangeCounting<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
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
        try await counted { try await base.save(entities) }
    }

    func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID] {
        guard !ids.isEmpty else { return [] }
        return try await counted { try await base.delete(ids: ids, matching: query) }
    }

    func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity {
        try await counted { try await base.update(id: id, change) }
    }

    func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    {
        guard !entities.isEmpty else { return [] }
        return try await counted { try await base.append(entities, numbering: order, place) }
    }

    private func counted<Result>(_ change: () async throws -> Result) async throws -> Result {
        let result: Result
        do {
            result = try await change()
        } catch RepositoryError.removedElsewhere {
            // Nothing of the person's is lost: what the change was for is gone, and the screen says so.
            throw RepositoryError.removedElsewhere
        } catch {
            notices.recordUnsavedChange()
            throw error
        }
        if isMemoryOnly { notices.recordUnsavedChange() }
        return result
    }
}
